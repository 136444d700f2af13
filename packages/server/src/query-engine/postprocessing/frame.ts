import { badRequest } from '@tessera/shared/errors';
import type { RecordBatch } from 'apache-arrow';
import { type ColumnTable, table } from 'arquero';

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

/** Separator of pivoted column levels (Superset's FLAT_COLUMN_SEPARATOR). */
export const FLAT_COLUMN_SEPARATOR = ', ';

export function frameOf(columns: Map<string, Cell[]>, index: string[] = []): Frame {
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

export function frameFromBatches(names: string[], batches: RecordBatch[]): Frame {
  const columns = new Map<string, Cell[]>(names.map((name) => [name, []]));
  for (const batch of batches) {
    names.forEach((name, i) => {
      const vector = batch.getChildAt(i);
      const out = columns.get(name) as Cell[];
      for (let row = 0; row < batch.numRows; row++) out.push(cellOf(vector?.get(row)));
    });
  }
  return frameOf(columns);
}

export function columnNames(frame: Frame): string[] {
  return frame.table.columnNames();
}

export function column(frame: Frame, name: string): Cell[] {
  if (!frame.table.columnNames().includes(name)) {
    throw badRequest(`Referenced columns not available in DataFrame: ${name}`);
  }
  return Array.from(frame.table.array(name) as ArrayLike<Cell>);
}

export function columnsOf(frame: Frame): Map<string, Cell[]> {
  return new Map(columnNames(frame).map((name) => [name, column(frame, name)]));
}

export function withColumns(
  frame: Frame,
  columns: Map<string, Cell[]>,
  index = frame.index,
): Frame {
  const levels = new Map([...frame.levels].filter(([name]) => columns.has(name)));
  return { table: table(columns), index: index.filter((i) => columns.has(i)), levels };
}

export function levelsOf(frame: Frame, name: string): string[] {
  return frame.levels.get(name) ?? [name];
}

const isNumber = (v: Cell): v is number => typeof v === 'number';

/** Columns holding numbers only (nulls allowed), index columns excluded. */
export function numericColumns(frame: Frame): string[] {
  return columnNames(frame).filter((name) => {
    if (frame.index.includes(name)) return false;
    const values = column(frame, name);
    return values.some(isNumber) && values.every((v) => v === null || isNumber(v));
  });
}

export function rowsOf(frame: Frame): Array<Record<string, Cell>> {
  return frame.table.objects() as Array<Record<string, Cell>>;
}

/** `{source: target}` options of rolling/cum/diff; a list means each column onto itself. */
export function columnMapping(raw: unknown, frame: Frame): Array<[string, string]> {
  if (raw === undefined || raw === null) return numericColumns(frame).map((c) => [c, c]);
  if (Array.isArray(raw)) return raw.map((c) => [String(c), String(c)]);
  if (typeof raw === 'object') {
    return Object.entries(raw as Record<string, unknown>).map(([s, t]) => [s, String(t ?? s)]);
  }
  throw badRequest('columns must be a mapping of source to target columns');
}
