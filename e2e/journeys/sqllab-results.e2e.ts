import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { login, newPage, screenshot } from '../support/browser.ts';
import { pick, runSql, sqlLabJourney } from '../support/sqlEditor.ts';

/**
 * SQL Lab's results and browsing journeys: the left bar's table browser and data preview, a big
 * result in the virtualized grid (scroll, filter, sort, CSV download), the query history page
 * reopening a run, and the saved-queries page opening and deleting.
 */

const BIG_SQL =
  "SELECT range AS n, range % 7 AS weekday, 'row ' || range AS label FROM range(200000)";

/** The grid's number format: groups of thousands from five digits on (12,345 but 2015). */
const GROUPED = new Intl.NumberFormat('en-US', { useGrouping: 'min2' as unknown as boolean });

describe('SQL Lab results, left bar, history and saved queries in Chromium', () => {
  const journey = sqlLabJourney();

  it('browses a table in the left bar and previews its data', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await pick(page, 'sqllab-schema-select', 'main');
      await page.getByTestId('sqllab-table-search').fill('car');
      await page.locator('[data-testid="sqllab-table-option"][data-table="cars"]').click();

      const element = page.locator('[data-testid="sqllab-table-element"][data-table="cars"]');
      await element.getByTestId('sqllab-column').first().waitFor();
      expect(await element.getByTestId('sqllab-column').count()).toBeGreaterThan(3);

      // Adding a table runs its data preview in a tab of its own.
      await page.getByTestId('sqllab-preview-tab').waitFor();
      await page.getByTestId('sqllab-preview-tab').click();
      const grid = page.locator('[data-testid="sqllab-results-grid"]:visible');
      await grid.getByTestId('data-grid-row').first().waitFor({ timeout: 60_000 });
      expect(await grid.getByTestId('data-grid-count').textContent()).toBe('100 rows');
      await screenshot(page, 'sqllab-leftbar-preview');

      await element.getByTestId('sqllab-table-toggle').click();
      await expect.poll(() => element.getByTestId('sqllab-column').count()).toBe(0);
      await element.getByTestId('sqllab-table-select-star').click();
      await expect
        .poll(() => page.locator('[data-testid="sqllab-editor"] .cm-content').textContent())
        .toContain('cars');
    });
  });

  it('scrolls, filters, sorts and downloads a big result', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await runSql(page, BIG_SQL);
      const results = page.getByTestId('sqllab-results');
      const grid = results.getByTestId('sqllab-results-grid');
      await grid.getByTestId('data-grid-row').first().waitFor({ timeout: 60_000 });
      const count = await results.getByTestId('sqllab-row-count').textContent();
      expect(count).toMatch(/rows/);
      const shown = Number(
        (await grid.getByTestId('data-grid-count').textContent())?.replace(/\D/g, ''),
      );
      expect(shown).toBeGreaterThanOrEqual(1000);
      expect(await results.getByTestId('sqllab-limit-notice').textContent()).toContain(
        'The number of rows displayed is limited to',
      );
      // Only a window of rows exists in the page, however many there are.
      expect(await grid.getByTestId('data-grid-row').count()).toBeLessThan(80);
      await screenshot(page, 'sqllab-results-grid');

      // Scroll to the end: the last row number is drawn.
      await grid.getByTestId('data-grid-scroll').evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
      await expect
        .poll(async () => grid.getByTestId('data-grid-rownum').allTextContents())
        .toContain(String(shown));

      // Sort by n, descending: the largest n comes first.
      await grid.getByLabel('Sort by n').click();
      await grid.getByLabel('Sort by n').click();
      await expect
        .poll(() =>
          grid
            .locator('[data-testid="data-grid-header-cell"][data-column="n"]')
            .getAttribute('data-sort'),
        )
        .toBe('desc');
      await grid.getByTestId('data-grid-scroll').evaluate((element) => {
        element.scrollTop = 0;
      });
      await expect
        .poll(() =>
          grid
            .getByTestId('data-grid-row')
            .first()
            .getByTestId('data-grid-cell')
            .first()
            .textContent(),
        )
        .toBe(GROUPED.format(shown - 1));

      // Filter: one label matches.
      await grid.getByTestId('data-grid-filter').fill('row 123');
      await expect
        .poll(() => grid.getByTestId('data-grid-count').textContent(), { timeout: 20_000 })
        .toMatch(/^\d+ of /);
      const filtered = await grid.getByTestId('data-grid-row').count();
      expect(filtered).toBeGreaterThan(0);
      await screenshot(page, 'sqllab-results-filtered');

      // Download as CSV: the menu says what the file holds, and it holds what the grid said
      // (the limit dropdown's rows, as Superset downloads them).
      await results.getByTestId('sqllab-download').hover();
      expect(await page.getByTestId('sqllab-download-csv').textContent()).toBe(
        `Download as CSV (${new Intl.NumberFormat('en-US').format(shown)} rows)`,
      );
      const downloading = page.waitForEvent('download');
      await page.getByTestId('sqllab-download-csv').click();
      const download = await downloading;
      const file = await download.path();
      const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
      expect(lines[0]).toBe('n,weekday,label');
      expect(lines.length - 1).toBe(shown);
    });
  });

  it('reopens a query from the query history page', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await runSql(page, 'SELECT 42 AS answer');
      await page.getByTestId('sqllab-results').getByTestId('data-grid-row').first().waitFor();

      await page.goto(`${journey.server.baseUrl}/sqllab/history/`);
      await page.getByTestId('query-history-page').waitFor();
      await page.getByTestId('history-sql').first().waitFor();
      await page.getByTestId('list-search').fill('42 AS answer');
      await expect.poll(() => page.getByTestId('history-sql').count()).toBe(1);
      await screenshot(page, 'query-history-page');

      await page.getByTestId('history-view-results').click();
      await page.getByTestId('history-results-grid').getByTestId('data-grid-row').first().waitFor();
      expect(
        await page
          .getByTestId('history-results-grid')
          .getByTestId('data-grid-cell')
          .first()
          .textContent(),
      ).toBe('42');
      await page.keyboard.press('Escape');

      await page.getByTestId('history-open').click();
      await page.waitForURL((url) => url.pathname.startsWith('/sqllab'));
      await expect
        .poll(() => page.locator('[data-testid="sqllab-editor"] .cm-content').textContent(), {
          timeout: 20_000,
        })
        .toContain('SELECT 42 AS answer');
    });
  });

  it('opens a saved query in SQL Lab and deletes it from the saved-queries page', async () => {
    const created = await journey.api.request('POST', '/api/v1/saved_query/', {
      label: 'Heaviest cars',
      db_id: journey.examplesId,
      schema: 'main',
      sql: 'SELECT * FROM cars ORDER BY "Weight_in_lbs" DESC',
      description: 'For the e2e journey',
    });
    expect(created.status).toBe(201);
    const { context, page } = await newPage(journey.browser);
    try {
      await login(
        page,
        journey.server.baseUrl,
        journey.server.adminUsername,
        journey.server.adminPassword ?? '',
      );
      await page.goto(`${journey.server.baseUrl}/savedqueryview/list/`);
      await page.getByTestId('saved-queries-page').waitFor();
      await page.getByText('Heaviest cars').waitFor();
      await screenshot(page, 'saved-queries-page');

      await page.getByTestId('saved-query-preview-button').first().click();
      expect(await page.getByTestId('saved-query-preview-sql').textContent()).toContain(
        'Weight_in_lbs',
      );
      await page.getByTestId('saved-query-preview-open').click();
      await page.waitForURL((url) => url.pathname.startsWith('/sqllab'));
      await expect
        .poll(() => page.locator('[data-testid="sqllab-editor"] .cm-content').textContent(), {
          timeout: 20_000,
        })
        .toContain('Weight_in_lbs');

      await page.goto(`${journey.server.baseUrl}/savedqueryview/list/`);
      await page.getByText('Heaviest cars').waitFor();
      await page.getByTestId('saved-query-delete').first().click();
      await page.getByTestId('confirm-delete').click();
      await page.getByTestId('saved-query-empty').waitFor();
      const left = (await journey.api.request('GET', '/api/v1/saved_query/')).body as {
        count: number;
      };
      expect(left.count).toBe(0);
    } finally {
      await context.close();
    }
  });
});
