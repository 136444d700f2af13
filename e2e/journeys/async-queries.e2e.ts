import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, screenshot } from '../support/browser.ts';
import { openDashboardMenu } from '../support/dashboardMenu.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 17's global async queries in Chromium (GLOBAL_ASYNC_QUERIES on, events by websocket):
 * the examples' Flights dashboard draws every chart from jobs; a websocket the server closes is
 * reconnected, and after 6 failed reconnects the page falls back to polling and still draws.
 */

/** Every chart holder of the page drawn (a canvas with a size, or an svg, table or text). */
async function everyChartDrawn(page: Page, timeoutMs = 120_000): Promise<number> {
  // Polled from here: page.waitForFunction evaluates its predicate with `eval` inside the page,
  // which the page's CSP (no 'unsafe-eval') may refuse.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await page.evaluate(() => {
      const error = document.querySelector('[data-testid="chart-error"]');
      if (error) return { error: error.textContent ?? 'chart error' };
      const holders = [...document.querySelectorAll('[data-testid="dashboard-chart"]')];
      if (holders.length === 0) return null;
      const drawn = holders.every((holder) => {
        const container = holder.querySelector('[data-testid="chart-container"]');
        if (!container) return false;
        const canvas = container.querySelector('canvas');
        if (canvas) return canvas.width > 0 && canvas.height > 0;
        return (
          container.querySelector('svg, table') !== null ||
          (container.textContent ?? '').trim().length > 0
        );
      });
      return drawn ? { count: holders.length } : null;
    });
    if (outcome?.error !== undefined) throw new Error(`A chart failed: ${outcome.error}`);
    if (outcome) return outcome.count ?? 0;
    if (Date.now() > deadline) throw new Error(`Not every chart drew within ${timeoutMs} ms`);
    await page.waitForTimeout(500);
  }
}

/** Counts the jobs the page was answered with (202s and batch entries `{status: 202}`). */
function countJobs(page: Page) {
  const seen = { jobs: 0, polls: 0, results: 0 };
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (path === '/api/v1/async_event/') seen.polls += 1;
    if (/^\/api\/v1\/chart\/data\/[0-9a-f]{48}$/.test(path) && response.ok()) seen.results += 1;
    if (!path.startsWith('/api/v1/chart/data')) return;
    if (response.status() === 202) seen.jobs += 1;
    if (path.endsWith('/batch')) {
      void response
        .json()
        .then((body: { result?: Array<{ status: number }> }) => {
          seen.jobs += (body.result ?? []).filter((entry) => entry.status === 202).length;
        })
        .catch(() => undefined);
    }
  });
  return seen;
}

describe('global async queries journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer({
      loadExamples: true,
      env: {
        TESSERA_FEATURE_FLAGS: 'GLOBAL_ASYNC_QUERIES',
        TESSERA_GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws',
      },
    });
    browser = await launchBrowser();
    admin = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    // The example dashboards exist once the background loading has finished.
    const q = encodeURIComponent('(filters:!((col:slug,opr:eq,value:flights)))');
    const deadline = Date.now() + 300_000;
    for (;;) {
      const reply = await admin.request('GET', `/api/v1/dashboard/?q=${q}`);
      if ((reply.body as { count?: number }).count === 1) break;
      if (Date.now() > deadline) throw new Error('The Flights example dashboard never appeared');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }, 420_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws every chart of the Flights dashboard from jobs heard on the websocket', async () => {
    // Tall enough that every chart of the first tab is in view and asks for its data.
    const context = await browser.newContext({ viewport: { width: 1280, height: 4000 } });
    const page = await context.newPage();
    try {
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));
      const seen = countJobs(page);
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/superset/dashboard/flights/`);
      const count = await everyChartDrawn(page);
      expect(count).toBeGreaterThan(3);
      expect(seen.jobs).toBeGreaterThanOrEqual(count);
      // Each job's result was fetched once its `done` event came.
      await expect.poll(() => seen.results, { timeout: 30_000 }).toBe(seen.jobs);
      expect(sockets.some((url) => new URL(url).pathname === '/ws/')).toBe(true);
      expect(seen.polls).toBe(0);
      await screenshot(page, 'async-queries-dashboard');
    } finally {
      await context.close();
    }
  }, 240_000);

  it('reconnects a websocket the server closed, then falls back to polling after 6 failures', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 4000 } });
    const page = await context.newPage();
    try {
      let attempts = 0;
      // The first connection reaches the server, which then closes it; every reconnect after
      // that is refused, as a websocket server that went away would refuse it.
      await page.routeWebSocket(/\/ws\//, (ws) => {
        attempts += 1;
        if (attempts > 1) {
          ws.close({ code: 1011, reason: 'unavailable' });
          return;
        }
        const upstream = ws.connectToServer();
        // To the page this is the server going away: its socket closes with 1001.
        setTimeout(() => {
          void upstream.close({ code: 1001, reason: 'going away' });
          void ws.close({ code: 1001, reason: 'going away' });
        }, 1500);
      });
      const seen = countJobs(page);
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      // Forced, so every chart is a job again (the first test left their data cached).
      await page.goto(`${server.baseUrl}/superset/dashboard/flights/?force=true`);
      await everyChartDrawn(page);
      // 1 connection + 6 reconnects 2500 ms apart; then the page polls (while it waits).
      await expect.poll(() => attempts, { timeout: 60_000, interval: 500 }).toBe(7);
      await page.waitForTimeout(3000);
      expect(attempts).toBe(7);
      // A forced refresh makes every chart a job again, heard by polling now.
      const before = { ...seen };
      await openDashboardMenu(page, 'dashboard-menu-refresh');
      await expect.poll(() => seen.jobs, { timeout: 60_000 }).toBeGreaterThan(before.jobs);
      await expect.poll(() => seen.polls, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
      // Every new job's result fetched once its `done` arrived by polling.
      await expect
        .poll(() => seen.results - before.results, { timeout: 120_000, interval: 500 })
        .toBe(seen.jobs - before.jobs);
      await everyChartDrawn(page);
      expect(attempts).toBe(7);
      await screenshot(page, 'async-queries-polling-fallback');
    } finally {
      await context.close();
    }
  }, 240_000);
});
