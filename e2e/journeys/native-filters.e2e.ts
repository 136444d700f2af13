import { bigNumberTotalExample } from '@tessera/shared/viz/big_number_total/example';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, SCREENSHOT_DIR, screenshot } from '../support/browser.ts';
import { openDashboardMenu } from '../support/dashboardMenu.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 15's journey in Chromium (web side): on the example Flights dashboard an editor adds a
 * value filter on `flights.origin` in the config modal, scoped away from the big number; applying
 * it re-queries the charts in scope with the filter (the pie then shows one airport) and leaves
 * the big number alone; the address then carries `native_filters_key`, and a reload opens with
 * the same value applied from the first chart query, and so does a permalink in a fresh context.
 */

const ORIGIN = 'ORD';
const PIE = 'Busiest origin airports';

interface ChartCall {
  sliceId: number;
  extra: { filters?: Array<{ col: unknown; op: string; val?: unknown }> } | undefined;
}

/** The chart queries a request carries (a batch carries several; filter option queries none). */
function chartCalls(request: Request): ChartCall[] {
  const { pathname } = new URL(request.url());
  if (request.method() !== 'POST' || !pathname.startsWith('/api/v1/chart/data')) return [];
  const body = request.postDataJSON() as {
    queries?: Array<{ form_data?: Record<string, unknown> }>;
    form_data?: Record<string, unknown>;
  };
  const contexts = pathname.endsWith('/batch') ? (body.queries ?? []) : [body];
  return contexts
    .map((context) => context.form_data ?? {})
    .filter((formData) => typeof formData.slice_id === 'number')
    .map((formData) => ({
      sliceId: formData.slice_id as number,
      extra: formData.extra_form_data as ChartCall['extra'],
    }));
}

function recordChartCalls(page: Page): ChartCall[] {
  const calls: ChartCall[] = [];
  page.on('request', (request) => calls.push(...chartCalls(request)));
  return calls;
}

/** The rows the pie's answer had, from the chart-data answer that carried it. */
async function pieRows(page: Page, pieId: number, withFilter: boolean): Promise<number> {
  const response = await page.waitForResponse((r) =>
    chartCalls(r.request()).some(
      (call) => call.sliceId === pieId && Boolean(call.extra?.filters?.length) === withFilter,
    ),
  );
  const calls = chartCalls(response.request());
  const index = calls.findIndex((call) => call.sliceId === pieId);
  const body = (await response.json()) as {
    result: Array<{ result?: Array<{ data: unknown[] }>; data?: unknown[] }>;
  };
  const isBatch = new URL(response.url()).pathname.endsWith('/batch');
  const answer = isBatch ? body.result[index]?.result?.[0] : body.result[0];
  return answer?.data?.length ?? -1;
}

const chart = (page: Page, id: number) =>
  page.locator(`[data-testid="dashboard-chart"][data-chart-id="${id}"]`);

