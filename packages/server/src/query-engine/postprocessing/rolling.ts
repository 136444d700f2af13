import { badRequest } from '@tessera/shared/errors';
import { type CellColumn, columnMapping, columnView, type Frame } from './frame.ts';
import {
  CELL_NULL,
  type NumberColumn,
  NumberColumnBuilder,
  type NumericView,
  numericView,
} from './numberColumn.ts';
import { quantile } from './stats.ts';
import { assign, cum, sliceRows } from './window.ts';

/**
 * rolling: a reduction over the last `window` rows of each column. Each window is reduced from
 * its own cells in row order, as REDUCERS would reduce the slice, so results keep every bit
 * (a running sum would drift from it in the last digits); the loops read the column's numbers
 * in place rather than slicing a window array per row.
 */

type Options = Record<string, unknown>;

const ROLLING = ['mean', 'sum', 'std', 'median', 'var', 'count', 'min', 'max', 'cumsum'];

/**
 * The reduction of rows from..to (inclusive) of a column's numbers (NaN where a cell holds
 * none), given that they hold at least one.
 */
type WindowReducer = (view: NumericView, from: number, to: number) => number | null;

function windowSum({ numbers }: NumericView, from: number, to: number): number {
  let sum = 0;
  for (let row = from; row <= to; row++) {
    const x = numbers[row] as number;
    if (!Number.isNaN(x)) sum += x;
  }
  return sum;
}

function windowVariance({ numbers }: NumericView, from: number, to: number): number | null {
  let sum = 0;
  let count = 0;
  for (let row = from; row <= to; row++) {
    const x = numbers[row] as number;
    if (!Number.isNaN(x)) {
      sum += x;
      count++;
    }
  }
  if (count - 1 <= 0) return null;
  const mean = sum / count;
  let squares = 0;
  for (let row = from; row <= to; row++) {
    const x = numbers[row] as number;
    if (!Number.isNaN(x)) squares += (x - mean) ** 2;
  }
  return squares / (count - 1);
}

function windowExtreme(pick: (a: number, b: number) => number, start: number): WindowReducer {
  return ({ numbers }, from, to) => {
    let acc = start;
    for (let row = from; row <= to; row++) {
      const x = numbers[row] as number;
      if (!Number.isNaN(x)) acc = pick(acc, x);
    }
    return acc;
  };
}

/** As REDUCERS.median; a native sort of the window's numbers (see groupReduce's quantiles). */
function windowMedian({ numbers }: NumericView, from: number, to: number): number | null {
  const present = numbers.slice(from, to + 1).filter((x) => !Number.isNaN(x));
  return quantile(present.sort(), 0.5);
}

const WINDOW_REDUCERS: Record<string, WindowReducer> = {
  sum: windowSum,
  // The window's numbers are counted as it moves; mean divides by that count (see rollColumn).
  mean: windowSum,
  var: windowVariance,
  std: (view, from, to) => {
    const v = windowVariance(view, from, to);
    return v === null ? null : Math.sqrt(v);
  },
  min: windowExtreme(Math.min, Number.POSITIVE_INFINITY),
  max: windowExtreme(Math.max, Number.NEGATIVE_INFINITY),
  // count counts every cell but null (text and NaN too), as REDUCERS.count does.
  count: ({ kinds }, from, to) => {
    if (kinds === null) return to - from + 1;
    let count = 0;
    for (let row = from; row <= to; row++) if (kinds[row] !== CELL_NULL) count++;
    return count;
  },
  median: windowMedian,
};

function rollColumn(
  column: CellColumn,
  type: string,
  window: number,
  minPeriods: number,
): NumberColumn {
  const view = numericView(column);
  const { numbers } = view;
  const rows = column.length;
  const out = new NumberColumnBuilder(rows);
  const reduce = WINDOW_REDUCERS[type] as WindowReducer;
  const needed = Math.max(minPeriods, 1);
  // Numbers in the current window, kept by adding the row that enters and removing the one
  // that leaves.
  let present = 0;
  for (let row = 0; row < rows; row++) {
    if (!Number.isNaN(numbers[row])) present++;
    const from = row - window + 1;
    if (from > 0 && !Number.isNaN(numbers[from - 1])) present--;
    if (present < needed) {
      // pandas: a window with no numbers sums to 0 once min_periods is 0 (Superset's default).
      out.set(row, type === 'sum' && minPeriods === 0 && present === 0 ? 0 : null);
    } else {
      const result = reduce(view, Math.max(0, from), row);
      out.set(row, type === 'mean' ? (result as number) / present : result);
    }
  }
  return out.build();
}

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
  const results = columnMapping(options.columns, frame).map(
    ([source, target, levels]): [string, CellColumn, string[]] => [
      target,
      rollColumn(columnView(frame, source), type, window, minPeriods),
      levels,
    ],
  );
  // The first rows cannot hold a full `min_periods`: Superset drops them rather than show the ramp-up.
  return sliceRows(assign(frame, results), given && minPeriods > 0 ? minPeriods - 1 : 0);
}
