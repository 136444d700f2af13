import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { openDashboardMenu } from '../support/dashboardMenu.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 16's report journey in Chromium: a user sets up an email report from a dashboard's menu,
 * finds it on the Alerts & reports list, runs it now and sees Success in its execution log, and
 * the mail (with the dashboard's picture) really arrives at a local SMTP server.
 */

const DASHBOARD = 'E2E reports dashboard';
const CHART = 'E2E reports stocks count';
const RECIPIENT = 'e2e-reports@example.com';

interface Mailbox {
  port: number;
  mails: ParsedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on a free port; every mail that arrives is parsed. */
async function startMailbox(): Promise<Mailbox> {
  const mails: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
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

describe('reports journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiClient;
  let mailbox: Mailbox;
  let dashboardId: number;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({
      loadExamples: true,
      env: {
        TESSERA_SMTP_HOST: '127.0.0.1',
        TESSERA_SMTP_PORT: String(mailbox.port),
        TESSERA_SMTP_STARTTLS: 'false',
      },
    });
    browser = await launchBrowser();
    admin = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  /** A dashboard holding one big-number chart on the examples' stocks, through the API. */
  async function setUp() {
    if (dashboardId !== undefined) return;
    const stocks = await registeredDataset(admin, 'stocks');
    const dashboard = await admin.request('POST', '/api/v1/dashboard/', {
      dashboard_title: DASHBOARD,
      published: true,
    });
    expect(dashboard.status).toBe(201);
    dashboardId = (dashboard.body as { id: number }).id;
    const chart = await admin.request('POST', '/api/v1/chart/', {
      slice_name: CHART,
      viz_type: 'big_number_total',
      datasource_id: stocks,
      datasource_type: 'table',
      dashboards: [dashboardId],
      params: JSON.stringify({
        viz_type: 'big_number_total',
        metric: 'count',
        adhoc_filters: [],
        time_range: 'No filter',
        datasource: `${stocks}__table`,
      }),
    });
    expect(chart.status).toBe(201);
    const chartId = (chart.body as { id: number }).id;
    const layout = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
      'ROW-1': {
        id: 'ROW-1',
        type: 'ROW',
        children: ['CHART-1'],
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      },
      'CHART-1': {
        id: 'CHART-1',
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
        meta: { chartId, width: 4, height: 50, sliceName: CHART },
      },
    };
    const placed = await admin.request('PUT', `/api/v1/dashboard/${dashboardId}`, {
      position_json: JSON.stringify(layout),
    });
    expect(placed.status).toBe(200);
  }

  it('sets up a report from the dashboard menu, lists it, runs it now and logs Success', async () => {
    await setUp();
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/superset/dashboard/${dashboardId}/`);
      await page
        .locator('[data-testid="dashboard-chart"][data-status="rendered"]')
        .waitFor({ timeout: 60_000 });

      // Set up: the dialog opens with Superset's defaults.
      await openDashboardMenu(page, 'report-menu-setup', 'report-menu');
      const modal = page.getByTestId('report-modal');
      await modal.waitFor();
      expect(await page.getByTestId('report-name').inputValue()).toBe(
        `Weekly Report for ${DASHBOARD}`,
      );
      expect(await page.getByTestId('schedule-words').textContent()).toContain(
        'Every Monday at 12:00',
      );
      await screenshot(page, 'reports-modal');
      // Whoever signed in receives it unless told otherwise; here a mailbox the test reads.
      const emails = page.getByTestId('report-emails');
      for (const remove of await emails.locator('.ant-select-selection-item-remove').all())
        await remove.click();
      await emails.locator('input').fill(RECIPIENT);
      await emails.locator('input').press('Enter');
      await page.getByTestId('report-submit').click();
      await page.getByText('The report has been created').waitFor();
      await modal.waitFor({ state: 'detached' });

      // Now the menu offers to edit, switch or delete it.
      await openDashboardMenu(page, 'report-menu-edit', 'report-menu');
      await modal.waitFor();
      expect(await page.getByTestId('report-name').inputValue()).toBe(
        `Weekly Report for ${DASHBOARD}`,
      );
      await page.getByTestId('report-cancel').click();
      await modal.waitFor({ state: 'detached' });

      // The list, through the Settings menu's entry.
      await page.goto(`${server.baseUrl}/report/list/`);
      const row = page.locator('tr', { hasText: `Weekly Report for ${DASHBOARD}` });
      await row.waitFor();
      expect(await row.getByTestId('report-row-schedule').textContent()).toBe(
        'Every Monday at 12:00',
      );
      await screenshot(page, 'reports-list');

      // An alert's form: its database, SQL and condition.
      await page.getByTestId('reports-tab-alerts').click();
      await page.waitForURL(/\/alert\/list\/$/);
      await page.getByTestId('reports-empty').waitFor();
      await page.getByTestId('report-add').first().click();
      await page.getByTestId('report-sql').waitFor();
      await screenshot(page, 'reports-alert-modal');
      await page.getByTestId('report-cancel').click();
      await page.getByTestId('reports-tab-reports').click();
      await row.waitFor();

      // Run now: the log shows the run Working, then Success.
      await row.getByTestId('report-row-run').click();
      await page.waitForURL(/\/report\/\d+\/log\/$/);
      await page
        .locator('[data-testid="log-row-state"]', { hasText: 'Success' })
        .first()
        .waitFor({ timeout: 180_000 });
      await screenshot(page, 'reports-log');

      await expect.poll(() => mailbox.mails.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const mail = mailbox.mails[0] as ParsedMail;
      const to = Array.isArray(mail.to) ? mail.to : [mail.to];
      expect(to.map((a) => a?.text).join(',')).toContain(RECIPIENT);
      expect(mail.subject ?? '').toContain(`Weekly Report for ${DASHBOARD}`);
      const png = mail.attachments.find((a) => a.contentType === 'image/png');
      expect(png?.content.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      await context.close();
    }
  }, 420_000);

  it('shows the dashboard alone in report mode and says when every chart has drawn', async () => {
    await setUp();
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/superset/dashboard/${dashboardId}/?standalone=3`);
      await page
        .locator('[data-testid="dashboard-page"][data-report-ready="true"]')
        .waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('dashboard-header').count()).toBe(0);
      expect(await page.getByTestId('chart-menu').count()).toBe(0);
      // The page lies in the document: a screenshot grown to the document's height holds it all.
      const [documentHeight, pageHeight] = (await page.evaluate(
        `[document.documentElement.scrollHeight, document.querySelector('[data-testid="dashboard-page"]').getBoundingClientRect().bottom]`,
      )) as [number, number];
      expect(documentHeight).toBeGreaterThanOrEqual(Math.floor(pageHeight));
      await screenshot(page, 'reports-standalone-3');
    } finally {
      await context.close();
    }
  }, 300_000);
});
