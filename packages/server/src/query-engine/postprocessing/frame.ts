import { badRequest } from '@tessera/shared/errors';
import { DataType, type RecordBatch } from 'apache-arrow';
import { type ColumnTable, table } from 'arquero';
import { NumberColumn, NumberColumnBuilder } from './numberColumn.ts';

/**
 * The table post-processing works on: an arquero table whose cells are numbers, strings,
 * booleans or null (temporal cells as epoch milliseconds of the wall time), the names of its
 * index columns (pandas' index, which pivot sets and flatten keeps as columns), and the levels
 * of multi-level column names that pivot produces until flatten joins them.
 */
export interface Frame {
  table: ColumnTable;
  index: string[];
  /** Column -> its levels, for columns named by more than one level. */
  levels: Map<string, string[]>;
}

export type Cell = number | string | boolean | null;

/**
 * A column as the table holds it: an array of cells, or a `NumberColumn` (typed arrays). Read
 * it with `at` and `length` (or iterate it), never by `[row]`.
 */
export interface CellColumn {
  readonly length: number;
  at(row: number): Cell | undefined;
  [Symbol.iterator](): Iterator<Cell>;
}

/** Separator of pivoted column levels (Superset's FLAT_COLUMN_SEPARATOR). */
export const FLAT_COLUMN_SEPARATOR = ', ';

export function frameOf(columns: Map<string, CellColumn>, index: string[] = []): Frame {
  return { table: table(columns), index, levels: new Map() };
}

/** Arrow cells as frame cells: bigint -> number, Date -> ms, nested -> JSON text. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.getTime();
  return JSON.stringify(value);
}

/** An Arrow column of integers or floats, read into typed arrays (cells as `cellOf` makes them). */
function numberColumnOf(batches: RecordBatch[], i: number): NumberColumn {
  const rows = batches.reduce((sum, batch) => sum + batch.numRows, 0);
  const out = new NumberColumnBuilder(rows);
  let at = 0;
  for (const batch of batches) {
    const vector = batch.getChildAt(i);
    for (let row = 0; row < batch.numRows; row++, at++) {
      out.set(at, cellOf(vector?.get(row)) as number | null);
    }
  }
  return out.build();
}

/**
 * The query's Arrow batches as a frame: numeric columns as `NumberColumn`s (typed arrays, a
 * third of the heap of boxed numbers), the others as arrays of cells.
 */
export function frameFromBatches(names: string[], batches: RecordBatch[]): Frame {
  const fields = batches[0]?.schema.fields ?? [];
  const columns = new Map<string, CellColumn>();
  names.forEach((name, i) => {
    const type = fields[i]?.type;
    if (type && (DataType.isInt(type) || DataType.isFloat(type))) {
      columns.set(name, numberColumnOf(batches, i));
      return;
    }
    const cells: Cell[] = [];
    for (const batch of batches) {
      const vector = batch.getChildAt(i);
      for (let row = 0; row < batch.numRows; row++) cells.push(cellOf(vector?.get(row)));
    }
    columns.set(name, cells);
  });
  return frameOf(columns);
}

export function columnNames(frame: Frame): string[] {
  return frame.table.columnNames();
}

/**
 * A column's cells as the table holds them, without a copy: operations read whole columns of
 * large frames, and every copy of a 1M-row column costs time and tens of MB of heap. Read-only:
 * frames share unchanged columns with the frames they were made from.
 *
 * Views are read with `.at(row)`: a `NumberColumn` has no `[row]`, and a `[row]` read that
 * has seen both an all-number array and one holding nulls or text makes V8's optimiser convert
 * the number arrays in place to the generic kind (each number boxed), which grows the caller's
 * own frame by ~16 MB per 1M-row column. Numeric loops read a `numericView` instead.
 */
export function columnView(frame: Frame, name: string): CellColumn {
  const { table } = frame;
  // By the list of names: a name such as `constructor` must not find what the data inherits.
  if (table.columnIndex(name) < 0) {
    throw badRequest(`Referenced columns not available in DataFrame: ${name}`);
  }
  const stored = table.column(name) as CellColumn;
  // A filtered or ordered table reads through its row indices; only then is a copy needed.
  if (table.isFiltered() || table.isOrdered()) return table.array(name) as Cell[];
  return stored;
}

/** Every column, in order, as views (see `columnView`). */
export function columnViews(frame: Frame): Map<string, CellColumn> {
  return new Map(columnNames(frame).map((name) => [name, columnView(frame, name)]));
}

