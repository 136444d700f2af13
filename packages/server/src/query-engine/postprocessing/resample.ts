import { badRequest } from '@tessera/shared/errors';
import {
  type Cell,
  type CellColumn,
  columnNames,
  columnView,
  type Frame,
  withColumns,
} from './frame.ts';
import { type NumericView, numericView } from './numberColumn.ts';
import { quantile } from './stats.ts';

/**
 * resample over the time index (epoch ms of wall times): pandas' bins for the spec's rules,
 * 1T/1H/1D/7D left-closed and labelled by their start, 1M right-closed and labelled by the
 * month's last day, 1AS by the year's first day.
 */

type Options = Record<string, unknown>;

const DAY = 86_400_000;
const FIXED: Record<string, number> = { '1T': 60_000, '1H': 3_600_000, '1D': DAY, '7D': 7 * DAY };
export const RESAMPLE_RULES = ['1T', '1H', '1D', '7D', '1M', '1AS'];
export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'median', 'mean', 'sum'];
const AGGREGATING = ['median', 'mean', 'sum'];

function labels(rule: string, first: number, last: number): number[] {
  const out: number[] = [];
  const step = FIXED[rule];
  if (step) {
    // Bins start at midnight of the first day (pandas' origin `start_day`).
    const origin = Math.floor(first / DAY) * DAY;
    for (let t = origin + Math.floor((first - origin) / step) * step; t <= last; t += step)
      out.push(t);
    return out;
  }
  const start = new Date(first);
  if (rule === '1M') {
    for (let y = start.getUTCFullYear(), m = start.getUTCMonth(); ; m++) {
      const label = Date.UTC(y, m + 1, 0);
      out.push(label);
      if (label >= Math.floor(last / DAY) * DAY) return out;
    }
  }
  for (let y = start.getUTCFullYear(); Date.UTC(y, 0, 1) <= last; y++) out.push(Date.UTC(y, 0, 1));
  return out;
}

/** Rows in time order; rows with equal times keep their order. */
function timeOrder(times: Float64Array): { order: Int32Array; sorted: Float64Array } {
  const order = new Int32Array(times.length);
  let inOrder = true;
  for (let row = 0; row < times.length; row++) {
    order[row] = row;
    if (row > 0 && (times[row] as number) < (times[row - 1] as number)) inOrder = false;
  }
  // Results mostly come ordered by time already; then there is nothing to sort.
  if (inOrder) return { order, sorted: times };
  order.sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
  const sorted = new Float64Array(times.length);
  for (let at = 0; at < order.length; at++) sorted[at] = times[order[at] as number] as number;
  return { order, sorted };
}

/** The time column as numbers, or null when a cell is not a finite one (no bins reach it). */
function timesOf(column: CellColumn): Float64Array | null {
  const { numbers } = numericView(column);
  return numbers.every(Number.isFinite) ? numbers : null;
}

/**
 * sum, mean or median of the numbers at sorted positions from..to (exclusive), as REDUCERS
 * gives them for those cells: sums in time order, the median from a native sort (see
 * groupReduce's quantiles).
 */
function binReduction(method: string, { numbers: cells }: NumericView, order: Int32Array) {
  return (from: number, to: number): number | null => {
    const numbers: number[] = [];
    for (let p = from; p < to; p++) {
      const x = cells[order[p] as number] as number;
      if (!Number.isNaN(x)) numbers.push(x);
    }
    if (method === 'median') return quantile(Float64Array.from(numbers).sort(), 0.5);
    let sum = 0;
    for (const x of numbers) sum += x;
    if (method === 'sum') return sum;
    return numbers.length ? sum / numbers.length : null;
  };
}

/** The first position of `sorted` at or after `from` whose time is >= `time`. */
function firstAtOrAfter(sorted: Float64Array, time: number, from: number): number {
  let at = from;
  while (at < sorted.length && (sorted[at] as number) < time) at++;
  return at;
}

export function resample(frame: Frame, options: Options): Frame {
  const rule = String(options.rule ?? '');
  const method = String(options.method ?? '');
  if (!RESAMPLE_RULES.includes(rule)) throw badRequest(`Invalid resample rule: ${rule}`);
  if (!RESAMPLE_METHODS.includes(method)) throw badRequest(`Invalid resample method: ${method}`);
  const timeColumn =
    frame.index[0] ?? (columnNames(frame).includes('__timestamp') ? '__timestamp' : null);
  if (!timeColumn) throw badRequest('Resample operation requires DatetimeIndex');
  const times = timesOf(columnView(frame, timeColumn));
  if (!times) throw badRequest('Resample operation requires DatetimeIndex');
  if (times.length === 0) return frame;
  const { order, sorted } = timeOrder(times);
  const bins = labels(rule, sorted[0] as number, sorted[sorted.length - 1] as number);
  const rightClosed = rule === '1M';
  // Each bin's rows are the sorted positions [starts[b], starts[b + 1]), and each label's
  // first position at or after it (asfreq, ffill and bfill look there): both found by walking
  // the sorted times once.
  const starts = new Int32Array(bins.length + 1);
  const atLabel = new Int32Array(bins.length);
  let lowerAt = 0;
  let labelAt = 0;
  bins.forEach((label, b) => {
    const lower = rightClosed ? (b === 0 ? -Infinity : (bins[b - 1] as number) + DAY) : label;
    lowerAt = firstAtOrAfter(sorted, lower, lowerAt);
    starts[b] = lowerAt;
    labelAt = firstAtOrAfter(sorted, label, labelAt);
    atLabel[b] = labelAt;
  });
  const lastUpper = rightClosed ? (bins.at(-1) as number) + DAY : Infinity;
  starts[bins.length] = firstAtOrAfter(sorted, lastUpper, lowerAt);

  const out = new Map<string, CellColumn>([[timeColumn, bins]]);
  const fill = (options.fill_value ?? null) as Cell;
  for (const name of columnNames(frame)) {
    if (name === timeColumn) continue;
    const values = columnView(frame, name);
    const reduce = AGGREGATING.includes(method)
      ? binReduction(method, numericView(values), order)
      : null;
    const at = (position: number) => values.at(order[position] as number) as Cell;
    const cells: Cell[] = bins.map((label, b) => {
      const next = atLabel[b] as number;
      const exact = next < sorted.length && sorted[next] === label;
      if (method === 'asfreq') return exact ? at(next) : fill;
      if (method === 'bfill') return next < sorted.length ? at(next) : null;
      if (method === 'ffill') {
        // The last row at or before the label: past any rows exactly at it.
        let last = next;
        while (last < sorted.length && sorted[last] === label) last++;
        return last > 0 ? at(last - 1) : null;
      }
      return (reduce as ReturnType<typeof binReduction>)(
        starts[b] as number,
        starts[b + 1] as number,
      );
    });
    out.set(name, cells);
  }
  return withColumns(frame, out, [timeColumn]);
}
