import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const POSTGRES_URL = process.env.TESSERA_TEST_POSTGRES_URL ?? '';
if (!POSTGRES_URL) {
  console.warn(
    'Platform journey with a PostgreSQL connection skipped: TESSERA_TEST_POSTGRES_URL is not set',
  );
}

/** The platform issue's journeys: log in, connect PostgreSQL, browse it, roles, logout. */
describe.skipIf(!POSTGRES_URL)('platform journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const schema = `e2e_${randomBytes(4).toString('hex')}`;
  const pgUrl = new URL(POSTGRES_URL || 'postgresql://postgres@127.0.0.1:5432/postgres');

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(
      `CREATE TABLE ${schema}.orders (id serial PRIMARY KEY, customer text NOT NULL, amount numeric(10,2), ordered_at timestamp)`,
    );
    await client.end();
    server = await startServer();
    browser = await launchBrowser();
    const api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const roles = (await api.request('GET', '/api/v1/security/roles/')).body as {
      result: Array<{ id: number; name: string }>;
    };
    const gamma = roles.result.find((r) => r.name === 'Gamma');
    const created = await api.request('POST', '/api/v1/security/users/', {
      username: 'gina',
      first_name: 'Gina',
      last_name: 'Gamma',
      email: 'gina@example.com',
      password: 'gina-password',
      roles: [gamma?.id],
    });
    expect(created.status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('logs in, adds a PostgreSQL connection through the modal, tests it and browses a table', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${server.baseUrl}/login/`);
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill('wrong password');
      await page.getByTestId('login-submit').click();
      await expect
        .poll(() => page.getByTestId('login-error').textContent())
        .toContain('Invalid login. Please try again.');

      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.getByTestId('nav-databases').click();
      await page.getByTestId('database-list-page').waitFor();
      await page.getByTestId('database-add').first().click();
      await page.getByTestId('engine-option-postgresql').click();
      await page.getByTestId('database-name').fill('Warehouse');
      await page.getByTestId('connection-field-host').fill(pgUrl.hostname);
      await page.getByTestId('connection-field-port').fill(pgUrl.port || '5432');
      await page
        .getByTestId('connection-field-database')
        .fill(pgUrl.pathname.slice(1) || 'postgres');
      await page
        .getByTestId('connection-field-username')
        .fill(decodeURIComponent(pgUrl.username) || 'postgres');
      await page.getByTestId('test-connection').click();
      const result = page.getByTestId('test-connection-result');
      await expect
        .poll(() => result.getAttribute('data-status'), { timeout: 15_000 })
        .toBe('success');
      await screenshot(page, 'platform-connection-tested');
      await page.getByTestId('database-submit').click();
      await page.getByTestId('database-modal').waitFor({ state: 'hidden' });

      const row = page.getByTestId('database-row-name').filter({ hasText: 'Warehouse' });
      await row.waitFor();
      await page.getByRole('row').filter({ has: row }).getByTestId('database-browse').click();
      await page.getByTestId('database-browser').waitFor();
      await page.getByTestId('schema-select').click();
      await page.locator('.ant-select-item-option').filter({ hasText: schema }).click();
      await page.locator('[data-testid="table-item"][data-table="orders"]').click();
      const columns = page.getByTestId('table-columns');
      await columns.waitFor();
      await expect
        .poll(() => page.getByTestId('column-name').allTextContents())
        .toEqual(['id', 'customer', 'amount', 'ordered_at']);
      await screenshot(page, 'platform-browse-postgres-table');
    } finally {
      await context.close();
    }
  });

  it('shows a Gamma user no database administration, even by address', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, 'gina', 'gina-password');
      await page.getByTestId('main-nav').waitFor();
      expect(await page.getByTestId('nav-databases').count()).toBe(0);
      await page.goto(`${server.baseUrl}/databaseview/list/`);
      await page.getByTestId('forbidden').waitFor();
      await screenshot(page, 'platform-gamma-forbidden');
    } finally {
      await context.close();
    }
  });

  it('ends the session on logout', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('nav-logout').click();
      await page.waitForURL((url) => url.pathname.startsWith('/login'));
      const me = await page.evaluate(async () => (await fetch('/api/v1/me/')).status);
      expect(me).toBe(401);
      await page.goto(`${server.baseUrl}/databaseview/list/`);
      await page.waitForURL((url) => url.pathname.startsWith('/login'));
    } finally {
      await context.close();
    }
  });
});
