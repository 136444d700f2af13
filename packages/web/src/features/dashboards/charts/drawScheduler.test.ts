import { describe, expect, it } from 'vitest';
import { createDrawScheduler, type DrawTask } from './drawScheduler.ts';

/** A scheduler whose slices run when the test says, on a clock the draws advance. */
function harness(budgetMs = 8, maxBudgetMs = 50) {
  const slices: Array<() => void> = [];
  let clock = 0;
  const drawn: string[] = [];
  const scheduler = createDrawScheduler({
    budgetMs,
    maxBudgetMs,
    nextSlice: (slice) => slices.push(slice),
    now: () => clock,
  });
  const task = (name: string, costMs: number, onScreen = false): DrawTask => ({
    draw: () => {
      drawn.push(name);
      clock += costMs;
    },
    onScreen: () => onScreen,
  });
  const runSlice = () => {
    const slice = slices.shift();
    if (!slice) throw new Error('no slice scheduled');
    slice();
  };
  const wait = (ms: number) => {
    clock += ms;
  };
  return { scheduler, task, drawn, slices, runSlice, wait };
}

describe('draw scheduler', () => {
  it('draws nothing until its slice, then as many charts as fit the budget', () => {
    const h = harness(8);
    for (const name of ['a', 'b', 'c', 'd']) h.scheduler.request(h.task(name, 3));
    expect(h.drawn).toEqual([]);
    expect(h.slices).toHaveLength(1);
    h.runSlice();
    // 3 ms each: a (3), b (6), c (9 > 8): the slice stops after c.
    expect(h.drawn).toEqual(['a', 'b', 'c']);
    expect(h.scheduler.pending).toBe(1);
    h.runSlice();
    expect(h.drawn).toEqual(['a', 'b', 'c', 'd']);
    expect(h.slices).toHaveLength(0);
  });

  it('draws one slow chart per slice', () => {
    const h = harness(8);
    for (const name of ['a', 'b', 'c']) h.scheduler.request(h.task(name, 40));
    h.runSlice();
    expect(h.drawn).toEqual(['a']);
    h.runSlice();
    expect(h.drawn).toEqual(['a', 'b']);
    h.runSlice();
    expect(h.drawn).toEqual(['a', 'b', 'c']);
  });

  it('draws for as long as the browser took between slices, up to the long-task threshold', () => {
    const h = harness(8, 50);
    for (let i = 0; i < 12; i += 1) h.scheduler.request(h.task(`c${i}`, 10));
    h.runSlice();
    expect(h.drawn).toHaveLength(1);
    // A slow frame (30 ms of painting): the next slice draws for 30 ms.
    h.wait(30);
    h.runSlice();
    expect(h.drawn).toHaveLength(4);
    // A very slow one (200 ms): capped at 50 ms.
    h.wait(200);
    h.runSlice();
    expect(h.drawn).toHaveLength(9);
  });

  it('draws the charts on screen first, the others in the order they asked', () => {
    const h = harness(0);
    h.scheduler.request(h.task('below-1', 1));
    h.scheduler.request(h.task('below-2', 1));
    h.scheduler.request(h.task('visible', 1, true));
    h.runSlice();
    h.runSlice();
    h.runSlice();
    expect(h.drawn).toEqual(['visible', 'below-1', 'below-2']);
  });

  it('forgets a cancelled draw and keeps drawing after one that throws', () => {
    const h = harness(100);
    const cancel = h.scheduler.request(h.task('gone', 1));
    h.scheduler.request({
      draw: () => {
        throw new Error('broken chart');
      },
      onScreen: () => false,
    });
    h.scheduler.request(h.task('kept', 1));
    cancel();
    h.runSlice();
    expect(h.drawn).toEqual(['kept']);
    expect(h.scheduler.pending).toBe(0);
  });

  it('asks for every chart until each export that asked has released it', () => {
    const h = harness();
    const seen: boolean[] = [];
    const unsubscribe = h.scheduler.subscribe(() => seen.push(h.scheduler.everyChart));
    expect(h.scheduler.everyChart).toBe(false);
    const image = h.scheduler.drawEveryChart();
    const pdf = h.scheduler.drawEveryChart();
    expect(h.scheduler.everyChart).toBe(true);
    image();
    image();
    expect(h.scheduler.everyChart).toBe(true);
    pdf();
    expect(h.scheduler.everyChart).toBe(false);
    // Told once when it starts and once when the last release ends it.
    expect(seen).toEqual([true, false]);
    unsubscribe();
    h.scheduler.drawEveryChart();
    expect(seen).toHaveLength(2);
  });
});
