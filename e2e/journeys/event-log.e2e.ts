import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { runSql, waitForExamples } from '../support/sqlEditor.ts';

/**
 * Issue 17's event log in Chromium: a user opens a dashboard and a chart; their browser sends the
 * events in batches; the admin's Action log lists them, the user's home page shows them under
 * "Recently viewed", and the user can neither read the log nor see another user's activity.
 */

const DASHBOARD = 'E2E event log dashboard';
const CHART = 'E2E event log stocks count';
const USER = { username: 'logan', password: 'logan-password' };

interface LogRow {
  action: string;
  json: string | null;
  dashboard_id: number | null;
  slice_id: number | null;
  user: { username: string } | null;
}

/** The id of an examples dataset, once the background loading has registered it. */
async function registeredDataset(api: ApiClient, table: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${table})))`);
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const reply = await api.request('GET', `/api/v1/dataset/?q=${q}`);
        id = (reply.body as { result?: Array<{ id: number }> }).result?.[0]?.id;
        return id;
      },
      { timeout: 240_000, interval: 1000 },
    )
    .toBeTypeOf('number');
  return id as number;
}

/** The user's rows of the log, as the admin reads them through the API. */
async function logOf(api: ApiClient, username: string): Promise<LogRow[]> {
  const users = (await api.request('GET', '/api/v1/security/users/')).body as {
    result: Array<{ id: number; username: string }>;
  };
  const id = users.result.find((u) => u.username === username)?.id;
  const q = encodeURIComponent(`(filters:!((col:user,opr:rel_o_m,value:${id})),page_size:100)`);
  return ((await api.request('GET', `/api/v1/log/?q=${q}`)).body as { result: LogRow[] }).result;
}

/** The answer to the next batch of events the page posts. */
const logBatchAnswered = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/superset/log/', { timeout: 30_000 });

const eventNames = (rows: LogRow[]) =>
  rows.map((row) => (JSON.parse(row.json ?? '{}') as { event_name?: string }).event_name);

describe('event log journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiClient;
  let dashboardId: number;
  let chartId: number;

  beforeAll(async () => {
    server = await startServer({ loadExamples: true });
    browser = await launchBrowser();
    admin = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
  }, 180_000);

  /** A chart on the examples' stocks, an empty dashboard and an Alpha user, through the API. */
  async function setUp() {
    // A retried test finds them made.
    if (chartId !== undefined) return;
    const stocks = await registeredDataset(admin, 'stocks');
    const chart = await admin.request('POST', '/api/v1/chart/', {
      slice_name: CHART,
      viz_type: 'big_number_total',
      datasource_id: stocks,
      datasource_type: 'table',
      params: JSON.stringify({
        viz_type: 'big_number_total',
        metric: 'count',
        adhoc_filters: [],
        time_range: 'No filter',
        datasource: `${stocks}__table`,
      }),
    });
    expect(chart.status).toBe(201);
    chartId = (chart.body as { id: number }).id;
    const dashboard = await admin.request('POST', '/api/v1/dashboard/', {
      dashboard_title: DASHBOARD,
      published: true,
    });
    expect(dashboard.status).toBe(201);
    dashboardId = (dashboard.body as { id: number }).id;
    const roles = (await admin.request('GET', '/api/v1/security/roles/')).body as {
      result: Array<{ id: number; name: string }>;
    };
    const created = await admin.request('POST', '/api/v1/security/users/', {
      ...USER,
      first_name: 'Logan',
      last_name: 'Alpha',
      email: 'logan@example.com',
      roles: [roles.result.find((r) => r.name === 'Alpha')?.id],
    });
    expect(created.status).toBe(201);
  }

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('logs what a user opens; the admin reads it; the home page shows it', async () => {
    await setUp();
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, USER.username, USER.password);
      // One batch a second after the page's first events, not a request per event.
      let batch = logBatchAnswered(page);
      await page.goto(`${server.baseUrl}/superset/dashboard/${dashboardId}/`);
      await page.getByText(DASHBOARD).first().waitFor({ timeout: 60_000 });
      expect((await batch).status()).toBe(200);
      batch = logBatchAnswered(page);
      const token = page.waitForResponse((r) => r.url().includes('/api/v1/security/csrf_token/'));
      await page.goto(`${server.baseUrl}/explore/?slice_id=${chartId}`);
      await page
        .locator('[data-testid="explore-chart"][data-status="rendered"]')
        .waitFor({ timeout: 60_000 });
      expect((await batch).status()).toBe(200);
      await token;

      // Leaving the page sends what is pending by beacon: a form carrying the CSRF token.
      const beacon = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/superset/log/' &&
          (r.request().headers()['content-type'] ?? '').includes('x-www-form-urlencoded'),
        { timeout: 30_000 },
      );
      await page.getByTestId('nav-charts').click();
      await page.getByTestId('chart-list-page').waitFor();
      await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
      const beaconReply = await beacon;
      expect(beaconReply.status()).toBe(200);
      expect(beaconReply.request().headers()['content-type']).toContain(
        'application/x-www-form-urlencoded',
      );
      expect(beaconReply.request().postData()).toContain('csrf_token=');

      // Batches go a second after their first event, or by beacon when the page is left.
      await expect
        .poll(async () => eventNames(await logOf(admin, USER.username)), { timeout: 30_000 })
        .toEqual(
          expect.arrayContaining([
            'mount_dashboard',
            'mount_explorer',
            'spa_navigation',
            'load_chart',
          ]),
        );
      const paths = (await logOf(admin, USER.username)).map(
        (row) => (JSON.parse(row.json ?? '{}') as { path?: string }).path,
      );
      expect(paths).toContain('/chart/list/');
      const rows = await logOf(admin, USER.username);
      const mounted = rows.find((r) => r.action === 'dashboard');
      expect(mounted).toMatchObject({
        dashboard_id: dashboardId,
        user: { username: USER.username },
      });
      expect(JSON.parse(mounted?.json ?? '{}')).toMatchObject({
        version: 'v2',
        source: 'dashboard',
        event_type: 'user',
        impression_id: expect.any(String),
        event_id: expect.any(String),
        visibility: expect.any(String),
        ts: expect.any(Number),
      });
      expect(rows.find((r) => r.action === 'explore')).toMatchObject({ slice_id: chartId });

      await page.goto(`${server.baseUrl}/`);
      const recent = page.getByTestId('recently-viewed');
      await recent.waitFor({ timeout: 30_000 });
      const titles = await page.getByTestId('recently-viewed-item').allTextContents();
      expect(titles.slice(0, 2).sort()).toEqual([CHART, DASHBOARD].sort());
      await screenshot(page, 'event-log-home-recently-viewed');

      // The user may not read the log, and their recent activity is only their own.
      const forbidden = await page.request.get(`${server.baseUrl}/api/v1/log/`);
      expect(forbidden.status()).toBe(403);
      const mine = (await (
        await page.request.get(`${server.baseUrl}/api/v1/log/recent_activity/`)
      ).json()) as { result: unknown[] };
      expect(mine.result).toHaveLength(2);
    } finally {
      await context.close();
    }
  }, 420_000);

  it("lists the events in the admin's Action log, and nobody else's activity on their home", async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      const home = page.getByTestId('recently-viewed-empty');
      await home.waitFor({ timeout: 30_000 });

      await openActionLog(page);
      await page.getByPlaceholder('Search actions').fill('dashboard');
      // The list reloads once the search settles: only actions holding the text remain.
      const onlyDashboards = async () => {
        const actions = await page.getByTestId('log-action').allTextContents();
        return actions.length > 0 && actions.every((a) => a.includes('dashboard'));
      };
      await expect.poll(onlyDashboards, { timeout: 30_000 }).toBe(true);
      await page.getByPlaceholder('Search actions').fill('');
      await expect
        .poll(() => page.getByTestId('log-event-name').allTextContents(), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(['mount_explorer', 'mount_dashboard']));
      // Away from the headers, so no sorting tooltip covers the list.
      await page.mouse.move(0, 0);
      await expect
        .poll(() => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').count())
        .toBe(0);
      await screenshot(page, 'event-log-action-log');
      await page.getByTestId('log-details').first().click();
      await page.getByTestId('log-details-modal').getByText('"version": "v2"').first().waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('logs a failing SQL Lab query with its error type and issue codes', async () => {
    await waitForExamples(admin);
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.getByTestId('nav-sqllab').click();
      await page.getByTestId('sqllab-editor').waitFor();
      await page.getByTestId('sqllab-database-select').first().click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'examples' }).first().click();
      await runSql(page, 'SELECT * FROM e2e_no_such_table');
      await page.getByTestId('sqllab-query-error').waitFor({ timeout: 20_000 });
      const failed = async () =>
        (await logOf(admin, server.adminUsername))
          .map((row) => JSON.parse(row.json ?? '{}') as Record<string, unknown>)
          .find((event) => event.event_name === 'sqllab_fetch_failed_query');
      await expect.poll(failed, { timeout: 30_000 }).toMatchObject({
        source: 'sqlLab',
        event_type: 'timing',
        has_err: true,
        db_id: expect.any(Number),
        error_type: expect.stringMatching(/_ERROR$/),
        issue_codes: expect.arrayContaining([expect.any(Number)]),
        error_details: expect.stringContaining('e2e_no_such_table'),
      });
    } finally {
      await context.close();
    }
  }, 120_000);
});

async function openActionLog(page: Page) {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('nav-action-log').click();
  await page.getByTestId('action-log-page').waitFor();
}
