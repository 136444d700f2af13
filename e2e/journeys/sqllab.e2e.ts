import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { editorText, replaceSql, toastTexts } from '../support/sqlEditor.ts';

/**
 * SQL Lab in Chromium against the examples database (DuckDB): run with Ctrl+Enter, stop a long
 * query, format, save and reopen, share a permalink, switch tabs with wrap-around, and find the
 * tabs again after a reload (backend persistence is on by default).
 */

const LONG_QUERY = 'SELECT count(*) FROM range(10000000000) a';

async function tabNames(page: Page): Promise<string[]> {
  return page.getByTestId('sqllab-tab').allTextContents();
}

async function activeTabName(page: Page): Promise<string | null> {
  return page.locator('[data-testid="sqllab-tab"][data-active="true"]').textContent();
}

describe('SQL Lab journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: Awaited<ReturnType<typeof apiClient>>;

  beforeAll(async () => {
    server = await startServer({ loadExamples: true });
    browser = await launchBrowser();
    // The examples database is built after the server answers /health: wait until it is listed.
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const deadline = Date.now() + 150_000;
    for (;;) {
      const reply = await api.request('GET', '/api/v1/database/');
      const body = reply.body as { result?: Array<{ database_name: string }> };
      if ((body.result ?? []).some((db) => db.database_name === 'examples')) break;
      if (Date.now() > deadline) throw new Error('The examples database never appeared');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('runs, stops, formats, saves, reopens, shares, switches tabs and keeps them across a reload', async () => {
    const { context, page } = await newPage(browser);
    const password = server.adminPassword ?? '';
    try {
      await login(page, server.baseUrl, server.adminUsername, password);
      await page.getByTestId('nav-sqllab').click();
      await page.getByTestId('sqllab-page').waitFor();
      await page.getByTestId('sqllab-editor').waitFor();

      // Pick the examples database.
      await page.getByTestId('sqllab-database-select').first().click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'examples' }).first().click();

      // Run with Ctrl+Enter and see rows.
      await replaceSql(page, 'SELECT name, horsepower FROM cars ORDER BY name LIMIT 25');
      await page.keyboard.press('Control+Enter');
      await expect
        .poll(() => page.getByTestId('sqllab-row-count').textContent(), { timeout: 20_000 })
        .toContain('25 rows');
      expect(await page.locator('[data-testid="sqllab-results"]').textContent()).toContain(
        'horsepower',
      );
      await screenshot(page, 'sqllab-run-results');

      // Stop a long query.
      await replaceSql(page, LONG_QUERY);
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('sqllab-stop').click({ timeout: 10_000 });
      await page.getByTestId('sqllab-query-stopped').waitFor({ timeout: 15_000 });
      await expect.poll(() => toastTexts(page)).toContain('Query was stopped.');
      await page.getByTestId('sqllab-run').waitFor();

      // Format.
      await replaceSql(page, 'select name,horsepower from cars where cylinders=8 order by name');
      await page.getByTestId('sqllab-format').click();
      await expect.poll(() => editorText(page), { timeout: 5000 }).toMatch(/^select\s*\n/i);
      const formatted = await editorText(page);
      expect(formatted).toContain('cylinders = 8');

      // Save.
      await page.getByTestId('sqllab-save').click();
      await page.getByTestId('save-query-name').fill('E2E eight cylinders');
      await page.getByTestId('save-query-submit').click();
      await expect.poll(() => toastTexts(page)).toContain('Your query was saved');
      await expect.poll(() => activeTabName(page)).toBe('E2E eight cylinders');

      // Close that tab (a new one takes its place), then reopen it from the saved queries page.
      await page.getByTestId('sqllab-tab-add').first().click();
      await expect.poll(() => activeTabName(page)).toBe('Untitled Query 1');
      await page.getByText('E2E eight cylinders', { exact: true }).click({ button: 'right' });
      await page.getByTestId('sqllab-tab-close').last().click();
      await expect.poll(() => tabNames(page)).toEqual(['Untitled Query 1']);
      await page.getByTestId('nav-saved-queries').click();
      await page.getByTestId('saved-queries-page').waitFor();
      const row = page.getByRole('row').filter({ hasText: 'E2E eight cylinders' });
      await row.getByTestId('saved-query-open').first().click();
      await page.getByTestId('sqllab-page').waitFor();
      await expect.poll(() => activeTabName(page)).toBe('E2E eight cylinders');
      await expect.poll(() => editorText(page)).toContain('cylinders = 8');

      // Switch tabs with wrap-around: three tabs, the last one active.
      await page.getByTestId('sqllab-tab-add').first().click();
      await expect.poll(() => tabNames(page)).toHaveLength(3);
      const names = await tabNames(page);
      expect(await activeTabName(page)).toBe(names[2]);
      await page.locator('[data-testid="sqllab-editor"] .cm-content').focus();
      await page.keyboard.press('Control+BracketRight');
      await expect.poll(() => activeTabName(page)).toBe(names[0]);
      await page.keyboard.press('Control+BracketLeft');
      await expect.poll(() => activeTabName(page)).toBe(names[2]);
      await page.keyboard.press('Control+BracketLeft');
      await expect.poll(() => activeTabName(page)).toBe(names[1]);
      await screenshot(page, 'sqllab-tabs');

      // Reload: backend persistence brings the same tabs back. The sync runs every 5000 ms, so
      // reload once the server holds the tabs and the active one the page shows.
      const stored = async () => {
        const body = (await api.request('GET', '/api/v1/sqllab/')).body as {
          result: { tab_state_ids: { label: string }[]; active_tab: { label: string } | null };
        };
        return {
          names: body.result.tab_state_ids.map((tab) => tab.label),
          active: body.result.active_tab?.label ?? null,
        };
      };
      await expect.poll(stored, { timeout: 15_000 }).toEqual({ names, active: names[1] });
      await page.reload();
      await page.getByTestId('sqllab-editor').waitFor();
      await expect.poll(() => tabNames(page), { timeout: 15_000 }).toEqual(names);
      await expect.poll(() => activeTabName(page)).toBe(names[1]);
      // Drop local storage too: the tabs come from the server alone.
      await page.evaluate(() => window.localStorage.clear());
      await page.reload();
      await page.getByTestId('sqllab-editor').waitFor();
      await expect.poll(() => tabNames(page), { timeout: 15_000 }).toEqual(names);
      await screenshot(page, 'sqllab-after-reload');

      // Share a permalink and open it in a fresh browser context (last: it adds a tab on the
      // server for this user).
      await page.getByTestId('sqllab-tab').filter({ hasText: 'E2E eight cylinders' }).click();
      await page.getByTestId('sqllab-copy-link').click();
      const urlInput = page.getByTestId('sqllab-permalink-url');
      await urlInput.waitFor();
      const permalink = await urlInput.inputValue();
      expect(permalink).toMatch(/\/sqllab\/p\/[^/]+\/?$/);
      await page.keyboard.press('Escape');
      const fresh = await newPage(browser);
      try {
        await login(fresh.page, server.baseUrl, server.adminUsername, password);
        await fresh.page.goto(new URL(permalink, server.baseUrl).toString());
        await fresh.page.getByTestId('sqllab-editor').waitFor();
        await expect.poll(() => activeTabName(fresh.page)).toBe('E2E eight cylinders');
        await expect.poll(() => editorText(fresh.page)).toContain('cylinders = 8');
        await screenshot(fresh.page, 'sqllab-permalink-opened');
      } finally {
        await fresh.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('opens the SQL a chart posts to /sqllab/ as a form in a new tab', async () => {
    const api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const datasets = await api.request(
      'GET',
      '/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:cars)))',
    );
    const cars = (datasets.body as { result: Array<{ id: number }> }).result[0];
    expect(cars).toBeDefined();
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      // What Superset's chart menu does: a POST form carrying form_data and the CSRF token.
      await page.evaluate(async (datasourceKey) => {
        const token = (
          (await (await fetch('/api/v1/security/csrf_token/')).json()) as { result: string }
        ).result;
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = '/sqllab/';
        for (const [name, value] of [
          [
            'form_data',
            JSON.stringify({
              datasourceKey,
              sql: 'SELECT origin, count(*) FROM cars GROUP BY origin',
            }),
          ],
          ['csrf_token', token],
        ]) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
      }, `${cars?.id}__table`);
      await page.waitForURL((url) => url.pathname.startsWith('/sqllab'));
      await page.getByTestId('sqllab-editor').waitFor();
      await expect
        .poll(() => editorText(page), { timeout: 15_000 })
        .toContain('FROM cars GROUP BY origin');
      await screenshot(page, 'sqllab-posted-form');
    } finally {
      await context.close();
    }
  });
});
