import { badRequest } from '@tessera/shared/errors';
import { table } from 'arquero';
import { type Cell, column, FLAT_COLUMN_SEPARATOR, type Frame, frameOf } from './frame.ts';
import { compareKeys, groupRows, reducer } from './stats.ts';

/** aggregate and pivot: group rows by key columns and reduce each aggregate over the group. */

type Options = Record<string, unknown>;

interface AggregateSpec {
  name: string;
  column: string;
  reduce: (values: Cell[]) => Cell;
}

function specs(raw: unknown): AggregateSpec[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return Object.entries(raw as Record<string, Record<string, unknown> | null>).map(
    ([name, spec]) => {
      const fn = reducer(spec?.operator, name);
      const options = (spec?.options ?? {}) as Record<string, unknown>;
      return {
        name,
        column: typeof spec?.column === 'string' ? spec.column : name,
        reduce: (values) => fn(values, options),
      };
    },
  );
}

const stringList = (raw: unknown): string[] =>
  raw === undefined || raw === null ? [] : (Array.isArray(raw) ? raw : [raw]).map(String);

export function aggregate(frame: Frame, options: Options): Frame {
  const groupby = stringList(options.groupby);
  const aggregates = specs(options.aggregates);
  const keys = groupby.map((name) => column(frame, name));
  const groups = groupRows(keys, frame.table.numRows()).filter((g) =>
    g.key.every((k) => k !== null),
  );
  const out = new Map<string, Cell[]>(
    groupby.map((name, i) => [name, groups.map((g) => g.key[i] as Cell)]),
  );
  for (const spec of aggregates) {
    const values = column(frame, spec.column);
    out.set(
      spec.name,
      groups.map((g) => spec.reduce(g.rows.map((r) => values[r] as Cell))),
    );
  }
  return frameOf(out);
}

function cartesian(lists: Cell[][]): Cell[][] {
  return lists.reduce<Cell[][]>(
    (acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])),
    [[]],
  );
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
  const dropMissing = options.drop_missing_columns !== false;
  const combineWithMetric = options.combine_value_with_metric === true;
  const margins = options.marginal_distributions === true;
  const marginName = String(options.marginal_distribution_name ?? 'All');
  const n = frame.table.numRows();

  const indexKeys = index.map((name) => column(frame, name));
  const columnKeys = columns.map((name) => column(frame, name).map((v) => (v === null ? fill : v)));
  const rowGroups = groupRows(indexKeys, n).filter((g) => g.key.every((k) => k !== null));
  const observed = groupRows(columnKeys, n).map((g) => g.key);
  const combos = dropMissing
    ? observed
    : cartesian(columns.map((_, i) => [...new Set(observed.map((k) => k[i] as Cell))])).sort(
        compareKeys,
      );
  // Each row's column combination, bucketed once per row group (pivots of 1M rows stay linear).
  const comboIds = Array.from({ length: n }, (_, row) =>
    JSON.stringify(columnKeys.map((k) => k[row])),
  );
  const bucket = (rows: number[]) => {
    const byCombo = new Map<string, number[]>();
    for (const row of rows) {
      const id = comboIds[row] as string;
      const list = byCombo.get(id);
      if (list) list.push(row);
      else byCombo.set(id, [row]);
    }
    return byCombo;
  };
  const rowBuckets = rowGroups.map((g) => bucket(g.rows));

  const out = new Map<string, Cell[]>();
  const levels = new Map<string, string[]>();
  index.forEach((name, i) => {
    const values = rowGroups.map((g) => g.key[i] as Cell);
    if (margins) values.push(i === 0 ? marginName : '');
    out.set(name, values);
  });
  const cellsFor = (rows: number[], spec: AggregateSpec, values: Cell[]) => {
    if (rows.length === 0) return metricFill;
    const result = spec.reduce(rows.map((r) => values[r] as Cell));
    return result === null ? metricFill : result;
  };
  const marginRows = Array.from({ length: n }, (_, i) => i).filter((r) =>
    indexKeys.every((k) => k[r] !== null),
  );
  const marginBucket = bucket(marginRows);
  for (const spec of aggregates) {
    const values = column(frame, spec.column);
    const targets: Array<{ combo: Cell[] | null; label: string[] }> = columns.length
      ? combos.map((combo) => ({ combo, label: combo.map(String) }))
      : [{ combo: null, label: [] }];
    if (margins && columns.length)
      targets.push({ combo: null, label: [marginName, ...columns.slice(1).map(() => '')] });
    for (const target of targets) {
      const wanted = target.combo ? JSON.stringify(target.combo) : null;
      const pick = (rows: number[], byCombo: Map<string, number[]>) =>
        wanted === null ? rows : (byCombo.get(wanted) ?? []);
      const cells = rowGroups.map((g, i) =>
        cellsFor(pick(g.rows, rowBuckets[i] as Map<string, number[]>), spec, values),
      );
      if (margins) cells.push(cellsFor(pick(marginRows, marginBucket), spec, values));
      const label = combineWithMetric ? [...target.label, spec.name] : [spec.name, ...target.label];
      const name = label.join(FLAT_COLUMN_SEPARATOR);
      out.set(name, cells);
      if (label.length > 1) levels.set(name, label);
    }
  }
  return { table: table(out), index, levels };
}
