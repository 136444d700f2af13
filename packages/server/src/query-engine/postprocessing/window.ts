import { badRequest } from '@tessera/shared/errors';
import {
  type Cell,
  column,
  columnMapping,
  columnsOf,
  type Frame,
  numericColumns,
  withColumns,
} from './frame.ts';
import { REDUCERS } from './stats.ts';

/** Row-wise operations down columns: rolling, cum, diff, compare, contribution. */

type Options = Record<string, unknown>;

const num = (v: Cell): number | null => (typeof v === 'number' && !Number.isNaN(v) ? v : null);

/** Writes each target column in place (or appends it), keeping the order of the rest. */
function assign(frame: Frame, results: Array<[string, Cell[]]>): Frame {
  const columns = columnsOf(frame);
  for (const [name, values] of results) columns.set(name, values);
  return withColumns(frame, columns);
}

function sliceRows(frame: Frame, from: number): Frame {
  if (from <= 0) return frame;
  return withColumns(frame, new Map([...columnsOf(frame)].map(([n, v]) => [n, v.slice(from)])));
}

const ROLLING = ['mean', 'sum', 'std', 'median', 'var', 'count', 'min', 'max', 'cumsum'];

export function rolling(frame: Frame, options: Options): Frame {
  const type = String(options.rolling_type ?? '');
  if (!ROLLING.includes(type)) throw badRequest(`Invalid rolling_type: ${type}`);
  if (type === 'cumsum') return cum(frame, { operator: 'sum', columns: options.columns });
  if (options.window === undefined || options.window === null) {
    throw badRequest('Undefined window for rolling operation');
  }
  const window = Number(options.window);
  if (!Number.isInteger(window) || window <= 0) throw badRequest('Window must be > 0');
  const given = options.min_periods !== undefined && options.min_periods !== null;
  // pandas' default: a value only once the window is full.
  const minPeriods = given ? Number(options.min_periods) : window;
  if (!Number.isInteger(minPeriods) || minPeriods < 0)
    throw badRequest('min_periods must be a non-negative integer');
  const reduce = REDUCERS[type] as (values: Cell[]) => Cell;
  const results = columnMapping(options.columns, frame).map(
    ([source, target]): [string, Cell[]] => {
      const values = column(frame, source);
      return [
        target,
        values.map((_, i) => {
          const slice = values.slice(Math.max(0, i - window + 1), i + 1);
          const present = slice.filter((v) => num(v) !== null).length;
          return present >= Math.max(minPeriods, 1) ? reduce(slice) : null;
        }),
      ];
    },
  );
  // The first rows cannot hold a full `min_periods`: Superset drops them rather than show the ramp-up.
  return sliceRows(assign(frame, results), given && minPeriods > 0 ? minPeriods - 1 : 0);
}

const CUM: Record<string, (acc: number, x: number) => number> = {
  sum: (a, x) => a + x,
  prod: (a, x) => a * x,
  min: (a, x) => Math.min(a, x),
  max: (a, x) => Math.max(a, x),
};

export function cum(frame: Frame, options: Options): Frame {
  const operator = String(options.operator ?? '');
  const step = CUM[operator];
  if (!step) throw badRequest(`Invalid cumulative operator: ${operator}`);
  const results = columnMapping(options.columns, frame).map(
    ([source, target]): [string, Cell[]] => {
      let acc: number | null = null;
      return [
        target,
        column(frame, source).map((v) => {
          const x = num(v);
          if (x === null) return null;
          acc = acc === null ? x : step(acc, x);
          return acc;
        }),
      ];
    },
  );
  return assign(frame, results);
}

export function diff(frame: Frame, options: Options): Frame {
  const periods = Number(options.periods ?? 1);
  if (!Number.isInteger(periods)) throw badRequest('periods must be an integer');
  const results = columnMapping(options.columns, frame).map(
    ([source, target]): [string, Cell[]] => {
      const values = column(frame, source);
      return [
        target,
        values.map((v, i) => {
          const a = num(v);
          const b = num(values[i - periods] ?? null);
          return a === null || b === null ? null : a - b;
        }),
      ];
    },
  );
  return assign(frame, results);
}

const COMPARE: Record<string, (s: number, c: number) => number | null> = {
  difference: (s, c) => s - c,
  absolute: (s, c) => s - c,
  percentage: (s, c) => (c === 0 ? null : (s - c) / c),
  ratio: (s, c) => (c === 0 ? null : s / c),
};

export function compare(frame: Frame, options: Options): Frame {
  const sources = ((options.source_columns ?? []) as unknown[]).map(String);
  const compares = ((options.compare_columns ?? []) as unknown[]).map(String);
  const type = String(options.compare_type ?? '');
  if (sources.length !== compares.length) {
    throw badRequest('`compare_columns` must have the same length as `source_columns`.');
  }
  if (type === 'values') return frame;
  const fn = COMPARE[type];
  if (!fn) throw badRequest(`Invalid compare_type: ${type}`);
  const results: Array<[string, Cell[]]> = sources.map((source, i) => {
    const other = compares[i] as string;
    const a = column(frame, source);
    const b = column(frame, other);
    const name = `${type === 'absolute' ? 'difference' : type}__${source}__${other}`;
    return [
      name,
      a.map((v, r) => {
        const s = num(v);
        const c = num(b[r] ?? null);
        return s === null || c === null ? null : fn(s, c);
      }),
    ];
  });
  let out = assign(frame, results);
  if (options.drop_original_columns === true) {
    const drop = new Set([...sources, ...compares]);
    out = withColumns(out, new Map([...columnsOf(out)].filter(([name]) => !drop.has(name))));
  }
  return out;
}

export function contribution(frame: Frame, options: Options): Frame {
  const orientation = String(options.orientation ?? 'column');
  if (orientation !== 'row' && orientation !== 'column') {
    throw badRequest(`Invalid contribution orientation: ${orientation}`);
  }
  const targets = options.columns
    ? (options.columns as unknown[]).map(String)
    : numericColumns(frame);
  const renames = options.rename_columns
    ? (options.rename_columns as unknown[]).map(String)
    : targets;
  if (renames.length !== targets.length) {
    throw badRequest(
      '`rename_columns` must have the same length as `columns` + `time_shift_columns`.',
    );
  }
  for (const name of targets) column(frame, name);
  const values = targets.map((name) => column(frame, name).map(num));
  const n = frame.table.numRows();
  let results: Array<[string, Cell[]]>;
  if (orientation === 'column') {
    results = values.map((col, i) => {
      const total = col.reduce<number>((s, x) => s + (x ?? 0), 0);
      return [renames[i] as string, col.map((x) => (x === null || total === 0 ? null : x / total))];
    });
  } else {
    const totals = Array.from({ length: n }, (_, r) =>
      values.reduce((s, col) => s + (col[r] ?? 0), 0),
    );
    results = values.map((col, i) => [
      renames[i] as string,
      col.map((x, r) => (x === null || totals[r] === 0 ? null : x / (totals[r] as number))),
    ]);
  }
  return assign(frame, results);
}
