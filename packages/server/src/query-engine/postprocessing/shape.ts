import { badRequest } from '@tessera/shared/errors';
import { desc, table } from 'arquero';
import {
  type Cell,
  type CellColumn,
  columnNames,
  columnView,
  columnViews,
  FLAT_COLUMN_SEPARATOR,
  type Frame,
  levelsOf,
  rowCount,
  withColumns,
} from './frame.ts';
import { groupRows, rowsByGroup, rowsOfGroup } from './grouping.ts';
import { reorder, sortedRows } from './sortOrder.ts';
import { compareCells } from './stats.ts';

/** Operations on the shape of the table: sort, flatten, rename, select, rank. */

type Options = Record<string, unknown>;

export function sort(frame: Frame, options: Options): Frame {
  let keys: Array<[string, boolean]>;
  if (options.is_sort_index === true) {
    const ascending = options.ascending !== false;
    keys = frame.index.map((name) => [name, ascending]);
  } else if (options.by !== undefined && options.by !== null) {
    const by = (Array.isArray(options.by) ? options.by : [options.by]).map(String);
    const asc = options.ascending ?? true;
    keys = by.map((name, i) => [name, Array.isArray(asc) ? asc[i] !== false : asc !== false]);
  } else if (options.columns && typeof options.columns === 'object') {
    keys = Object.entries(options.columns as Record<string, unknown>).map(([name, asc]) => [
      name,
      asc !== false,
    ]);
  } else {
    throw badRequest('sort needs `by`, `columns` or `is_sort_index`');
  }
  if (keys.length === 0) return frame;
  const order = sortedRows(
    keys.map(([name, asc]) => [columnView(frame, name), asc]),
    rowCount(frame),
  );
  if (order) {
    const columns = columnViews(frame);
    for (const [name, values] of columns) columns.set(name, reorder(values, order));
    return { ...frame, table: table(columns) };
  }
  // Names are passed as plain column names (never expression text), so user input stays data.
  // The order is applied to the columns once here (reify), so the operations after a sort read
  // plain columns instead of going through the row order on every access.
  const ordered = frame.table
    .orderby(...keys.map(([name, asc]) => (asc ? name : desc(name))))
    .reify();
  return { ...frame, table: ordered };
}

export function flatten(frame: Frame, options: Options): Frame {
  const dropLevels = new Set(((options.drop_levels ?? []) as unknown[]).map(Number));
  const columns = new Map<string, CellColumn>();
  for (const name of columnNames(frame)) {
    const levels = levelsOf(frame, name).filter((_, i) => !dropLevels.has(i));
    columns.set(levels.join(FLAT_COLUMN_SEPARATOR), columnView(frame, name));
  }
  return { ...withColumns({ ...frame, levels: new Map() }, columns), index: frame.index };
}

export function rename(frame: Frame, options: Options): Frame {
  const mapping = (options.columns ?? {}) as Record<string, string | null>;
  const level =
    options.level === undefined || options.level === null ? null : Number(options.level);
  const columns = new Map<string, CellColumn>();
  const levels = new Map<string, string[]>();
  const index = [...frame.index];
  for (const name of columnNames(frame)) {
    let parts = [...levelsOf(frame, name)];
    const targets = level === null ? parts.map((_, i) => i) : [level];
    for (const i of targets) {
      const part = parts[i];
      if (part === undefined || !Object.hasOwn(mapping, part)) continue;
      const to = mapping[part];
      // A null target drops that level (Superset's way of hiding the metric of a single-metric pivot).
      if (to === null && parts.length > 1) parts = parts.filter((_, j) => j !== i);
      else if (to !== null && to !== undefined) parts[i] = String(to);
    }
    const renamed = parts.join(FLAT_COLUMN_SEPARATOR);
    columns.set(renamed, columnView(frame, name));
    if (parts.length > 1) levels.set(renamed, parts);
    const at = index.indexOf(name);
    if (at >= 0) index[at] = renamed;
  }
  return { ...withColumns(frame, columns, index), levels };
}

export function select(frame: Frame, options: Options): Frame {
  const names = columnNames(frame);
  const wanted = options.columns ? (options.columns as unknown[]).map(String) : names;
  const exclude = new Set(((options.exclude ?? []) as unknown[]).map(String));
  const renames = (options.rename ?? {}) as Record<string, string>;
  const missing = [...wanted, ...exclude].filter((n) => !names.includes(n));
  if (missing.length)
    throw badRequest(`Referenced columns not available in DataFrame: ${missing.join(', ')}`);
  const all = columnViews(frame);
  const columns = new Map<string, CellColumn>();
  for (const name of wanted) {
    if (exclude.has(name)) continue;
    columns.set(
      Object.hasOwn(renames, name) ? String(renames[name]) : name,
      all.get(name) as CellColumn,
    );
  }
  return withColumns(
    frame,
    columns,
    frame.index.filter((i) => columns.has(i)),
  );
}

/** Percentile rank (average method, ascending) of `metric`, within `group_by` when given. */
export function rank(frame: Frame, options: Options): Frame {
  const metric = String(options.metric ?? '');
  const values = columnView(frame, metric);
  const groupBy = options.group_by ? [columnView(frame, String(options.group_by))] : [];
  const out: Cell[] = new Array(values.length).fill(null);
  const grouping = groupRows(groupBy, values.length);
  const byGroup = rowsByGroup(grouping.groupOfRow, grouping.keys.length);
  grouping.keys.forEach((_, group) => {
    const present = Array.from(rowsOfGroup(byGroup, group)).filter(
      (r) => typeof values.at(r) === 'number',
    );
    const sorted = present.sort((a, b) => compareCells(values.at(a) as Cell, values.at(b) as Cell));
    let i = 0;
    while (i < sorted.length) {
      let j = i;
      while (
        j + 1 < sorted.length &&
        values.at(sorted[j + 1] as number) === values.at(sorted[i] as number)
      )
        j++;
      const average = (i + j + 2) / 2;
      for (let k = i; k <= j; k++) out[sorted[k] as number] = average / sorted.length;
      i = j + 1;
    }
  });
  const columns = columnViews(frame);
  columns.set('rank', out);
  return withColumns(frame, columns);
}
