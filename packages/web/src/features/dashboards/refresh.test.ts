import { describe, expect, it } from 'vitest';
import { REFRESH_INTERVALS, staggeredRefreshPlan } from './refresh.ts';

describe('auto-refresh', () => {
  it('offers intervals from 10 seconds to 24 hours', () => {
    const seconds = REFRESH_INTERVALS.map(([s]) => s).filter((s) => s > 0);
    expect(Math.min(...seconds)).toBe(10);
    expect(Math.max(...seconds)).toBe(86400);
  });

  it('spreads charts across the larger of the frequency and stagger_time (default 5000 ms)', () => {
    expect(staggeredRefreshPlan([1, 2, 3], {}, 2).map((p) => p.delayMs)).toEqual([0, 2500, 5000]);
    expect(staggeredRefreshPlan([1, 2, 3], {}, 60).map((p) => p.delayMs)).toEqual([
      0, 30000, 60000,
    ]);
    expect(
      staggeredRefreshPlan([1, 2, 3], { stagger_time: 8000 }, 2).map((p) => p.delayMs),
    ).toEqual([0, 4000, 8000]);
  });

  it('refreshes every chart at once when stagger_refresh is false, skipping immune charts', () => {
    const plan = staggeredRefreshPlan(
      [1, 2, 3],
      { stagger_refresh: false, timed_refresh_immune_slices: [2] },
      10,
    );
    expect(plan).toEqual([
      { chartId: 1, delayMs: 0 },
      { chartId: 3, delayMs: 0 },
    ]);
  });
});
