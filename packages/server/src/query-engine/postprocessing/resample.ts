import { badRequest } from '@tessera/shared/errors';
import { type Cell, column, columnNames, type Frame, withColumns } from './frame.ts';
import { REDUCERS } from './stats.ts';

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

export function resample(frame: Frame, options: Options): Frame {
  const rule = String(options.rule ?? '');
  const method = String(options.method ?? '');
  if (!RESAMPLE_RULES.includes(rule)) throw badRequest(`Invalid resample rule: ${rule}`);
  if (!RESAMPLE_METHODS.includes(method)) throw badRequest(`Invalid resample method: ${method}`);
  const timeColumn =
    frame.index[0] ?? (columnNames(frame).includes('__timestamp') ? '__timestamp' : null);
  if (!timeColumn) throw badRequest('Resample operation requires DatetimeIndex');
  const times = column(frame, timeColumn);
  if (!times.every((t) => typeof t === 'number'))
    throw badRequest('Resample operation requires DatetimeIndex');
  const order = times.map((t, i) => [t as number, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Map<string, Cell[]>();
  if (order.length === 0) return frame;
  const bins = labels(
    rule,
    (order[0] as readonly [number, number])[0],
    (order.at(-1) as readonly [number, number])[0],
  );
  out.set(timeColumn, bins);
  const rightClosed = rule === '1M';
  const fill = (options.fill_value ?? null) as Cell;
  for (const name of columnNames(frame)) {
    if (name === timeColumn) continue;
    const values = column(frame, name);
    const at = (i: number) => values[(order[i] as readonly [number, number])[1]] as Cell;
    const cells: Cell[] = bins.map((label, b) => {
      if (method === 'asfreq') {
        const hit = order.findIndex(([t]) => t === label);
        return hit >= 0 ? at(hit) : fill;
      }
      if (method === 'ffill') {
        let found = -1;
        for (
          let i = 0;
          i < order.length && (order[i] as readonly [number, number])[0] <= label;
          i++
        )
          found = i;
        return found >= 0 ? at(found) : null;
      }
      if (method === 'bfill') {
        const found = order.findIndex(([t]) => t >= label);
        return found >= 0 ? at(found) : null;
      }
      const lower = rightClosed ? (b === 0 ? -Infinity : (bins[b - 1] as number) + DAY) : label;
      const upper = rightClosed ? label + DAY : (bins[b + 1] ?? Infinity);
      const members = order
        .filter(([t]) => t >= lower && t < upper)
        .map(([, i]) => values[i] as Cell);
      return (REDUCERS[method] as (v: Cell[]) => Cell)(members);
    });
    out.set(name, cells);
  }
  return withColumns(frame, out, [timeColumn]);
}
