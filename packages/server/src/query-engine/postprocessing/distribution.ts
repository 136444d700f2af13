import { badRequest } from '@tessera/shared/errors';
import { type Cell, columnView, type Frame, frameOf, rowCount } from './frame.ts';
import { type GroupRows, groupRows, rowsByGroup, rowsOfGroup } from './grouping.ts';
import { quantile } from './stats.ts';

/** boxplot and histogram: distributions of a metric per group. */

type Options = Record<string, unknown>;

const stringList = (raw: unknown): string[] =>
  raw === undefined || raw === null ? [] : (Array.isArray(raw) ? raw : [raw]).map(String);

/**
 * Groups of the frame's rows by `groupby`, sorted; rows with a missing key are left out, as
 * pandas' groupby (dropna) leaves them out of Superset's boxplot and histogram.
 */
function groups(frame: Frame, groupby: string[]): { keys: Cell[][]; rows: GroupRows } {
  const grouping = groupRows(
    groupby.map((name) => columnView(frame, name)),
    rowCount(frame),
    { dropMissing: true },
  );
  return { keys: grouping.keys, rows: rowsByGroup(grouping.groupOfRow, grouping.keys.length) };
}

/** numpy's percentile with method="midpoint": the mean of the two values around the position. */
function midpointQuantile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  return ((sorted[Math.floor(position)] as number) + (sorted[Math.ceil(position)] as number)) / 2;
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
  const summaries = metrics.map((metric) => {
    const values = columnView(frame, metric);
    return keys.map((_, group) => {
      // The group's values in the frame's order (outliers keep it), and sorted.
      const series = Array.from(rowsOfGroup(rows, group), (r) => values.at(r)).filter(
        (v): v is number => typeof v === 'number' && !Number.isNaN(v),
      );
      const xs = [...series].sort((a, b) => a - b);
      // Superset's quartiles are numpy's nanpercentile with method="midpoint".
      const q1 = midpointQuantile(xs, 0.25);
      const q3 = midpointQuantile(xs, 0.75);
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
      const above = series.filter((x) => max !== null && x > max);
      const below = series.filter((x) => min !== null && x < min);
      return {
        mean: xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null,
        median: quantile(xs, 0.5),
        max,
        min,
        q1,
        q3,
        count: xs.length,
        outliers: [...above, ...below],
      };
    });
  });
  // Superset's column order: each statistic for every metric, then the next statistic.
  for (const stat of ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'] as const) {
    metrics.forEach((metric, m) => {
      out.set(
        `${metric}__${stat}`,
        (summaries[m] ?? []).map((s) => s[stat] as Cell),
      );
    });
  }
  return frameOf(out);
}

const MAX_HISTOGRAM_BINS = 1000;

/**
 * The bin of x as numpy's histogram finds it on the edges: the last edge at or below x
 * ([edge, next edge)), the last bin including its right edge.
 */
function binOf(edges: number[], x: number): number {
  let lo = 0;
  let hi = edges.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((edges[mid] as number) <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const edgeText = (x: number) => (Number.isInteger(x) ? `${x}.0` : String(x));

export function histogram(frame: Frame, options: Options): Frame {
  const name = String(options.column ?? '');
  const groupby = stringList(options.groupby);
  const bins = Number(options.bins ?? 5);
  if (!Number.isInteger(bins) || bins < 1 || bins > MAX_HISTOGRAM_BINS)
    throw badRequest(`\`bins\` must be an integer between 1 and ${MAX_HISTOGRAM_BINS}`);
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
  // numpy's histogram_bin_edges (linspace): lo + i * step, the last edge exactly hi.
  const step = (hi - lo) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? hi : lo + i * step));
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
      c[binOf(edges, x)]++;
    }
    let running = 0;
    return options.cumulative === true ? c.map((x) => (running += x)) : c;
  });
  if (options.normalize === true) {
    // Superset divides by the sum of every cell of the answer (all groups, after cumsum).
    const total = counts.reduce((sum, c) => c.reduce((s, x) => s + x, sum), 0);
    counts.forEach((c, g) => {
      counts[g] = c.map((x) => (total === 0 ? 0 : x / total));
    });
  }
  labels.forEach((label, i) => {
    out.set(
      label,
      counts.map((c) => c[i] as number),
    );
  });
  return frameOf(out);
}
