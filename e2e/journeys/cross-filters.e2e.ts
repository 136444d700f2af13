import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 15's cross-filter journeys on the example Flights dashboard: a click on a pie slice
 * filters the other charts (never the pie itself), the pie shows its selection, the filter bar
 * lists the cross-filter and clears it; the horizontal bar (behind HORIZONTAL_FILTER_BAR) lists
 * it too. Also the config modal's time-range filter, a cascade (the child's options follow the
 * parent) and a deleted filter restored within 5 s.
 */

const PIE = 'Busiest origin airports';

interface ChartCall {
  sliceId: number | null;
  vizType: string;
  extra: { filters?: Array<{ col: unknown; op: string; val?: unknown }>; time_range?: string };
}

function chartCalls(request: Request): ChartCall[] {
  const { pathname } = new URL(request.url());
  if (request.method() !== 'POST' || !pathname.startsWith('/api/v1/chart/data')) return [];
  const body = request.postDataJSON() as {
    queries?: Array<{ form_data?: Record<string, unknown> }>;
    form_data?: Record<string, unknown>;
  };
  const contexts = pathname.endsWith('/batch') ? (body.queries ?? []) : [body];
  return contexts.map((context) => {
    const formData = context.form_data ?? {};
    return {
      sliceId: typeof formData.slice_id === 'number' ? formData.slice_id : null,
      vizType: String(formData.viz_type),
      extra: (formData.extra_form_data ?? {}) as ChartCall['extra'],
    };
  });
}

function recordChartCalls(page: Page): ChartCall[] {
  const calls: ChartCall[] = [];
  page.on('request', (request) => calls.push(...chartCalls(request)));
  return calls;
}

const chart = (page: Page, id: number) =>
  page.locator(`[data-testid="dashboard-chart"][data-chart-id="${id}"]`);

