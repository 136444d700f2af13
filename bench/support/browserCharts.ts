import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login } from '../../e2e/support/browser.ts';
import { REPO_ROOT } from '../../e2e/support/server.ts';
import { EXAMPLE_CHARTS } from '../../packages/server/src/examples/chartCatalogue.ts';
import { type ExamplesServer, startExamplesServer } from './examplesServer.ts';

/**
 * Shared set-up of the browser chart benchmarks: the web client built, a real server with the
 * examples (and their saved example charts), Chromium signed in as the admin, and a way to tell
 * when charts are drawn.
 */

export interface SavedChart {
  id: number;
  slice_name: string;
  viz_type: string;
}

export interface ChartsBench {
  examples: ExamplesServer;
  baseUrl: string;
  browser: Browser;
  /** A signed-in context (1280 x 800 unless asked otherwise). */
  context: BrowserContext;
  /** The example charts the server saved, one per chart type and a few more. */
  charts: SavedChart[];
  /** A fresh signed-in context, e.g. for a cold HTTP cache or another viewport. */
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  stop(): Promise<void>;
}

/** Builds packages/web/dist when it is missing or older than its sources (as `npm start` does). */
export function ensureWebBuild(): void {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('./scripts/web-build.mjs'); process.exit(m.ensureWebBuild() ? 0 : 1);",
    ],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  if (run.status === 0) return;
  // Others may be midway through an edit: a previous build still measures the client as it was.
  if (!existsSync(path.join(REPO_ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('The web client did not build');
  }
  console.warn('The web client did not build: measuring the previous build in packages/web/dist');
}

const CHARTS_WAIT_MS = 180_000;

async function exampleCharts(examples: ExamplesServer): Promise<SavedChart[]> {
  const q = encodeURIComponent('(page_size:200,order_column:id,order_direction:asc)');
  const deadline = Date.now() + CHARTS_WAIT_MS;
  while (Date.now() < deadline) {
    const reply = await examples.api.request('GET', `/api/v1/chart/?q=${q}`);
    const rows = (reply.body as { result?: SavedChart[] }).result ?? [];
    if (rows.length >= EXAMPLE_CHARTS.length) return rows;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The example charts were not saved within ${CHARTS_WAIT_MS} ms`);
}

/**
 * The client the bench measures: packages/web/dist (built when stale) unless BENCH_WEB_DIST
 * names another build, e.g. an earlier commit's `vite build --outDir`, to compare the two in
 * the same hour on a machine whose speed changes from day to day.
 */
function webDistEnv(): Record<string, string> {
  const other = process.env.BENCH_WEB_DIST;
  if (other) {
    console.log(`measuring the web client built in ${other}`);
    return { TESSERA_WEB_DIST: path.resolve(other) };
  }
  ensureWebBuild();
  return {};
}

/** `env`: more settings for the server (e.g. a feature flag the bench compares). */
export async function startChartsBench(
  options: { env?: Record<string, string> } = {},
): Promise<ChartsBench> {
  const examples = await startExamplesServer({ ...webDistEnv(), ...options.env });
  let browser: Browser | null = null;
  try {
    const charts = await exampleCharts(examples);
    const baseUrl = examples.server.baseUrl;
    const launched = await launchBrowser();
    browser = launched;
    const newContext = async (viewport = { width: 1280, height: 800 }) => {
      const context = await launched.newContext({ viewport });
      const page = await context.newPage();
      await login(
        page,
        baseUrl,
        examples.server.adminUsername,
        examples.server.adminPassword as string,
      );
      await page.close();
      return context;
    };
    const context = await newContext();
    return {
      examples,
      baseUrl,
      browser: launched,
      context,
      charts,
      newContext,
      stop: async () => {
        await launched.close();
        await examples.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await examples.stop();
    throw error;
  }
}

export function chartByType(bench: ChartsBench, vizType: string): SavedChart {
  const chart = bench.charts.find((c) => c.viz_type === vizType);
  if (!chart) throw new Error(`No example chart of type ${vizType}`);
  return chart;
}

/**
 * Waits until `expected` charts are drawn and answers the page clock then (ms since the
 * navigation started). A chart counts as drawn when its container holds a sized canvas (ECharts,
 * MapLibre) or, for DOM charts (table, pivot table, big number, word cloud), an svg, a table or
 * text. The check runs on animation frames, so the time is that of the frame that shows it. A
 * chart error stops the wait with its message.
 */
export async function waitForChartsDrawn(
  page: Page,
  expected: number,
  timeoutMs = 60_000,
): Promise<number> {
  const handle = await page.waitForFunction(
    (count) => {
      const error = document.querySelector('[data-testid="chart-error"]');
      if (error) return { error: error.textContent ?? 'chart error' };
      const containers = [...document.querySelectorAll('[data-testid="chart-container"]')];
      if (containers.length < count) return false;
      const drawn = containers.filter((container) => {
        const canvas = container.querySelector('canvas');
        if (canvas) return canvas.width > 0 && canvas.height > 0;
        return (
          container.querySelector('svg, table') !== null ||
          (container.textContent ?? '').trim().length > 0
        );
      });
      return drawn.length >= count ? { at: performance.now() } : false;
    },
    expected,
    { timeout: timeoutMs, polling: 'raf' },
  );
  const outcome = (await handle.jsonValue()) as { at?: number; error?: string };
  if (outcome.error !== undefined) throw new Error(`A chart failed: ${outcome.error}`);
  return outcome.at as number;
}

/**
 * Waits until every dashboard chart holder on screen (`dashboard-chart` intersecting the
 * viewport) shows a drawn chart, the same test as `waitForChartsDrawn`; answers the page clock
 * then and how many charts were on screen.
 */
export async function waitForVisibleChartsDrawn(
  page: Page,
  timeoutMs = 60_000,
): Promise<{ at: number; count: number }> {
  const handle = await page.waitForFunction(
    () => {
      const error = document.querySelector('[data-testid="chart-error"]');
      if (error) return { error: error.textContent ?? 'chart error' };
      const onScreen = [...document.querySelectorAll('[data-testid="dashboard-chart"]')].filter(
        (holder) => {
          const r = holder.getBoundingClientRect();
          return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
        },
      );
      if (onScreen.length === 0) return false;
      const drawn = onScreen.every((holder) => {
        const container = holder.querySelector('[data-testid="chart-container"]');
        if (!container) return false;
        const canvas = container.querySelector('canvas');
        if (canvas) return canvas.width > 0 && canvas.height > 0;
        return (
          container.querySelector('svg, table') !== null ||
          (container.textContent ?? '').trim().length > 0
        );
      });
      return drawn ? { at: performance.now(), count: onScreen.length } : false;
    },
    undefined,
    { timeout: timeoutMs, polling: 'raf' },
  );
  const outcome = (await handle.jsonValue()) as { at?: number; count?: number; error?: string };
  if (outcome.error !== undefined) throw new Error(`A chart failed: ${outcome.error}`);
  return { at: outcome.at as number, count: outcome.count as number };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;
