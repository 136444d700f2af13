import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { pick, runSql, sqlLabJourney } from '../support/sqlEditor.ts';

/**
 * A million rows in SQL Lab, as the README says to allow them (TESSERA_SQL_MAX_ROW=1000000): the
 * limit dropdown ends with SQL_MAX_ROW, and `SELECT * FROM flights LIMIT 1000000` shows its first
 * rows, scrolls to the last one and sorts, in the virtualized grid fed by the Arrow stream.
 */

const MILLION = 1_000_000;

describe('a million rows in SQL Lab, in Chromium', () => {
  // A loaded CI machine may take longer than the 30 s default to run and store the rows.
  const journey = sqlLabJourney({
    TESSERA_SQL_MAX_ROW: String(MILLION),
    TESSERA_SQLLAB_TIMEOUT: '300',
  });

  it('shows the first rows, the last row and a sort of 1,000,000 rows', async () => {
    await journey.inSqlLab('examples', async (page) => {
      await pick(page, 'sqllab-limit', '1,000,000');
      await runSql(page, `SELECT * FROM flights LIMIT ${MILLION}`);
      const results = page.locator('[data-testid="sqllab-results"][data-source="arrow"]');
      const grid = results.getByTestId('sqllab-results-grid');
      await grid.getByTestId('data-grid-row').first().waitFor({ timeout: 240_000 });
      expect(await results.getByTestId('sqllab-row-count').textContent()).toContain(
        '1,000,000 rows',
      );
      expect(await grid.getByTestId('data-grid-count').textContent()).toBe('1,000,000 rows');
      expect(await grid.getByTestId('data-grid-row').count()).toBeLessThan(80);
      await screenshot(page, 'sqllab-million-first-screen');

      // The last row.
      await grid.getByTestId('data-grid-scroll').evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
      await expect
        .poll(() => grid.getByTestId('data-grid-rownum').allTextContents(), { timeout: 30_000 })
        .toContain(String(MILLION));

      // Sort by delay, descending: the largest delay comes first.
      const sortBy = grid.getByLabel('Sort by delay');
      await sortBy.click();
      await sortBy.click();
      const header = grid.locator('[data-testid="data-grid-header-cell"][data-column="delay"]');
      await expect.poll(() => header.getAttribute('data-sort'), { timeout: 60_000 }).toBe('desc');
      await grid.getByTestId('data-grid-scroll').evaluate((element) => {
        element.scrollTop = 0;
      });
      const firstDelay = async () =>
        Number(
          (
            await grid
              .getByTestId('data-grid-row')
              .first()
              .getByTestId('data-grid-cell')
              .nth(1)
              .textContent()
          )?.replace(/,/g, ''),
        );
      await expect.poll(firstDelay, { timeout: 60_000 }).toBeGreaterThan(1000);
      await screenshot(page, 'sqllab-million-sorted');
    });
  }, 600_000);
});
