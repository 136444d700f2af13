import { badRequest } from '@tessera/shared/errors';
import { type Cell, columnView, type Frame, frameOf, rowCount } from './frame.ts';
import { type GroupRows, groupRows, rowsByGroup, rowsOfGroup } from './grouping.ts';
import { quantile } from './stats.ts';

/** boxplot and histogram: distributions of a metric per group. */

type Options = Record<string, unknown>;

const stringList = (raw: unknown): string[] =>
  raw === undefined || raw === null ? [] : (Array.isArray(raw) ? raw : [raw]).map(String);

/** Groups of the frame's rows by `groupby` (missing keys kept, as their own group). */
function groups(frame: Frame, groupby: string[]): { keys: Cell[][]; rows: GroupRows } {
  const grouping = groupRows(
    groupby.map((name) => columnView(frame, name)),
    rowCount(frame),
  );
  return { keys: grouping.keys, rows: rowsByGroup(grouping.groupOfRow, grouping.keys.length) };
}

export function boxplot(frame: Frame, options: Options): Frame {
  const groupby = stringList(options.groupby);
  const metrics = stringList(options.metrics);
  const whisker = String(options.whisker_type ?? 'tukey');
  let low = 0;
  let high = 0;
  if (whisker === 'percentile') {
    const p = options.percentiles as unknown;
    if (
      !Array.isArray(p) ||
      p.length !== 2 ||
      !p.every((x) => typeof x === 'number') ||
      p[0] >= p[1]
    ) {
      throw badRequest(
        'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
      );
    }
    [low, high] = p as [number, number];
  } else if (whisker !== 'tukey' && whisker !== 'min/max') {
    throw badRequest(`Invalid whisker_type: ${whisker}`);
  }
  const { keys, rows } = groups(frame, groupby);
  const out = new Map<string, Cell[]>(
    groupby.map((name, i) => [name, keys.map((key) => key[i] as Cell)]),
  );
  for (const metric of metrics) {
    const values = columnView(frame, metric);
    const stats = keys.map((_, group) => {
      const xs = Array.from(rowsOfGroup(rows, group), (r) => values.at(r))
        .filter((v): v is number => typeof v === 'number')
        .sort((a, b) => a - b);
      const q1 = quantile(xs, 0.25);
      const q3 = quantile(xs, 0.75);
      let min: number | null = xs[0] ?? null;
      let max: number | null = xs.at(-1) ?? null;
      if (whisker === 'tukey' && q1 !== null && q3 !== null) {
        const iqr = q3 - q1;
        min = xs.find((x) => x >= q1 - 1.5 * iqr) ?? null;
        max = [...xs].reverse().find((x) => x <= q3 + 1.5 * iqr) ?? null;
      } else if (whisker === 'percentile') {
        min = quantile(xs, low / 100);
        max = quantile(xs, high / 100);
      }
      return {
        mean: xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null,
        median: quantile(xs, 0.5),
        max,
        min,
        q1,
        q3,
        count: xs.length,
        outliers: xs.filter((x) => (min !== null && x < min) || (max !== null && x > max)),
      };
    });
    for (const stat of ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'] as const) {
      out.set(
        `${metric}__${stat}`,
        stats.map((s) => s[stat] as Cell),
      );
    }
  }
  return frameOf(out);
}

const edgeText = (x: number) => (Number.isInteger(x) ? `${x}.0` : String(x));

export function histogram(frame: Frame, options: Options): Frame {
  const name = String(options.column ?? '');
  const groupby = stringList(options.groupby);
  const bins = Number(options.bins ?? 5);
  if (!Number.isInteger(bins) || bins <= 0)
    throw badRequest('The number of bins must be a positive integer');
  const values = columnView(frame, name);
  let numbers = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < values.length; row++) {
    const v = values.at(row) as Cell;
    if (v === null) continue;
    if (typeof v !== 'number') throw badRequest(`The column "${name}" must be numeric`);
    numbers++;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (numbers === 0) {
    lo = 0;
    hi = 1;
  }
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const edges = Array.from({ length: bins + 1 }, (_, i) => lo + ((hi - lo) * i) / bins);
  const labels = edges
    .slice(0, -1)
    .map((e, i) => `${edgeText(e)} - ${edgeText(edges[i + 1] as number)}`);
  const { keys, rows } = groups(frame, groupby);
  const out = new Map<string, Cell[]>(
    groupby.map((g, i) => [g, keys.map((key) => key[i] as Cell)]),
  );
  const counts = keys.map((_, group) => {
    const c = new Array<number>(bins).fill(0);
    for (const r of rowsOfGroup(rows, group)) {
      const x = values.at(r);
      if (typeof x !== 'number') continue;
      // The last bin includes its right edge, as numpy's histogram does.
      c[Math.min(Math.floor(((x - lo) / (hi - lo)) * bins), bins - 1)]++;
    }
    let result: number[] = c;
    if (options.cumulative === true)
      result = result.map((_, i) => result.slice(0, i + 1).reduce((s, x) => s + x, 0));
    if (options.normalize === true) {
      const total = c.reduce((s, x) => s + x, 0);
      result = result.map((x) => (total === 0 ? 0 : x / total));
    }
    return result;
  });
  labels.forEach((label, i) => {
    out.set(
      label,
      counts.map((c) => c[i] as number),
    );
  });
  return frameOf(out);
}
