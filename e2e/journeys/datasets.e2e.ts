import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 4's dataset pages in Chromium: create a dataset from an examples table through the flow,
 * edit it (a column label, a metric, a calculated column), see the edits after a reload, have a
 * bad metric refused with the engine's message, delete it; and an admin adds a row-level
 * security rule.
 */

interface ListAnswer {
  result: Array<{ id: number; table_name: string }>;
}

async function datasetId(api: ApiClient, table: string): Promise<number | undefined> {
  const q = `(filters:!((col:table_name,opr:eq,value:${table})))`;
  const answer = (await api.request('GET', `/api/v1/dataset/?q=${encodeURIComponent(q)}`))
    .body as ListAnswer;
  return answer.result[0]?.id;
}

async function waitForDataset(api: ApiClient, table: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const id = await datasetId(api, table);
    if (id !== undefined) return id;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`The examples dataset ${table} was not registered within ${timeoutMs} ms`);
}

/** Picks `option` in the antd select with this test id, typing it first to narrow the list. */
async function pickOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press('Escape');
}

describe('dataset journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startServer({ loadExamples: true });
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    // The examples load after the server starts listening and arrive registered as datasets:
    // wait for them, then free one table so the flow can create its dataset.
    const barley = await waitForDataset(api, 'barley', 240_000);

    expect((await api.request('DELETE', `/api/v1/dataset/${barley}`)).status).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a dataset through the flow, edits it, sees a bad metric refused and deletes it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.getByTestId('nav-datasets').click();
      await page.getByTestId('dataset-list-page').waitFor();
      await page.getByTestId('dataset-row-name').first().waitFor();
      await screenshot(page, 'datasets-list');

      // The flow: database and schema are preselected for the single examples database.
      await page.getByTestId('dataset-add').click();
      await page.getByTestId('dataset-add-page').waitFor();
      await page.getByTestId('add-table-search').fill('barl');
      await page.locator('[data-testid="add-table-item"][data-table="barley"]').click();
      await expect
        .poll(() => page.getByTestId('add-preview-column').allTextContents())
        .toEqual(['yield', 'variety', 'year', 'site']);
      await screenshot(page, 'datasets-add-preview');
      await page.getByTestId('add-create').click();

      // Created: the editor opens on the new dataset.
      await page.waitForURL(
        (url) => url.pathname === '/tablemodelview/list/' && url.search.startsWith('?edit='),
      );
      const id = Number(new URL(page.url()).searchParams.get('edit'));
      expect(id).toBeGreaterThan(0);
      const editor = page.getByTestId('dataset-editor');
      await editor.waitFor();
      await expect.poll(() => page.getByTestId('editor-title-name').textContent()).toBe('barley');
      await screenshot(page, 'datasets-editor-settings');

      await page.getByTestId('editor-tab-columns').click();
      const yieldRow = page.getByRole('row').filter({
        has: page.locator('[data-testid="column-row"][data-column="yield"]'),
      });
      await yieldRow.getByTestId('column-verbose-name').fill('Yield (bushels per acre)');
      await screenshot(page, 'datasets-editor-columns');

      await page.getByTestId('editor-tab-metrics').click();
      await page.getByTestId('metric-add').first().click();
      await page.getByTestId('metric-name').last().fill('sum__yield');
      await page.getByTestId('metric-expression').last().fill('SUM(yield)');
      await screenshot(page, 'datasets-editor-metrics');

      await page.getByTestId('editor-tab-calculated').click();
      await page.getByTestId('calculated-add').first().click();
      await page.getByTestId('calculated-name').last().fill('yield_kg');
      await page.getByTestId('calculated-expression').last().fill('yield * 27.2');
      await screenshot(page, 'datasets-editor-calculated');

      await page.getByTestId('editor-save').click();
      await editor.waitFor({ state: 'hidden' });

      // After a reload the edits are there.
      await page.goto(`${server.baseUrl}/tablemodelview/list/?edit=${id}`);
      await editor.waitFor();
      await page.getByTestId('editor-tab-columns').click();
      await expect
        .poll(() => yieldRow.getByTestId('column-verbose-name').inputValue())
        .toBe('Yield (bushels per acre)');
      await page.getByTestId('editor-tab-metrics').click();
      await expect
        .poll(async () => {
          const names = page.getByTestId('metric-name');
          const values: string[] = [];
          for (let i = 0; i < (await names.count()); i += 1)
            values.push(await names.nth(i).inputValue());
          return values;
        })
        .toContain('sum__yield');
      await page.getByTestId('editor-tab-calculated').click();
      await expect
        .poll(() => page.getByTestId('calculated-name').last().inputValue())
        .toBe('yield_kg');
      await expect
        .poll(() => page.getByTestId('calculated-expression').last().inputValue())
        .toBe('yield * 27.2');

      // A metric over a column that does not exist is refused by the engine, next to the metric.
      await page.getByTestId('editor-tab-metrics').click();
      await page.getByTestId('metric-add').first().click();
      await page.getByTestId('metric-name').last().fill('bad_metric');
      await page.getByTestId('metric-expression').last().fill('SUM(no_such_column)');
      await page.getByTestId('editor-save').click();
      const rowError = page.getByTestId('row-error');
      await rowError.waitFor({ timeout: 15_000 });
      expect(await rowError.textContent()).toContain('Invalid expression for metric "bad_metric"');
      expect(await rowError.textContent()).toContain('no_such_column');
      await screenshot(page, 'datasets-editor-bad-metric');

      // Leaving asks first; discarding keeps the stored dataset as it was.
      await page.getByTestId('editor-cancel').click();
      await page.getByTestId('editor-discard').click();
      await editor.waitFor({ state: 'hidden' });
      const stored = (await api.request('GET', `/api/v1/dataset/${id}`)).body as {
        result: {
          metrics: Array<{ metric_name: string }>;
          columns: Array<{ column_name: string; verbose_name: string | null }>;
        };
      };
      expect(stored.result.metrics.map((m) => m.metric_name)).toEqual(['sum__yield']);
      expect(stored.result.columns.find((c) => c.column_name === 'yield')?.verbose_name).toBe(
        'Yield (bushels per acre)',
      );
      expect(stored.result.columns.map((c) => c.column_name)).toContain('yield_kg');

      // Delete it from the list.
      await page.getByTestId('list-search').fill('barley');
      const row = page.getByRole('row').filter({
        has: page.getByTestId('dataset-row-name').getByText('barley', { exact: true }),
      });
      await row.getByTestId('dataset-delete').click();
      await page.getByTestId('delete-dataset-summary').waitFor();
      await screenshot(page, 'datasets-delete-confirm');
      await page.getByTestId('confirm-delete').click();
      await expect.poll(() => datasetId(api, 'barley'), { timeout: 10_000 }).toBeUndefined();
      await row.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('lets an admin add a row level security rule', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('nav-row-level-security').click();
      await page.getByTestId('rls-list-page').waitFor();
      await screenshot(page, 'rls-empty');
      await page.getByTestId('rls-add').first().click();
      await page.getByTestId('rls-modal').waitFor();
      await page.getByTestId('rls-name').fill('Europe only');
      await pickOption(page, 'rls-tables', 'main.cars');
      await pickOption(page, 'rls-roles', 'Gamma');
      await page.getByTestId('rls-group-key').fill('region');
      await page.getByTestId('rls-clause').fill("origin = 'Europe'");
      await page.getByTestId('rls-description').fill('The Europe team sees European cars only.');
      await screenshot(page, 'rls-modal');
      await page.getByTestId('rls-submit').click();
      await page.getByTestId('rls-modal').waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.getByTestId('rls-row-name').allTextContents())
        .toEqual(['Europe only']);
      expect(await page.getByTestId('rls-row-tables').textContent()).toBe('main.cars');
      expect(await page.getByTestId('rls-row-roles').textContent()).toBe('Gamma');
      await screenshot(page, 'rls-list');
      const rules = (await api.request('GET', '/api/v1/rowlevelsecurity/')).body as {
        result: Array<{ name: string; filter_type: string; clause: string; group_key: string }>;
      };
      expect(rules.result).toEqual([
        expect.objectContaining({
          name: 'Europe only',
          filter_type: 'Regular',
          clause: "origin = 'Europe'",
          group_key: 'region',
        }),
      ]);
    } finally {
      await context.close();
    }
  });
});
