import { performance } from 'node:perf_hooks';

export interface Figures {
  name: string;
  runs: number;
  minMs: number;
  medianMs: number;
  p95Ms: number;
}

export interface MeasureOptions {
  /** Timed runs (after the warm-up). */
  runs?: number;
  /** Untimed runs first, so JIT and caches settle. */
  warmup?: number;
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** Times `fn` a bounded number of times and returns its figures in milliseconds. */
export async function measure(
  name: string,
  fn: () => unknown,
  { runs = 20, warmup = 3 }: MeasureOptions = {},
): Promise<Figures> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return figuresOf(name, times);
}

/** Figures of times taken elsewhere (e.g. two ways timed in turn, so load hits both alike). */
export function figuresOf(name: string, timesMs: readonly number[]): Figures {
  const times = [...timesMs].sort((a, b) => a - b);
  return {
    name,
    runs: times.length,
    minMs: times[0],
    medianMs: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
  };
}

/** One line per measurement: the figures a benchmark prints. */
export function formatFigures(figures: Figures): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return `${figures.name}: median ${ms(figures.medianMs)}, p95 ${ms(figures.p95Ms)}, min ${ms(figures.minMs)} (${figures.runs} runs)`;
}

/** How many times slower (>1) or faster (<1) `candidate` is than `baseline`, by median. */
export function formatRatio(baseline: Figures, candidate: Figures): string {
  const ratio = candidate.medianMs / baseline.medianMs;
  return `${candidate.name} / ${baseline.name}: ${ratio.toFixed(2)}x`;
}