/** Clicks the pie's ring until a slice takes the click (its geometry depends on the legend). */
async function clickPieSlice(page: Page, pieId: number): Promise<void> {
  const canvas = chart(page, pieId).locator('[data-testid="chart-container"] canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The pie has no canvas');
  const item = page.getByTestId('cross-filter-item');
  for (const share of [0.27, 0.3, 0.24, 0.32]) {
    for (let angle = 0; angle < 360; angle += 30) {
      const r = Math.min(box.width, box.height) * share;
      const x = box.width / 2 + r * Math.cos((angle * Math.PI) / 180);
      const y = box.height / 2 + r * Math.sin((angle * Math.PI) / 180);
      await canvas.click({ position: { x, y } });
      if (
        await item
          .first()
          .isVisible({ timeout: 300 })
          .catch(() => false)
      )
        return;
      try {
        await item.first().waitFor({ timeout: 400 });
        return;
      } catch {
        // Missed: the next point.
      }
    }
  }
  throw new Error('No click landed on a pie slice');
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

describe('cross-filters journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let pieId: number;
  let chartIds: number[];

  /** The example dashboard's metadata with `changes`, and its native filters replaced. */
  async function resetDashboard(changes: Record<string, unknown>, filters: unknown[] = []) {
    const item = (await api.request('GET', '/api/v1/dashboard/flights')).body as {
      result: { id: number; json_metadata: string };
    };
    const metadata = JSON.parse(item.result.json_metadata || '{}');
    const stored = (metadata.native_filter_configuration ?? []) as Array<{ id: string }>;
    const put = await api.request('PUT', `/api/v1/dashboard/${item.result.id}`, {
      json_metadata: JSON.stringify({
        ...metadata,
        chart_configuration: {},
        filter_bar_orientation: 'VERTICAL',
        ...changes,
      }),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const replaced = await api.request('PUT', `/api/v1/dashboard/${item.result.id}/filters`, {
      // Deleting wins over modifying: ids that stay are only replaced.
      deleted: stored
        .map((f) => f.id)
        .filter((id) => !filters.some((f) => (f as { id: string }).id === id)),
      modified: filters,
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    return item.result.id;
  }

  async function openDashboard() {
    const { context, page } = await newPage(browser);
    await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const calls = recordChartCalls(page);
    await page.goto(`${server.baseUrl}/dashboard/flights/`);
    await chart(page, pieId).and(page.locator('[data-status="rendered"]')).waitFor();
    return { context, page, calls };
  }

  beforeAll(async () => {
    server = await startServer({
      loadExamples: true,
      env: { TESSERA_FEATURE_FLAGS: 'HORIZONTAL_FILTER_BAR' },
    });
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const charts = await waitForDashboard(api, 'flights', 240_000);
    pieId = charts.find((c) => c.slice_name === PIE)?.id as number;
    chartIds = charts.map((c) => c.id);
    expect(pieId).toBeTypeOf('number');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('cross-filters by a pie slice: the other charts change, the pie shows it, the bar clears it', async () => {
    await resetDashboard({ cross_filters_enabled: true });
    const { context, page, calls } = await openDashboard();
    const before = calls.length;

    await clickPieSlice(page, pieId);
    const item = page.getByTestId('cross-filter-item');
    expect(await item.getAttribute('data-filter-key')).toBe(`${pieId}_origin`);
    // The other charts on the flights dataset query again with the slice's airport.
    await expect
      .poll(() => calls.slice(before).filter((c) => c.extra.filters?.length).length)
      .toBeGreaterThan(0);
    const filtered = calls.slice(before).filter((c) => c.sliceId !== null);
    expect(filtered.some((c) => c.sliceId === pieId)).toBe(false);
    const [clause] = filtered.find((c) => c.extra.filters)?.extra.filters ?? [];
    expect(clause).toMatchObject({ col: 'origin', op: 'IN' });
    const airport = String((clause?.val as string[] | undefined)?.[0]);
    await expect.poll(() => item.textContent()).toContain(airport);
    const other = filtered.find((c) => c.extra.filters)?.sliceId as number;
    await expect
      .poll(() => chart(page, other).getByTestId('chart-filter-badge').getAttribute('data-count'))
      .toBe('1');
    expect(await chart(page, pieId).getByTestId('chart-filter-badge').count()).toBe(0);
    await chart(page, other).and(page.locator('[data-status="rendered"]')).waitFor();
    // The address keeps it, as native filters are kept.
    await page.waitForURL(/native_filters_key=/);
    await page.evaluate(() => globalThis.scrollTo(0, 0));
    await screenshot(page, 'cross-filter-active');

    // Cleared from the filter bar: the other charts query again without it.
    const cleared = calls.length;
    await page.getByTestId('cross-filter-clear').click();
    await item.waitFor({ state: 'detached' });
    await expect
      .poll(() => calls.slice(cleared).some((c) => c.sliceId === other && !c.extra.filters))
      .toBe(true);
    expect(calls.slice(cleared).some((c) => c.sliceId === pieId)).toBe(false);
    await context.close();
  });

  it('keeps a chart’s cross-filter to its scope, and emits nothing when cross-filters are off', async () => {
    const excluded = chartIds.filter((id) => id !== pieId).slice(0, 1);
    await resetDashboard({
      cross_filters_enabled: true,
      chart_configuration: {
        [pieId]: { id: pieId, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded } } },
      },
    });
    const { context, page, calls } = await openDashboard();
    const before = calls.length;
    await clickPieSlice(page, pieId);
    await expect
      .poll(() => calls.slice(before).filter((c) => c.extra.filters?.length).length)
      .toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(calls.slice(before).some((c) => c.sliceId === excluded[0])).toBe(false);
    await context.close();

    await resetDashboard({ cross_filters_enabled: false });
    const off = await openDashboard();
    const canvas = chart(off.page, pieId).locator('[data-testid="chart-container"] canvas').first();
    const box = await canvas.boundingBox();
    const offBefore = off.calls.length;
    await canvas.click({
      position: { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) / 2 - (box?.height ?? 0) * 0.27 },
    });
    await off.page.waitForTimeout(800);
    expect(await off.page.getByTestId('cross-filter-item').count()).toBe(0);
    expect(off.calls.slice(offBefore).filter((c) => c.sliceId !== null)).toEqual([]);
    await off.context.close();
  });

  it('lists the cross-filter in the horizontal filter bar behind its flag', async () => {
    await resetDashboard({ cross_filters_enabled: true, filter_bar_orientation: 'HORIZONTAL' });
    const { context, page } = await openDashboard();
    const bar = page.getByTestId('filter-bar');
    expect(await bar.getAttribute('data-orientation')).toBe('horizontal');
    await clickPieSlice(page, pieId);
    await bar.getByTestId('cross-filter-item').waitFor();
    await screenshot(page, 'cross-filter-horizontal-bar');
    await bar.getByTestId('cross-filter-clear').click();
    await bar.getByTestId('cross-filter-item').waitFor({ state: 'detached' });
    await context.close();
  });

  it('adds a time-range filter in the config modal and applies it', async () => {
    await resetDashboard({ cross_filters_enabled: true });
    const { context, page, calls } = await openDashboard();
    await page.getByTestId('filter-add-edit').click();
    await page.getByTestId('filter-config-type').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option[title="Time range"]').click();
    await page.getByTestId('filter-config-name').fill('When');
    await page.getByTestId('filter-config-save').click();
    await page.getByTestId('filters-config-modal').waitFor({ state: 'detached' });
    const control = page.getByTestId('filter-control').filter({ hasText: 'When' });
    const filterId = (await control.getAttribute('data-filter-id')) as string;
    await page.getByTestId(`time-range-trigger-${filterId}`).click();
    await page.getByTestId('time-range-tab-last').click();
    await page.getByTestId('time-range-option').first().click();
    await page.getByTestId('time-range-apply').click();
    const before = calls.length;
    await page.getByTestId('filter-bar-apply').click();
    await expect
      .poll(() => calls.slice(before).filter((c) => c.sliceId !== null && c.extra.time_range))
      .not.toEqual([]);
    const [first] = calls.slice(before).filter((c) => c.extra.time_range);
    expect(first?.extra.time_range).toMatch(/^Last /);
    await context.close();
  });

  it('cascades a child’s options from its parent, and restores a deleted filter within 5 s', async () => {
    const flights = (
      (await api.request('GET', '/api/v1/dashboard/flights/datasets')).body as {
        result: Array<{ id: number; table_name?: string; name?: string }>;
      }
    ).result.find((d) => (d.table_name ?? d.name) === 'flights')?.id as number;
    const select = (id: string, name: string, column: string, parents: string[] = []) => ({
      id,
      type: 'NATIVE_FILTER',
      name,
      filterType: 'filter_select',
      targets: [{ datasetId: flights, column: { name: column } }],
      controlValues: { multiSelect: true },
      cascadeParentIds: parents,
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
    });
    await resetDashboard({ cross_filters_enabled: true }, [
      select('NATIVE_FILTER-origin', 'Origin', 'origin'),
      select('NATIVE_FILTER-destination', 'Destination', 'destination', ['NATIVE_FILTER-origin']),
    ]);
    const { context, page, calls } = await openDashboard();
    const parent = page.locator(
      '[data-testid="filter-control"][data-filter-id="NATIVE_FILTER-origin"]',
    );
    await parent.waitFor();
    await parent.click();
    await parent.locator('input').fill('ORD');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="ORD"]').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-bar-apply').click();
    // The child asks its options with the parent's value.
    await expect
      .poll(() =>
        calls.some(
          (c) =>
            c.vizType === 'filter_select' &&
            c.extra.filters?.some((f) => f.col === 'origin' && JSON.stringify(f.val) === '["ORD"]'),
        ),
      )
      .toBe(true);

    // Delete in the config modal, then restore before the 5 s run out.
    await page.getByTestId('filter-add-edit').click();
    const item = page
      .getByTestId('filter-config-item')
      .and(page.locator('[data-filter-id="NATIVE_FILTER-destination"]'));
    await item.click();
    await item.getByTestId('filter-config-delete').click();
    expect(await item.getAttribute('data-removed')).toBe('true');
    await page.getByTestId('filter-config-restore').click();
    expect(await item.getAttribute('data-removed')).not.toBe('true');
    await page.getByTestId('filter-config-save').click();
    await page.getByTestId('filters-config-modal').waitFor({ state: 'detached' });
    const stored = (await api.request('GET', '/api/v1/dashboard/flights')).body as {
      result: { json_metadata: string };
    };
    const ids = JSON.parse(stored.result.json_metadata).native_filter_configuration.map(
      (f: { id: string }) => f.id,
    );
    expect(ids).toEqual(['NATIVE_FILTER-origin', 'NATIVE_FILTER-destination']);
    await context.close();
  });
});
