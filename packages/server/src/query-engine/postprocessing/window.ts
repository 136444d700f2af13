import { badRequest } from '@tessera/shared/errors';
import {
  type CellColumn,
  columnMapping,
  columnView,
  columnViews,
  type Frame,
  numericColumns,
  rowCount,
  sliceColumn,
  withColumns,
} from './frame.ts';
import { NumberColumnBuilder, numericView } from './numberColumn.ts';

/** Row-wise operations down columns: cum, diff, compare, contribution (rolling has its file). */

type Options = Record<string, unknown>;

/**
 * Writes each target column in place (or appends it), keeping the order of the rest. The
 * columns that do not change are shared with `frame`, not copied.
 */
export function assign(frame: Frame, results: Array<[string, CellColumn]>): Frame {
  const columns = columnViews(frame);
  for (const [name, values] of results) columns.set(name, values);
  return withColumns(frame, columns);
}

export function sliceRows(frame: Frame, from: number): Frame {
  if (from <= 0) return frame;
  return withColumns(
    frame,
    new Map([...columnViews(frame)].map(([n, v]) => [n, sliceColumn(v, from)])),
  );
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
    ([source, target]): [string, CellColumn] => {
      const { numbers } = numericView(columnView(frame, source));
      const out = new NumberColumnBuilder(numbers.length);
      let acc: number | null = null;
      for (let row = 0; row < numbers.length; row++) {
        const x = numbers[row] as number;
        if (Number.isNaN(x)) out.set(row, null);
        else {
          acc = acc === null ? x : step(acc, x);
          out.set(row, acc);
        }
      }
      return [target, out.build()];
    },
  );
  return assign(frame, results);
}

export function diff(frame: Frame, options: Options): Frame {
  const periods = Number(options.periods ?? 1);
  if (!Number.isInteger(periods)) throw badRequest('periods must be an integer');
  const results = columnMapping(options.columns, frame).map(
    ([source, target]): [string, CellColumn] => {
      const { numbers } = numericView(columnView(frame, source));
      const rows = numbers.length;
      const out = new NumberColumnBuilder(rows);
      for (let row = 0; row < rows; row++) {
        const a = numbers[row] as number;
        const back = row - periods;
        const b = back >= 0 && back < rows ? (numbers[back] as number) : Number.NaN;
        out.set(row, Number.isNaN(a) || Number.isNaN(b) ? null : a - b);
      }
      return [target, out.build()];
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
  const results: Array<[string, CellColumn]> = sources.map((source, i) => {
    const other = compares[i] as string;
    const a = numericView(columnView(frame, source)).numbers;
    const b = numericView(columnView(frame, other)).numbers;
    const name = `${type === 'absolute' ? 'difference' : type}__${source}__${other}`;
    const out = new NumberColumnBuilder(a.length);
    for (let row = 0; row < a.length; row++) {
      const s = a[row] as number;
      const c = row < b.length ? (b[row] as number) : Number.NaN;
      out.set(row, Number.isNaN(s) || Number.isNaN(c) ? null : fn(s, c));
    }
    return [name, out.build()];
  });
  let out = assign(frame, results);
  if (options.drop_original_columns === true) {
    const drop = new Set([...sources, ...compares]);
    out = withColumns(out, new Map([...columnViews(out)].filter(([name]) => !drop.has(name))));
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
  const columns = targets.map((name) => numericView(columnView(frame, name)).numbers);
  const n = rowCount(frame);
  // Totals are summed in the order the cells come, nulls counting 0, so results keep every bit.
  const totals = new Float64Array(orientation === 'column' ? columns.length : n);
  columns.forEach((values, i) => {
    for (let row = 0; row < n; row++) {
      const x = values[row] as number;
      const addend = Number.isNaN(x) ? 0 : x;
      if (orientation === 'column') totals[i] += addend;
      else totals[row] += addend;
    }
  });
  const results = columns.map((values, i): [string, CellColumn] => {
    const out = new NumberColumnBuilder(n);
    for (let row = 0; row < n; row++) {
      const x = values[row] as number;
      const total = totals[orientation === 'column' ? i : row] as number;
      out.set(row, Number.isNaN(x) || total === 0 ? null : x / total);
    }
    return [renames[i] as string, out.build()];
  });
  return assign(frame, results);
}
