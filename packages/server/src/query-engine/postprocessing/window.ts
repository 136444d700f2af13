import { badRequest } from '@tessera/shared/errors';
import {
  type CellColumn,
  columnMapping,
  columnsUnder,
  columnView,
  columnViews,
  type Frame,
  numericColumns,
  rowCount,
  sliceColumn,
  underName,
  withColumns,
} from './frame.ts';
import { NumberColumnBuilder, numericView } from './numberColumn.ts';

/** Row-wise operations down columns: cum, diff, compare, contribution (rolling has its file). */

type Options = Record<string, unknown>;

/** A result column: its name, its cells and, after a pivot, its levels. */
type Assigned = [name: string, values: CellColumn, levels?: readonly string[]];

/**
 * Writes each target column in place (or appends it), keeping the order of the rest. The
 * columns that do not change are shared with `frame`, not copied.
 */
export function assign(frame: Frame, results: Assigned[]): Frame {
  const columns = columnViews(frame);
  for (const [name, values] of results) columns.set(name, values);
  const out = withColumns(frame, columns);
  for (const [name, , levels] of results) {
    if (levels && levels.length > 1) out.levels.set(name, [...levels]);
  }
  return out;
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
    ([source, target, levels]): Assigned => {
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
      return [target, out.build(), levels];
    },
  );
  return assign(frame, results);
}

export function diff(frame: Frame, options: Options): Frame {
  const periods = Number(options.periods ?? 1);
  if (!Number.isInteger(periods)) throw badRequest('periods must be an integer');
  const results = columnMapping(options.columns, frame).map(
    ([source, target, levels]): Assigned => {
      const { numbers } = numericView(columnView(frame, source));
      const rows = numbers.length;
      const out = new NumberColumnBuilder(rows);
      for (let row = 0; row < rows; row++) {
        const a = numbers[row] as number;
        const back = row - periods;
        const b = back >= 0 && back < rows ? (numbers[back] as number) : Number.NaN;
        out.set(row, Number.isNaN(a) || Number.isNaN(b) ? null : a - b);
      }
      return [target, out.build(), levels];
    },
  );
  return assign(frame, results);
}

/** Each compare type on two numbers; NaN where the answer is null (a base of 0). */
const COMPARE: Record<string, (s: number, c: number) => number> = {
  difference: (s, c) => s - c,
  absolute: (s, c) => s - c,
  percentage: (s, c) => (c === 0 ? Number.NaN : (s - c) / c),
  ratio: (s, c) => (c === 0 ? Number.NaN : s / c),
};

/** The cells of one compared series: `fn(source, compare)` row by row, null where either is. */
function compareSeries(
  frame: Frame,
  source: string | undefined,
  other: string | undefined,
  fn: (s: number, c: number) => number,
  digits: number | null,
): CellColumn {
  const rows = rowCount(frame);
  const a = source === undefined ? null : numericView(columnView(frame, source)).numbers;
  const b = other === undefined ? null : numericView(columnView(frame, other)).numbers;
  const out = new NumberColumnBuilder(rows);
  // numpy's round: to `digits` places, halves to even (as pandas' `round` gives).
  const scale = digits === null ? 0 : 10 ** digits;
  for (let row = 0; row < rows; row++) {
    const s = a ? (a[row] as number) : Number.NaN;
    const c = b ? (b[row] as number) : Number.NaN;
    let value = fn(s, c);
    if (Number.isNaN(value)) {
      out.set(row, null);
      continue;
    }
    if (scale !== 0) {
      const scaled = value * scale;
      let whole = Math.round(scaled);
      if (whole - scaled === 0.5 && whole % 2 !== 0) whole -= 1;
      value = whole / scale;
    }
    out.set(row, value);
  }
  return out.build();
}

/**
 * compare: `<type>__<source>__<compare>` per pair of columns. After a pivot each name stands for
 * its series (`columnsUnder`), compared series by series as pandas aligns them, the result
 * keeping the series' levels (`difference__SUM(x)__SUM(x)__1 year ago, AAPL`). Percentage and
 * ratio are rounded to `precision` places (4 by default), as Superset rounds them.
 */
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
  const precision = options.precision === undefined ? 4 : options.precision;
  if (precision !== null && !Number.isInteger(precision)) {
    throw badRequest('precision must be an integer');
  }
  // Past 15 places a double has nothing left to round (and 10 ** 400 is Infinity).
  const digits =
    (type === 'percentage' || type === 'ratio') &&
    precision !== null &&
    Math.abs(precision as number) <= 15
      ? (precision as number)
      : null;
  const label = type === 'absolute' ? 'difference' : type;
  const results: Assigned[] = [];
  const dropped = new Set<string>();
  sources.forEach((source, i) => {
    const other = compares[i] as string;
    const left = columnsUnder(frame, source);
    const right = columnsUnder(frame, other);
    // Series are matched by their levels after the first; one missing on a side gives nulls.
    const key = (rest: string[]) => JSON.stringify(rest);
    const rightByKey = new Map(right.map(([column, rest]) => [key(rest), column]));
    const leftKeys = new Set(left.map(([, rest]) => key(rest)));
    const series = [
      ...left.map(([column, rest]): [string | undefined, string | undefined, string[]] => [
        column,
        rightByKey.get(key(rest)),
        rest,
      ]),
      ...right
        .filter(([, rest]) => !leftKeys.has(key(rest)))
        .map(([column, rest]): [string | undefined, string | undefined, string[]] => [
          undefined,
          column,
          rest,
        ]),
    ];
    for (const [s, c, rest] of series) {
      const [name, levels] = underName(`${label}__${source}__${other}`, rest);
      results.push([name, compareSeries(frame, s, c, fn, digits), levels]);
    }
    for (const [column] of [...left, ...right]) dropped.add(column);
  });
  let out = assign(frame, results);
  if (options.drop_original_columns === true) {
    out = withColumns(out, new Map([...columnViews(out)].filter(([name]) => !dropped.has(name))));
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
