import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 5's journey in Chromium: from the `stocks` dataset build a line chart with a time grain
 * and a filter, save it onto a new dashboard, overwrite it, reopen it from the chart list,
 * favourite it, and open its permalink in a fresh browser context.
 */

const CHART = 'AAPL price by month';
const DASHBOARD = 'E2E stocks';

async function datasetId(api: ApiClient, table: string, timeoutMs: number): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${table})))`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = (await api.request('GET', `/api/v1/dataset/?q=${q}`)).body as {
      result?: Array<{ id: number }>;
    };
    const id = answer.result?.[0]?.id;
    if (id !== undefined) return id;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`The examples dataset ${table} was not registered within ${timeoutMs} ms`);
}

/** Opens the antd select with this test id, types `text` and picks the option showing it. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });
}

async function runChart(page: Page) {
  await page.getByTestId('explore-run').click();
  await page.locator('[data-testid="explore-chart"][data-status="rendered"]').waitFor({
    timeout: 60_000,
  });
}

describe('explore journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let stocks: number;

  beforeAll(async () => {
    server = await startServer({ loadExamples: true });
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    stocks = await datasetId(api, 'stocks', 240_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds, saves, overwrites, reopens, stars and shares a line chart', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(
        `${server.baseUrl}/explore/?datasource_type=table&datasource_id=${stocks}&viz_type=echarts_timeseries_line`,
      );
      await page.getByTestId('explore-controls').waitFor();

      // Metric: AVG(price), built in the Simple tab of the metric popover.
      await page.getByTestId('metric-metrics-add').click();
      await page.getByTestId('metric-tab-simple').click();
      await pick(page, 'metric-column-select', 'price');
      await pick(page, 'metric-aggregate-select', 'AVG');
      await page.getByTestId('metric-popover-save').click();

      // Time grain: month. Filter: symbol = AAPL.
      await pick(page, 'select-time_grain_sqla', 'Month');
      await page.getByTestId('filter-adhoc_filters-add').click();
      await pick(page, 'filter-column-select', 'symbol');
      await pick(page, 'filter-operator-select', 'Equal to (=)');
      await page.getByTestId('filter-comparator').click();
      await page.keyboard.type('AAPL');
      await page.keyboard.press('Enter');
      await page.getByTestId('filter-popover-save').click();
      await expect.poll(() => page.getByTestId('filter-adhoc_filters-chip').count()).toBe(1);

      await runChart(page);
      await screenshot(page, 'explore-line-chart');

      // Save onto a new dashboard.
      await page.getByTestId('explore-save').click();
      await page.getByTestId('save-modal').waitFor();
      await page.getByTestId('save-modal-name').fill(CHART);
      await page.getByTestId('save-modal-dashboard').click();
      await page.keyboard.type(DASHBOARD);
      await page.keyboard.press('Enter');
      await page.getByTestId('save-modal-submit').click();
      await expectToast(page, `Chart [${CHART}] has been saved`);
      await expectToast(
        page,
        `Dashboard [${DASHBOARD}] just got created and chart [${CHART}] was added to it`,
      );
      await page.waitForURL(/slice_id=\d+/);
      const sliceId = Number(new URL(page.url()).searchParams.get('slice_id'));

      const dashboards = (await api.request('GET', `/api/v1/chart/${sliceId}`)).body as {
        result: { dashboards: Array<{ id: number; dashboard_title: string }> };
      };
      expect(dashboards.result.dashboards.map((d) => d.dashboard_title)).toEqual([DASHBOARD]);

      // Overwrite with a yearly grain.
      await pick(page, 'select-time_grain_sqla', 'Year');
      await runChart(page);
      await page.getByTestId('explore-save').click();
      await page.getByTestId('save-modal-overwrite').click();
      await page.getByTestId('save-modal-submit').click();
      await expectToast(page, `Chart [${CHART}] has been overwritten`);
      const saved = (await api.request('GET', `/api/v1/chart/${sliceId}`)).body as {
        result: { params: string };
      };
      expect(JSON.parse(saved.result.params).time_grain_sqla).toBe('P1Y');

      // Reopen it from the chart list, then favourite it.
      await page.goto(`${server.baseUrl}/chart/list/`);
      await page.getByTestId('chart-list-page').waitFor();
      await page.getByText(CHART, { exact: true }).first().click();
      await page.waitForURL(new RegExp(`slice_id=${sliceId}`));
      await page.locator('[data-testid="explore-chart"][data-status="rendered"]').waitFor({
        timeout: 60_000,
      });
      await expect
        .poll(() => page.getByTestId('explore-chart-name').textContent())
        .toContain(CHART);
      await page.getByTestId('explore-star').click();
      await expect
        .poll(() => page.getByTestId('explore-star').getAttribute('data-starred'))
        .toBe('true');
      const status = (await api.request('GET', `/api/v1/chart/favorite_status/?q=!(${sliceId})`))
        .body as { result: Array<{ value: boolean }> };
      // The favourite belongs to the browser's user; the API client is the same admin.
      expect(status.result[0]?.value).toBe(true);

      // Share: the permalink opens the same chart in a fresh context.
      const permalinkReply = page.waitForResponse((r) =>
        r.url().includes('/api/v1/explore/permalink'),
      );
      await page.getByTestId('explore-share').click();
      await page.getByTestId('explore-copy-permalink').click();
      const { url } = (await (await permalinkReply).json()) as { url: string };
      expect(url).toMatch(/\/explore\/p\/[\w-]+\/?$/);

      const fresh = await newPage(browser);
      try {
        await login(fresh.page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
        await fresh.page.goto(url);
        await fresh.page
          .locator('[data-testid="explore-chart"][data-status="rendered"]')
          .waitFor({ timeout: 60_000 });
        await screenshot(fresh.page, 'explore-permalink');
      } finally {
        await fresh.context.close();
      }
    } finally {
      await context.close();
    }
  }, 600_000);

  it('orders a raw-records table by a column chosen in the Ordering control', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      const formData = {
        datasource: `${stocks}__table`,
        viz_type: 'table',
        query_mode: 'raw',
        all_columns: ['symbol', 'date', 'price'],
        row_limit: 100,
      };
      const created = await api.request('POST', '/api/v1/chart/', {
        slice_name: 'E2E raw stock prices',
        viz_type: 'table',
        datasource_id: stocks,
        datasource_type: 'table',
        params: JSON.stringify(formData),
      });
      expect(created.status).toBe(201);
      await page.goto(`${server.baseUrl}/explore/?slice_id=${(created.body as { id: number }).id}`);
      await page.getByTestId('explore-controls').waitFor();
      await page.getByTestId('select-order_by_cols').click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      // Each column of the dataset, ascending and descending.
      await options.filter({ hasText: 'price [desc]' }).waitFor();
      expect(await options.filter({ hasText: 'symbol [asc]' }).count()).toBe(1);
      await options.filter({ hasText: 'price [desc]' }).click();
      await page.keyboard.press('Escape');
      const request = page.waitForRequest((r) => r.url().includes('/api/v1/chart/data'));
      await runChart(page);
      const body = (await request).postDataJSON() as { queries: Array<{ orderby: unknown }> };
      expect(body.queries[0]?.orderby).toEqual([['price', false]]);
      const prices = await page
        .locator('[data-testid="table-chart"] tbody tr')
        .evaluateAll((rows) =>
          rows.slice(0, 5).map((row) => Number(row.querySelectorAll('td')[2]?.textContent)),
        );
      expect(prices.length).toBe(5);
      expect([...prices].sort((a, b) => b - a)).toEqual(prices);
      await screenshot(page, 'explore-raw-table-ordering');
    } finally {
      await context.close();
    }
  }, 120_000);
});