/** Types into an antd Select with server search and picks the option titled `option`. */
async function searchAndPick(page: Page, select: ReturnType<Page['getByTestId']>, option: string) {
  await select.click();
  await select.locator('input').fill(option);
  await page.locator(`.ant-select-dropdown .ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press('Escape');
}

async function waitForDashboard(api: ApiClient, slug: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const charts = await api.request('GET', `/api/v1/dashboard/${slug}/charts`);
    if (charts.status === 200) {
      return (charts.body as { result: Array<{ id: number; slice_name: string }> }).result;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`The example dashboard ${slug} was not loaded within ${timeoutMs} ms`);
}

describe('native filters journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let pieId: number;
  let totalId: number;

  beforeAll(async () => {
    server = await startServer({ loadExamples: true });
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const charts = await waitForDashboard(api, 'flights', 240_000);
    pieId = charts.find((c) => c.slice_name === PIE)?.id as number;
    totalId = charts.find((c) => c.slice_name === bigNumberTotalExample.sliceName)?.id as number;
    expect(pieId).toBeTypeOf('number');
    expect(totalId).toBeTypeOf('number');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a value filter in the config modal, applies it to the charts in scope only, and keeps it over a reload and in a permalink', async () => {
    // A retry starts from the example dashboard as loaded: without native filters.
    const item = (await api.request('GET', '/api/v1/dashboard/flights')).body as {
      result: { id: number; json_metadata: string };
    };
    const stored = (JSON.parse(item.result.json_metadata || '{}').native_filter_configuration ??
      []) as Array<{ id: string }>;
    if (stored.length > 0) {
      const reset = await api.request('PUT', `/api/v1/dashboard/${item.result.id}/filters`, {
        deleted: stored.map((f) => f.id),
      });
      expect(reset.status).toBe(200);
    }
    const { context, page } = await newPage(browser);
    await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const calls = recordChartCalls(page);
    await page.goto(`${server.baseUrl}/dashboard/flights/`);
    await chart(page, pieId).and(page.locator('[data-status="rendered"]')).waitFor();
    await chart(page, totalId).and(page.locator('[data-status="rendered"]')).waitFor();
    const totalName = await chart(page, totalId).getByTestId('chart-title').textContent();

    // The config modal: name, dataset, column, and a scope without the big number.
    await page.getByTestId('filter-add-edit').click();
    await page.getByTestId('filter-config-name').fill('Origin');
    await searchAndPick(page, page.getByTestId('filter-config-dataset'), 'flights');
    await page.getByTestId('filter-config-column').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option[title="origin"]').click();
    await page.getByTestId('filter-config-scope-specific').click();
    await page
      .getByTestId('filter-config-scope-tree')
      .locator('.ant-tree-treenode', { hasText: totalName ?? '' })
      .locator('.ant-tree-checkbox')
      .click();
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/native-filters-config-modal.png`,
    });
    await page.getByTestId('filter-config-save').click();
    await page.getByTestId('filters-config-modal').waitFor({ state: 'detached' });
    const control = page.getByTestId('filter-control').filter({ hasText: 'Origin' });
    await control.waitFor();

    // Apply a value: the pie is asked again with the filter and answers one airport.
    await searchAndPick(page, control, ORIGIN);
    const before = calls.length;
    const [filtered] = await Promise.all([
      pieRows(page, pieId, true),
      page.getByTestId('filter-bar-apply').click(),
    ]);
    expect(filtered).toBe(1);
    await chart(page, pieId).and(page.locator('[data-status="rendered"]')).waitFor();
    await expect
      .poll(() => chart(page, pieId).getByTestId('chart-filter-badge').getAttribute('data-count'))
      .toBe('1');
    const after = calls.slice(before);
    expect(after.some((call) => call.sliceId === pieId)).toBe(true);
    for (const call of after) {
      expect(call.extra?.filters).toEqual([{ col: 'origin', op: 'IN', val: [ORIGIN] }]);
    }
    // The big number is out of scope: not asked again, and no badge.
    expect(after.some((call) => call.sliceId === totalId)).toBe(false);
    expect(await chart(page, totalId).getByTestId('chart-filter-badge').count()).toBe(0);

    await page.evaluate(() => globalThis.scrollTo(0, 0));
    const filterBar = page.getByTestId('filter-bar');
    await filterBar.screenshot({ path: `${SCREENSHOT_DIR}/native-filters-bar.png` });
    await screenshot(page, 'native-filters-dashboard');

    // The address now names the stored filter state; a reload applies it from the first query.
    await page.waitForURL(/native_filters_key=/);
    const reloaded = calls.length;
    const [firstPie] = await Promise.all([pieRows(page, pieId, true), page.reload()]);
    expect(firstPie).toBe(1);
    await control.getByText(ORIGIN).waitFor();
    const afterReload = calls.slice(reloaded);
    expect(afterReload.filter((call) => call.sliceId === pieId)).toHaveLength(1);
    expect(afterReload.find((call) => call.sliceId === totalId)?.extra).toBeUndefined();

    // The dashboard's permalink carries the data mask: a fresh context sees the same filter.
    const [permalinkReply] = await Promise.all([
      page.waitForResponse(
        (r) => /\/api\/v1\/dashboard\/[^/]+\/permalink$/.test(new URL(r.url()).pathname) && r.ok(),
      ),
      openDashboardMenu(page, 'dashboard-menu-share-copy', 'dashboard-menu-share'),
    ]);
    const sent = permalinkReply.request().postDataJSON() as {
      dataMask: Record<string, { filterState?: { value?: unknown } }>;
    };
    expect(Object.values(sent.dataMask).map((mask) => mask.filterState?.value)).toEqual([[ORIGIN]]);
    const { url } = (await permalinkReply.json()) as { url: string };
    await context.close();

    const fresh = await newPage(browser);
    await login(fresh.page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const [freshPie] = await Promise.all([pieRows(fresh.page, pieId, true), fresh.page.goto(url)]);
    expect(freshPie).toBe(1);
    await fresh.page.getByTestId('filter-control').getByText(ORIGIN).waitFor();
    await fresh.context.close();
  });
});