/** Rows `from`.. of a column, as a column of the same kind. */
export function sliceColumn(values: CellColumn, from: number): CellColumn {
  if (values instanceof NumberColumn) return values.slice(from);
  const out = new Array<Cell>(Math.max(0, values.length - from));
  for (let row = from; row < values.length; row++) out[row - from] = values.at(row) as Cell;
  return out;
}

/** A column's cells as a new array the caller may change. */
export function column(frame: Frame, name: string): Cell[] {
  const values = columnView(frame, name);
  const cells = new Array<Cell>(values.length);
  for (let row = 0; row < values.length; row++) cells[row] = values.at(row) as Cell;
  return cells;
}

/** Every column as a new array the caller may change. */
export function columnsOf(frame: Frame): Map<string, Cell[]> {
  return new Map(columnNames(frame).map((name) => [name, column(frame, name)]));
}

export function rowCount(frame: Frame): number {
  return frame.table.numRows();
}

export function withColumns(
  frame: Frame,
  columns: Map<string, CellColumn>,
  index = frame.index,
): Frame {
  const levels = new Map([...frame.levels].filter(([name]) => columns.has(name)));
  return { table: table(columns), index: index.filter((i) => columns.has(i)), levels };
}

export function levelsOf(frame: Frame, name: string): string[] {
  return frame.levels.get(name) ?? [name];
}

/** Numbers only (nulls allowed, at least one number): what pandas treats as a numeric column. */
function isNumericColumn(values: CellColumn): boolean {
  if (values instanceof NumberColumn) {
    return values.missing === null ? values.length > 0 : values.missing.includes(0);
  }
  const cells = values as ReadonlyArray<Cell>;
  let sawNumber = false;
  for (let row = 0; row < cells.length; row++) {
    const value = cells.at(row);
    if (typeof value === 'number') sawNumber = true;
    else if (value !== null) return false;
  }
  return sawNumber;
}

/** Columns holding numbers only (nulls allowed), index columns excluded. */
export function numericColumns(frame: Frame): string[] {
  return columnNames(frame).filter(
    (name) => !frame.index.includes(name) && isNumericColumn(columnView(frame, name)),
  );
}

export function rowsOf(frame: Frame): Array<Record<string, Cell>> {
  return frame.table.objects() as Array<Record<string, Cell>>;
}

/**
 * The columns a name stands for, each with its levels after the first: the column of that name,
 * or after a pivot every column whose first level is the name (pandas' `df.loc[:, [name]]` on
 * multi-level columns), so operations after a pivot with a dimension act per series.
 */
export function columnsUnder(frame: Frame, name: string): Array<[string, string[]]> {
  if (frame.table.columnIndex(name) >= 0 && !frame.levels.has(name)) return [[name, []]];
  const found: Array<[string, string[]]> = [];
  for (const column of columnNames(frame)) {
    const levels = frame.levels.get(column);
    if (levels && levels[0] === name) found.push([column, levels.slice(1)]);
  }
  if (found.length === 0) {
    throw badRequest(`Referenced columns not available in DataFrame: ${name}`);
  }
  return found;
}

/** A column's name and levels with its first level replaced (see `columnsUnder`). */
export function underName(first: string, rest: readonly string[]): [string, string[]] {
  const levels = [first, ...rest];
  return [levels.join(FLAT_COLUMN_SEPARATOR), levels];
}

/** A source column, the column its result goes to, and that column's levels. */
export type ColumnTarget = [source: string, target: string, levels: string[]];

/**
 * `{source: target}` options of rolling/cum/diff; a list means each column onto itself. After a
 * pivot a name stands for every series under it (`columnsUnder`), each written to its own
 * series under the target name.
 */
export function columnMapping(raw: unknown, frame: Frame): ColumnTarget[] {
  let pairs: Array<[string, string]>;
  if (raw === undefined || raw === null) {
    return numericColumns(frame).map((c) => [c, c, levelsOf(frame, c)]);
  }
  if (Array.isArray(raw)) pairs = raw.map((c) => [String(c), String(c)]);
  else if (typeof raw === 'object') {
    pairs = Object.entries(raw as Record<string, unknown>).map(([s, t]) => [s, String(t ?? s)]);
  } else throw badRequest('columns must be a mapping of source to target columns');
  return pairs.flatMap(([source, target]) =>
    columnsUnder(frame, source).map(([column, rest]): ColumnTarget => {
      const [name, levels] = underName(target, rest);
      return [column, name, levels];
    }),
  );
}
