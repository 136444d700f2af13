import type { Page } from 'playwright-core';

/**
 * What the main thread went through while a page drew its charts, read from inside Chromium:
 * long tasks (over 50 ms, from a `longtask` PerformanceObserver: how long input would have
 * waited) and full-canvas paints per chart canvas (each `clearRect` that wipes a whole canvas is
 * one repaint of everything on it, so a chart drawn once counts 1), and the dashboard's own
 * `draw <viz_type>` User Timing measures (one per chart drawn in its turn).
 */

export interface DrawProbe {
  longTaskCount: number;
  longestTaskMs: number;
  /** Sum of the part of each long task over 50 ms (Lighthouse's total blocking time). */
  blockingMs: number;
  /** Full paints of each chart canvas on the page, one number per canvas. */
  canvasPaints: number[];
  /** Time spent drawing, by chart type. */
  drawsByType: Record<string, { count: number; totalMs: number; maxMs: number }>;
}

// Plain JavaScript text rather than a function: tsx's compiled functions call helpers (`__name`)
// that do not exist inside the page.
const PROBE_SCRIPT = `(() => {
  const tasks = [];
  window.__drawProbeTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const clearRect = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (x, y, width, height) {
    const canvas = this.canvas;
    const scale = this.getTransform().a || 1;
    if (x <= 0 && y <= 0 && width * scale >= canvas.width - 1 && height * scale >= canvas.height - 1) {
      canvas.__drawProbePaints = (canvas.__drawProbePaints || 0) + 1;
    }
    return clearRect.call(this, x, y, width, height);
  };
})();`;

/** Installs the probe for every later navigation of `page`. */
export async function addDrawProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE_SCRIPT });
}

/** The probe's figures for the page as it stands. */
export async function readDrawProbe(page: Page): Promise<DrawProbe> {
  return page.evaluate(() => {
    const tasks = (window as unknown as { __drawProbeTasks?: number[] }).__drawProbeTasks ?? [];
    const canvases = [
      ...document.querySelectorAll<HTMLCanvasElement>('[data-testid="chart-container"] canvas'),
    ];
    const drawsByType: Record<string, { count: number; totalMs: number; maxMs: number }> = {};
    for (const entry of performance.getEntriesByType('measure')) {
      if (!entry.name.startsWith('draw ')) continue;
      const type = entry.name.slice('draw '.length);
      const figures = drawsByType[type] ?? { count: 0, totalMs: 0, maxMs: 0 };
      figures.count += 1;
      figures.totalMs += entry.duration;
      figures.maxMs = Math.max(figures.maxMs, entry.duration);
      drawsByType[type] = figures;
    }
    return {
      drawsByType,
      longTaskCount: tasks.length,
      longestTaskMs: Math.max(0, ...tasks),
      blockingMs: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      canvasPaints: canvases
        .map((canvas) => (canvas as { __drawProbePaints?: number }).__drawProbePaints ?? 0)
        .filter((paints) => paints > 0),
    };
  });
}
