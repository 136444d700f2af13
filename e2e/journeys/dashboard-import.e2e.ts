import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleFiles, makeBundle } from '@tessera/server/src/dashboards/bundle/bundleFixtures.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 22's first defect in Chromium: a dashboard exported from the list and imported again
 * is not refused with a dead end; the dialog asks to type OVERWRITE, then imports with
 * `overwrite`. A bundle bringing a database whose exported URI masks its password asks for it.
 */

const TITLE = 'E2E round trip';
const CONFIRM_OVERWRITE =
  'You are importing one or more dashboards that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?';

async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });
}

async function dashboardTitles(api: ApiClient): Promise<string[]> {
  const answer = (await api.request('GET', '/api/v1/dashboard/')).body as {
    result: Array<{ dashboard_title: string }>;
  };
  return answer.result.map((d) => d.dashboard_title).sort();
}

describe('dashboard import in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let dashboardId: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const created = await api.request('POST', '/api/v1/dashboard/', { dashboard_title: TITLE });
    expect(created.status).toBe(201);
    dashboardId = (created.body as { id: number }).id;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('exports a dashboard, imports it again and overwrites it once OVERWRITE is typed', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/list/`);
      const row = page.locator('tr', { hasText: TITLE });
      const download = page.waitForEvent('download');
      await row.getByTestId('dashboard-export').click();
      const zip = await (await download).path();

      // Changed since the export: the overwrite must bring the exported title back.
      const renamed = await api.request('PUT', `/api/v1/dashboard/${dashboardId}`, {
        dashboard_title: 'Renamed meanwhile',
      });
      expect(renamed.status).toBe(200);

      await page.locator('input[type="file"]').setInputFiles(zip);
      const dialog = page.getByTestId('import-modal');
      await dialog.getByText(CONFIRM_OVERWRITE).waitFor();
      const confirm = page.getByTestId('import-overwrite-confirm');
      expect(await confirm.textContent()).toContain('Overwrite');
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByTestId('import-overwrite-input').fill('overwrite');
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByTestId('import-overwrite-input').fill('OVERWRITE');
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      await screenshot(page, 'dashboard-import-overwrite');
      await confirm.click();
      await expectToast(page, 'Dashboard imported');
      await dialog.waitFor({ state: 'detached' });
      expect(await dashboardTitles(api)).toEqual([TITLE]);
      await page.locator('tr', { hasText: TITLE }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('asks for the password of a database the bundle brings and imports with it', async () => {
    const files = bundleFiles({
      name: 'warehouse on postgres',
      uri: 'postgresql://reader:XXXXXXXXXX@127.0.0.1:5432/warehouse',
    });
    const zip = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-import-')), 'bundle.zip');
    writeFileSync(
      zip,
      await makeBundle({
        'databases/warehouse.yaml': files.database,
        'datasets/warehouse/sales.yaml': files.dataset,
        'charts/Chart.yaml': files.chart,
        'dashboards/Board.yaml': files.dashboard,
      }),
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/list/`);
      await page.locator('tr', { hasText: TITLE }).waitFor();
      await page.locator('input[type="file"]').setInputFiles(zip);
      const dialog = page.getByTestId('import-modal');
      await dialog.getByText('Database passwords').waitFor();
      await dialog.getByText('databases/warehouse.yaml').waitFor();
      const confirm = page.getByTestId('import-overwrite-confirm');
      expect(await confirm.textContent()).toContain('Import');
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByTestId('import-password').fill('reader-secret');
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      await screenshot(page, 'dashboard-import-passwords');
      await confirm.click();
      await expectToast(page, 'Dashboard imported');
      await dialog.waitFor({ state: 'detached' });
      expect(await dashboardTitles(api)).toEqual([TITLE, 'Imported board']);
      const databases = (await api.request('GET', '/api/v1/database/')).body as {
        result: Array<{ database_name: string }>;
      };
      expect(databases.result.map((d) => d.database_name)).toContain('warehouse on postgres');
    } finally {
      await context.close();
    }
  });
});
