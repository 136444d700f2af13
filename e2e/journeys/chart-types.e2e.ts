import { VIZ_KEYS } from '@tessera/shared/viz/registry';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { compareWithBaseline, settledScreenshot } from '../support/visual.ts';

/**
 * Issue 5's visual regression: every one of the 26 chart types, drawn from its saved example
 * chart on the example data in standalone Explore, compared with its committed screenshot
 * (e2e/baselines/chart-<viz_type>.png) within a tolerance.
 */

interface ChartRow {
  id: number;
  viz_type: string;
  slice_name: string;
}

async function exampleCharts(api: ApiClient, timeoutMs: number): Promise<Map<string, ChartRow>> {
  const deadline = Date.now() + timeoutMs;
  const q = encodeURIComponent('(page:0,page_size:200,columns:!(id,viz_type,slice_name))');
  let byType = new Map<string, ChartRow>();
  while (Date.now() < deadline) {
    const answer = (await api.request('GET', `/api/v1/chart/?q=${q}`)).body as {
      result?: ChartRow[];
    };
    byType = new Map((answer.result ?? []).map((row) => [row.viz_type, row]));
    if (VIZ_KEYS.every((key) => byType.has(key))) return byType;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const missing = VIZ_KEYS.filter((key) => !byType.has(key));
  throw new Error(`Example charts missing after ${timeoutMs} ms: ${missing.join(', ')}`);
}

describe('every chart type draws its example as before', () => {
  let server: RunningServer;
  let browser: Browser;
  let charts: Map<string, ChartRow>;

  beforeAll(async () => {
    server = await startServer({ loadExamples: true });
    browser = await launchBrowser();
    const api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    charts = await exampleCharts(api, 240_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders all 26 chart types within the visual tolerance', async () => {
    expect(VIZ_KEYS).toHaveLength(26);
    const { context, page } = await newPage(browser);
    const failures: string[] = [];
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      for (const key of VIZ_KEYS) {
        const chart = charts.get(key) as ChartRow;
        await page.goto(`${server.baseUrl}/explore/?slice_id=${chart.id}&standalone=1`);
        const container = page.locator(`[data-testid="chart-container"][data-viz-type="${key}"]`);
        try {
          await container.waitFor({ timeout: 60_000 });
        } catch {
          const error = await page
            .getByTestId('chart-error')
            .first()
            .textContent({ timeout: 1000 })
            .catch(() => null);
          failures.push(`${key}: not drawn${error ? ` (${error})` : ''}`);
          continue;
        }
        // The picture once entry animations and the word cloud's layout have settled.
        const png = await settledScreenshot(container);
        const result = await compareWithBaseline(page, `chart-${key}`, png);
        if (result.outcome === 'differs') {
          failures.push(`${key}: ${(result.differingRatio * 100).toFixed(1)}% of pixels differ`);
        } else if (result.outcome === 'missing') {
          failures.push(`${key}: no baseline at ${result.baseline}`);
        }
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('labels map clusters with their counts and shows every type drawn in the gallery', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      const chart = charts.get('mapbox') as ChartRow;
      await page.goto(`${server.baseUrl}/explore/?slice_id=${chart.id}`);
      // The offline basemap has no glyphs: the counts are HTML over the cluster circles.
      const counts = page.getByTestId('mapbox-cluster-count');
      await counts.first().waitFor({ timeout: 60_000 });
      const labels = await counts.allTextContents();
      expect(labels.length).toBeGreaterThan(1);
      for (const label of labels) expect(label).toMatch(/^\d+(\.\d)?k?$/);

      await page.getByTestId('viz-type-picker').click();
      const tiles = page.getByTestId('viz-type-option');
      await tiles.first().waitFor();
      expect(await tiles.count()).toBe(VIZ_KEYS.length);
      // Every tile's drawing decoded and shown (the drawings arrive in a chunk of their own).
      const drawn = () =>
        page
          .locator('[data-testid="viz-type-option"] img[data-testid="viz-type-thumbnail"]')
          .evaluateAll(
            (images) =>
              images.filter(
                (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
              ).length,
          );
      await expect.poll(drawn, { timeout: 15_000 }).toBe(VIZ_KEYS.length);
      await screenshot(page, 'chart-type-gallery');
    } finally {
      await context.close();
    }
  }, 180_000);
});
