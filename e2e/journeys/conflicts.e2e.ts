import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Two editors, one chart or dashboard: the later save is not allowed to wipe out the earlier one
 * silently (issue 21, item 13). Another editor saves through the API while the page is open; the
 * page's save is answered 409 and the person chooses to overwrite, or to reload theirs.
 */

interface Listed {
  result?: Array<{ id: number; slice_name?: string; dashboard_title?: string }>;
}

async function firstOf(api: ApiClient, resource: 'chart' | 'dashboard', timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const q = encodeURIComponent('(order_column:id,order_direction:asc,page_size:1)');
    const body = (await api.request('GET', `/api/v1/${resource}/?q=${q}`)).body as Listed;
    const first = body.result?.[0];
    if (first) return first;
    if (Date.now() > deadline) throw new Error(`No example ${resource} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Saves compare times in whole seconds: wait until the clock has moved past the page's load. */
async function nextSecond() {
  const loaded = Math.floor(Date.now() / 1000);
  await expect.poll(() => Math.floor(Date.now() / 1000), { timeout: 3000 }).toBeGreaterThan(loaded);
}

async function expectText(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });
}

describe('two editors saving the same thing, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startServer({ loadExamples: true });
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    await firstOf(api, 'dashboard', 240_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Explore offers to overwrite a chart another editor saved meanwhile', async () => {
    const chart = await firstOf(api, 'chart', 10_000);
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/explore/?slice_id=${chart.id}`);
      await page
        .locator('[data-testid="explore-chart"][data-status="rendered"]')
        .waitFor({ timeout: 60_000 });
      await nextSecond();
      const other = await api.request('PUT', `/api/v1/chart/${chart.id}`, {
        description: 'Saved by another editor',
      });
      expect(other.status).toBe(200);

      await page.getByTestId('explore-save').click();
      await page.getByTestId('save-modal-overwrite').click();
      await page.getByTestId('save-modal-submit').click();
      await page.getByTestId('save-modal-conflict-overwrite').waitFor({ timeout: 30_000 });
      await screenshot(page, 'explore-save-conflict');

      await page.getByTestId('save-modal-conflict-overwrite').click();
      await expectText(page, `Chart [${chart.slice_name}] has been overwritten`);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('the dashboard editor lists what would be overwritten, and overwrites on request', async () => {
    const dashboard = await firstOf(api, 'dashboard', 10_000);
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/${dashboard.id}/`);
      await page.getByTestId('dashboard-edit').click();
      await page.locator('[data-testid="dashboard-page"][data-edit-mode="true"]').waitFor();
      await page.getByTestId('dashboard-title').click();
      await page.getByTestId('dashboard-title-input').fill('Mine, saved second');
      await page.getByTestId('dashboard-title-input').press('Enter');
      await nextSecond();
      const other = await api.request('PUT', `/api/v1/dashboard/${dashboard.id}`, {
        dashboard_title: 'Theirs, saved first',
      });
      expect(other.status).toBe(200);

      await page.getByTestId('dashboard-save').click();
      await page.getByTestId('overwrite-confirm-body').waitFor({ timeout: 30_000 });
      await expectText(page, 'Please confirm the overwrite values');
      await screenshot(page, 'dashboard-save-conflict');

      await page.getByTestId('overwrite-confirm').click();
      await page.locator('[data-testid="dashboard-page"][data-edit-mode="false"]').waitFor();
      const saved = (await api.request('GET', `/api/v1/dashboard/${dashboard.id}`)).body as {
        result: { dashboard_title: string };
      };
      expect(saved.result.dashboard_title).toBe('Mine, saved second');
    } finally {
      await context.close();
    }
  }, 180_000);
});
