import { badRequest } from '@tessera/shared/errors';
import { table } from 'arquero';
import {
  type Cell,
  columnView,
  FLAT_COLUMN_SEPARATOR,
  type Frame,
  frameOf,
  rowCount,
} from './frame.ts';
import { groupRows } from './grouping.ts';
import { reduceGroups } from './groupReduce.ts';
import { reducer } from './stats.ts';

/** aggregate and pivot: group rows by key columns and reduce each aggregate over the group. */

type Options = Record<string, unknown>;

interface AggregateSpec {
  name: string;
  column: string;
  /** A name of `REDUCERS`, checked. */
  operator: string;
  options: Record<string, unknown>;
}

function specs(raw: unknown): AggregateSpec[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return Object.entries(raw as Record<string, Record<string, unknown> | null>).map(
    ([name, spec]) => {
      reducer(spec?.operator, name);
      return {
        name,
        column: typeof spec?.column === 'string' ? spec.column : name,
        operator: String(spec?.operator),
        options: (spec?.options ?? {}) as Record<string, unknown>,
      };
    },
  );
}

const stringList = (raw: unknown): string[] =>
  raw === undefined || raw === null ? [] : (Array.isArray(raw) ? raw : [raw]).map(String);

export function aggregate(frame: Frame, options: Options): Frame {
  const groupby = stringList(options.groupby);
  const aggregates = specs(options.aggregates);
  const keys = groupby.map((name) => columnView(frame, name));
  const groups = groupRows(keys, rowCount(frame), { dropMissing: true });
  const out = new Map<string, Cell[]>(
    groupby.map((name, i) => [name, groups.keys.map((key) => key[i] as Cell)]),
  );
  for (const spec of aggregates) {
    const values = columnView(frame, spec.column);
    out.set(
      spec.name,
      reduceGroups(spec.operator, values, groups.groupOfRow, groups.keys.length, spec.options),
    );
  }
  return frameOf(out);
}

export function pivot(frame: Frame, options: Options): Frame {
  const index = stringList(options.index);
  const columns = stringList(options.columns);
  const aggregates = specs(options.aggregates);
  if (index.length === 0) throw badRequest('Pivot operation requires at least one index');
  if (aggregates.length === 0)
    throw badRequest('Pivot operation must include at least one aggregate');
  const fill =
    options.column_fill_value === undefined ? '<NULL>' : (options.column_fill_value as Cell);
  const metricFill = (options.metric_fill_value ?? null) as Cell;
  const combineWithMetric = options.combine_value_with_metric === true;
  const margins = options.marginal_distributions === true;
  const marginName = String(options.marginal_distribution_name ?? 'All');
  const n = rowCount(frame);

  const indexKeys = index.map((name) => columnView(frame, name));
  const columnKeys = columns.map((name) => columnView(frame, name));
  const rowGroups = groupRows(indexKeys, n, { dropMissing: true });
  // Combinations are observed over every row, those with a missing index value included.
  // The columns are the combinations that occur, sorted, whatever `drop_missing_columns` says:
  // pandas would spread every combination of each level's values when it is false, and Superset
  // drops again those absent from the data, so a series limit of 5 answers 5 series.
  const observed = groupRows(columnKeys, n, { missingAs: fill });
  const combos = observed.keys;
  const rowsOut = rowGroups.keys.length;
  const spread = columns.length ? combos.length : 1;

  // Each row's cell of the wide table (row group x combination), and its combination alone for
  // the margin row; -1 for rows without an index value. Without margins the row groups are not
  // read again, so their array takes the cells in place.
  const cellOfRow = margins ? new Int32Array(n) : rowGroups.groupOfRow;
  const comboOfRow = margins ? new Int32Array(n) : null;
  const rowsOfCell = new Int32Array(rowsOut * spread);
  for (let row = 0; row < n; row++) {
    const group = rowGroups.groupOfRow[row] as number;
    const combo = columns.length ? (observed.groupOfRow[row] as number) : 0;
    const cell = group < 0 ? -1 : group * spread + combo;
    cellOfRow[row] = cell;
    if (cell >= 0) rowsOfCell[cell]++;
    if (comboOfRow) comboOfRow[row] = group < 0 ? -1 : combo;
  }

  const out = new Map<string, Cell[]>();
  const levels = new Map<string, string[]>();
  index.forEach((name, i) => {
    const values = rowGroups.keys.map((key) => key[i] as Cell);
    if (margins) values.push(i === 0 ? marginName : '');
    out.set(name, values);
  });
  const filled = (cell: Cell) => (cell === null ? metricFill : cell);
  const addColumn = (label: string[], cells: Cell[]) => {
    const name = label.join(FLAT_COLUMN_SEPARATOR);
    out.set(name, cells.map(filled));
    if (label.length > 1) levels.set(name, label);
  };
  for (const spec of aggregates) {
    const values = columnView(frame, spec.column);
    const reduce = (groupOfRow: Int32Array, groups: number) =>
      reduceGroups(spec.operator, values, groupOfRow, groups, spec.options);
    const cells = reduceGroups(
      spec.operator,
      values,
      cellOfRow,
      rowsOut * spread,
      spec.options,
      rowsOfCell,
    );
    const marginRow = comboOfRow ? reduce(comboOfRow, spread) : [];
    const labelOf = (parts: string[]) =>
      combineWithMetric ? [...parts, spec.name] : [spec.name, ...parts];
    for (let combo = 0; combo < spread; combo++) {
      const target = Array.from({ length: rowsOut }, (_, r) => cells[r * spread + combo] as Cell);
      if (margins) target.push(marginRow[combo] as Cell);
      addColumn(labelOf(columns.length ? (combos[combo] as Cell[]).map(String) : []), target);
    }
    if (comboOfRow && columns.length) {
      const marginColumn = reduce(rowGroups.groupOfRow, rowsOut);
      const everyRow = comboOfRow.map((combo) => (combo < 0 ? -1 : 0));
      marginColumn.push(reduce(everyRow, 1)[0] as Cell);
      addColumn(labelOf([marginName, ...columns.slice(1).map(() => '')]), marginColumn);
    }
  }
  return { table: table(out), index, levels };
}
