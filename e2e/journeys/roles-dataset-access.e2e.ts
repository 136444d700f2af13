import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 22's second defect in Chromium: Settings -> Roles -> Data access -> Dataset access lists
 * the datasets, one is granted, and a member of the role reads that dataset and no other.
 */

const ROLE = 'numbers readers';

async function createDataset(api: ApiClient, database: number, name: string, sql: string) {
  const reply = await api.request('POST', '/api/v1/dataset/', {
    database,
    schema: 'main',
    table_name: name,
    sql,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return (reply.body as { id: number }).id;
}

describe('role dataset access in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let numbers: number;
  let secrets: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const database = await api.request('POST', '/api/v1/database/', {
      database_name: 'scratch',
      sqlalchemy_uri: 'duckdb:///:memory:',
    });
    expect(database.status, JSON.stringify(database.body)).toBe(201);
    const databaseId = (database.body as { id: number }).id;
    numbers = await createDataset(api, databaseId, 'numbers', 'SELECT 1 AS n');
    secrets = await createDataset(api, databaseId, 'secrets', "SELECT 'x' AS s");
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the datasets, grants one, and its member reads that one only', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/roles/list/`);
      await page.getByTestId('role-add').click();
      await page.getByTestId('role-name').fill(ROLE);
      await page.getByTestId('role-tab-data').click();
      await page.getByTestId('role-datasource-access').click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await options.filter({ hasText: 'secrets (scratch)' }).waitFor();
      // Typing narrows the list on the server.
      await page.keyboard.type('numb');
      await expect.poll(() => options.allTextContents()).toEqual(['numbers (scratch)']);
      await options.first().click();
      await page.keyboard.press('Escape');
      await screenshot(page, 'role-dataset-access');
      await page.getByTestId('role-submit').click();
      await page.getByText(`Role ${ROLE} was created`, { exact: true }).first().waitFor();
    } finally {
      await context.close();
    }

    const roles = (await api.request('GET', '/api/v1/security/roles/')).body as {
      result: Array<{ id: number; name: string; permissions: Array<[string, string]> }>;
    };
    const role = roles.result.find((r) => r.name === ROLE);
    expect(role?.permissions).toEqual([
      ['datasource_access', `[scratch].[numbers](id:${numbers})`],
    ]);
    const gamma = roles.result.find((r) => r.name === 'Gamma');
    const user = await api.request('POST', '/api/v1/security/users/', {
      username: 'nina',
      first_name: 'Nina',
      last_name: 'Numbers',
      email: 'nina@example.com',
      password: 'nina-password',
      roles: [gamma?.id, role?.id],
    });
    expect(user.status).toBe(201);
    const nina = await apiClient(server.baseUrl, 'nina', 'nina-password');
    expect((await nina.request('GET', `/api/v1/dataset/${numbers}`)).status).toBe(200);
    expect((await nina.request('GET', `/api/v1/dataset/${secrets}`)).status).not.toBe(200);
  });
});
