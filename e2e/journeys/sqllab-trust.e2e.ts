import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import {
  editorText,
  pick,
  replaceSql,
  runSql,
  sqlLabJourney,
  toastTexts,
} from '../support/sqlEditor.ts';

/**
 * What a heavy SQL Lab user tripped over (issue 20), each journey doing what the user did: a
 * refused run, the grid's sticky parts, a virtual dataset opened in SQL Lab, template variables,
 * which south-pane tab comes forward, downloads, clearing results, timestamps, completion and
 * the cost estimate.
 */

const STORE_QUERY_FAILED = 'An error occurred while storing your query in the backend';
const DML_REFUSED = 'Only SELECT statements are allowed against this database.';

/** The results pane in front (a table preview keeps a hidden one of its own). */
function visibleResults(page: Page) {
  return page.locator('[data-testid="sqllab-results"]:visible');
}

async function activeTabId(page: Page): Promise<string> {
  const id = await page
    .locator('[data-testid="sqllab-tab"][data-active="true"]')
    .getAttribute('data-tab-id');
  if (!id) throw new Error('No active SQL Lab tab');
  return id;
}

describe('SQL Lab a heavy user trusts, in Chromium', () => {
  const journey = sqlLabJourney();
  const { openSqlLab } = journey;

  it('keeps saving the tab after a refused run, and lists the refused run with its error', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await runSql(page, "DELETE FROM stocks WHERE symbol='MSFT'");
      const error = visibleResults(page).getByTestId('sqllab-query-error');
      await expect.poll(() => error.textContent(), { timeout: 20_000 }).toContain(DML_REFUSED);

      // Typed, not run: the 5000 ms sync stores it on the server.
      await replaceSql(page, 'SELECT 123');
      const tabId = await activeTabId(page);
      expect(tabId).toMatch(/^\d+$/);
      await expect
        .poll(
          async () => {
            const reply = await journey.api.request('GET', `/tabstateview/${tabId}`);
            return (reply.body as { sql?: string }).sql;
          },
          { timeout: 20_000 },
        )
        .toBe('SELECT 123');
      expect((await toastTexts(page)).join(' ')).not.toContain(STORE_QUERY_FAILED);

      // The refused run is in the editor's history pane and on the history page, with its error.
      await page.getByTestId('sqllab-tab-history').click();
      await expect
        .poll(() => page.getByTestId('sqllab-history-error').first().textContent())
        .toContain(DML_REFUSED);
      await screenshot(page, 'sqllab-refused-run-history');

      // Another browser opens the tab with the text typed last.
      const other = await openSqlLab();
      try {
        await expect.poll(() => editorText(other.page), { timeout: 15_000 }).toBe('SELECT 123');
      } finally {
        await other.context.close();
      }

      // A save that really fails says so, with the spec's toast.
      await page.route('**/tabstateview/*', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({ status: 500, json: { message: 'Internal server error' } })
          : route.continue(),
      );
      await replaceSql(page, 'SELECT 456');
      await expect
        .poll(async () => (await toastTexts(page)).join(' '), { timeout: 15_000 })
        .toContain(STORE_QUERY_FAILED);
      await page.unroute('**/tabstateview/*');

      await page.setViewportSize({ width: 1920, height: 1000 });
      await page.goto(`${journey.server.baseUrl}/sqllab/history/`);
      // The Actions column is whole on screen, not clipped.
      const open = page.getByTestId('history-open').first();
      await open.waitFor();
      const box = await open.boundingBox();
      expect(box && box.x + box.width <= 1920).toBe(true);
      const failed = page.locator('[data-testid="history-state"][data-state="failed"]').first();
      await failed.hover();
      await expect
        .poll(() => page.getByTestId('history-error').textContent())
        .toContain(DML_REFUSED);
      await screenshot(page, 'sqllab-history-page-refused-run');
    });
  });

  it('keeps the sticky header and row numbers opaque over scrolled cells', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await runSql(page, 'SELECT * FROM flights LIMIT 500');
      const grid = visibleResults(page).getByTestId('sqllab-results-grid');
      await grid.getByTestId('data-grid-row').first().waitFor({ timeout: 60_000 });
      await grid.getByTestId('data-grid-scroll').evaluate((element) => {
        element.scrollTop = 333;
        element.scrollLeft = 57;
      });
      const alphaOf = (selector: string) =>
        grid
          .locator(selector)
          .first()
          .evaluate((element) => {
            const color = getComputedStyle(element).backgroundColor;
            const parts = color.match(/[\d.]+/g)?.map(Number) ?? [];
            return parts.length === 4 ? parts[3] : 1;
          });
      await expect.poll(() => alphaOf('[data-testid="data-grid-header"]')).toBe(1);
      expect(await alphaOf('.tdg-corner')).toBe(1);
      expect(await alphaOf('[data-testid="data-grid-rownum"]')).toBe(1);
      // What shows at the header's middle is the header, not a cell scrolled under it.
      const header = await grid.getByTestId('data-grid-header').boundingBox();
      if (!header) throw new Error('The grid has no header');
      const onTop = await page.evaluate(
        ([x, y]) =>
          document.elementFromPoint(x, y)?.closest('[data-testid="data-grid-header"]') !== null,
        [header.x + header.width / 2, header.y + header.height / 2],
      );
      expect(onTop).toBe(true);
      await screenshot(page, 'sqllab-grid-sticky-scrolled');
    });
  });

  it('opens a virtual dataset in SQL Lab with its own SQL', async () => {
    const sql = 'SELECT origin, count(*) AS cars FROM cars GROUP BY origin';
    const created = await journey.api.request('POST', '/api/v1/dataset/', {
      database: journey.examplesId,
      schema: 'main',
      table_name: 'cars by origin (e2e)',
      sql,
    });
    expect(created.status).toBe(201);
    const datasetId = (created.body as { id: number }).id;
    const { context, page } = await openSqlLab();
    try {
      await page.goto(
        `${journey.server.baseUrl}/explore/?datasource_type=table&datasource_id=${datasetId}&viz_type=table`,
      );
      await page.getByTestId('datasource-menu').click();
      await page.getByTestId('datasource-view-sqllab').click();
      await page.getByTestId('sqllab-editor').waitFor();
      await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe(sql);
      // The redirect runs what it carries, and the dataset's SQL runs.
      await expect
        .poll(() => visibleResults(page).getByTestId('sqllab-row-count').textContent(), {
          timeout: 20_000,
        })
        .toContain('3 rows');
      await screenshot(page, 'sqllab-virtual-dataset-opened');
    } finally {
      await context.close();
    }
  });

  it('names an undefined template variable, and runs once the parameter is set', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await runSql(page, "SELECT name FROM cars WHERE origin = '{{ region }}' LIMIT 5");
      const error = visibleResults(page).getByTestId('sqllab-query-error');
      await expect
        .poll(() => error.textContent(), { timeout: 20_000 })
        .toContain('The parameter "region" in your query is undefined.');
      await screenshot(page, 'sqllab-undefined-parameter');

      await page.getByTestId('sqllab-template-params').click();
      await page.getByTestId('template-params-input').fill('{"region": "USA"}');
      await page.getByTestId('template-params-apply').click();
      await page.getByTestId('template-params-modal').waitFor({ state: 'hidden' });
      // Focus is back in the editor: Ctrl+Enter runs.
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.classList.contains('cm-content') ?? false),
        )
        .toBe(true);
      await page.keyboard.press('Control+Enter');
      await expect
        .poll(() => visibleResults(page).getByTestId('sqllab-row-count').textContent(), {
          timeout: 20_000,
        })
        .toContain('5 rows');
    });
  });

  it('offers Estimate only on a database that allows cost estimates', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await page.getByTestId('sqllab-format').waitFor();
      expect(await page.getByTestId('sqllab-estimate').count()).toBe(0);
    });
  });

  it('focuses a table preview when the table is added, and brings results forward on a run', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await pick(page, 'sqllab-schema-select', 'main');
      await page.getByTestId('sqllab-table-search').fill('car');
      await page.locator('[data-testid="sqllab-table-option"][data-table="cars"]').click();
      const activeSouthTab = page.locator('[data-testid="sqllab-south-pane"] .ant-tabs-tab-active');
      await expect
        .poll(() => activeSouthTab.getByTestId('sqllab-preview-tab').count(), { timeout: 20_000 })
        .toBe(1);
      const visibleGrid = page.locator('[data-testid="sqllab-results-grid"]:visible');
      await visibleGrid.getByTestId('data-grid-row').first().waitFor({ timeout: 30_000 });
      // No "limit dropdown" the user never touched: the preview's own limit.
      expect(await visibleResults(page).getByTestId('sqllab-limit-notice').textContent()).toBe(
        'The preview shows the first 100 rows.',
      );

      await runSql(page, 'SELECT 7 AS seven');
      await expect
        .poll(() => activeSouthTab.getByTestId('sqllab-tab-results').count(), { timeout: 20_000 })
        .toBe(1);
      await expect
        .poll(() => visibleResults(page).getByTestId('data-grid-cell').first().textContent())
        .toBe('7');
      await screenshot(page, 'sqllab-run-brings-results-forward');

      // A reload keeps the table and brings its preview back, with Results still in front.
      const tabId = await activeTabId(page);
      const storedTables = async () => {
        const reply = await journey.api.request('GET', `/tabstateview/${tabId}`);
        return (reply.body as { table_schemas?: unknown[] }).table_schemas?.length ?? 0;
      };
      await expect.poll(storedTables, { timeout: 20_000 }).toBe(1);
      await page.reload();
      await expect
        .poll(() => page.getByTestId('sqllab-preview-tab').count(), { timeout: 30_000 })
        .toBe(1);
      expect(await activeSouthTab.getByTestId('sqllab-tab-results').count()).toBe(1);
      await page.getByTestId('sqllab-table-remove').click();
      await expect.poll(() => page.getByTestId('sqllab-preview-tab').count()).toBe(0);
    });
  });

  it('downloads as CSV what the grid shows, and says so first', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await pick(page, 'sqllab-limit', '1,000');
      await runSql(page, 'SELECT * FROM flights');
      const results = visibleResults(page);
      await expect
        .poll(() => results.getByTestId('sqllab-limit-notice').textContent(), { timeout: 30_000 })
        .toContain('limited to 1,000 by the limit dropdown');
      await results.getByTestId('sqllab-download').hover();
      const csv = page.getByTestId('sqllab-download-csv');
      expect(await csv.textContent()).toBe('Download as CSV (1,000 rows)');
      const downloading = page.waitForEvent('download');
      await csv.click();
      const file = await (await downloading).path();
      const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
      expect(lines[0]).toBe('date,delay,distance,origin,destination');
      expect(lines).toHaveLength(1001);
    });
  });

  it('clears the results with the trash icon, and fetches them again on request', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await runSql(page, 'SELECT name FROM cars ORDER BY name LIMIT 20');
      const results = visibleResults(page);
      await results.getByTestId('data-grid-row').first().waitFor({ timeout: 20_000 });
      await results.getByTestId('sqllab-clear-results').click();
      await results.getByTestId('sqllab-results-cleared').waitFor();
      expect(await results.getByTestId('data-grid-row').count()).toBe(0);
      await screenshot(page, 'sqllab-results-cleared');
      await results.getByTestId('sqllab-refetch-cleared').click();
      await expect.poll(() => results.getByTestId('data-grid-row').count()).toBeGreaterThan(0);
    });
  });

  it('shows timestamps in one format, whatever the size of the result', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await pick(page, 'sqllab-limit', '50,000');
      const firstDate = async (sql: string, source: string) => {
        await runSql(page, sql);
        const results = page.locator(
          `[data-testid="sqllab-results"][data-source="${source}"]:visible`,
        );
        const cell = results.getByTestId('data-grid-row').first().getByTestId('data-grid-cell');
        await cell.first().waitFor({ timeout: 30_000 });
        return cell.first().textContent();
      };
      const sql = 'SELECT date FROM flights ORDER BY date';
      // Up to 10,000 rows come as JSON, more through the Arrow stream.
      expect(await firstDate(`${sql} LIMIT 5`, 'json')).toBe('2001-01-01 00:01:00');
      expect(await firstDate(`${sql} LIMIT 20000`, 'arrow')).toBe('2001-01-01 00:01:00');
    });
  });

  it('completes the columns of the tables in the query before keywords and functions', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await replaceSql(page, 'SELECT * FROM flights AS f WHERE ');
      // The table's columns are looked up after typing pauses: type the prefix until they show.
      const labels = async () => {
        await page.keyboard.type('de');
        const list = page.locator('.cm-tooltip-autocomplete .cm-completionLabel');
        await list.first().waitFor();
        const texts = await list.allTextContents();
        await page.keyboard.press('Escape');
        await page.keyboard.press('Backspace');
        await page.keyboard.press('Backspace');
        return texts;
      };
      await expect
        .poll(async () => (await labels()).slice(0, 2).sort(), { timeout: 15_000 })
        .toEqual(['delay', 'destination']);
      await page.keyboard.type('de');
      await page.locator('.cm-tooltip-autocomplete').waitFor();
      await screenshot(page, 'sqllab-completion-columns');
    });
  });

  it('creates a view from a query, marks a failed tab and lists the shortcuts', async () => {
    // A name of its own, so a retry makes another.
    const scratch = `scratch ${Date.now().toString(36)}`;
    const created = await journey.api.request('POST', '/api/v1/database/', {
      database_name: scratch,
      sqlalchemy_uri: `duckdb:///${scratch.replace(' ', '_')}.duckdb`,
      expose_in_sqllab: true,
      allow_ctas: true,
      allow_cvas: true,
    });
    expect(created.status).toBe(201);
    await journey.inSqlLab(scratch, async (page) => {
      await replaceSql(page, 'SELECT 42 AS answer');
      await page.getByTestId('sqllab-ctas').click();
      await page.locator('[data-testid="sqllab-ctas-method"] input[value="VIEW"]').check();
      await page.getByTestId('sqllab-ctas-name').fill('answers');
      await page.getByTestId('sqllab-ctas-run').click();
      await expect
        .poll(() => page.getByTestId('sqllab-ctas-created').textContent(), { timeout: 20_000 })
        .toContain('View answers was created');
      await runSql(page, 'SELECT * FROM answers');
      await expect
        .poll(() => visibleResults(page).getByTestId('sqllab-row-count').textContent(), {
          timeout: 20_000,
        })
        .toContain('1 row');

      await runSql(page, 'SELECT * FROM no_such_table');
      const tab = page.locator('[data-testid="sqllab-tab"][data-active="true"]');
      await expect.poll(() => tab.getAttribute('data-state'), { timeout: 20_000 }).toBe('failed');
      expect(await tab.getByTestId('sqllab-tab-failed').count()).toBe(1);
      // The engine's message keeps its lines and the caret under the failing name.
      const message = visibleResults(page).locator('.ant-alert-description > div > div').first();
      expect(await message.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe(
        'pre-wrap',
      );
      expect(await message.textContent()).toContain('\n');

      await page.getByTestId('sqllab-shortcuts').click();
      await expect
        .poll(() => page.getByTestId('sqllab-shortcuts-list').textContent())
        .toContain('Next tab');
      await screenshot(page, 'sqllab-shortcuts-failed-tab');
    });
  });
});
