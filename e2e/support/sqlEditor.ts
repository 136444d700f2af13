import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type ApiClient, apiClient } from './api.ts';
import { launchBrowser, login, newPage } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** SQL Lab's editor (CodeMirror) inside the page. */
const EDITOR = '[data-testid="sqllab-editor"] .cm-content';

/** Closes the autocomplete list, which opens on typed text and covers the editor's lines. */
export async function closeCompletion(page: Page): Promise<void> {
  if (await page.locator('.cm-tooltip-autocomplete').isVisible())
    await page.keyboard.press('Escape');
}

/**
 * Replaces the editor's text. The editor is focused rather than clicked: an autocomplete list
 * left open by earlier typing would take the click.
 */
export async function replaceSql(page: Page, sql: string): Promise<void> {
  await page.locator(EDITOR).focus();
  await closeCompletion(page);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  await closeCompletion(page);
}

/** Replaces the editor's text (CodeMirror) and runs it with Ctrl+Enter. */
export async function runSql(page: Page, sql: string): Promise<void> {
  await replaceSql(page, sql);
  await page.keyboard.press('Control+Enter');
}

/** The examples load in the background after /health answers: waits for their tables. */
export async function waitForExamples(api: ApiClient): Promise<number> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const list = await api.request('GET', '/api/v1/database/');
    const rows = (list.body as { result?: { id: number; database_name: string }[] }).result ?? [];
    const id = rows.find((db) => db.database_name === 'examples')?.id;
    if (id) {
      const tables = await api.request(
        'GET',
        `/api/v1/database/${id}/tables/?q=(schema_name:main)`,
      );
      const names = ((tables.body as { result?: { value: string }[] }).result ?? []).map(
        (t) => t.value,
      );
      if (names.includes('cars') && names.includes('flights')) return id;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('The examples database did not load within 240 s');
}

/** Picks an option of an antd Select by its visible text. */
export async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown .ant-select-item-option[title="${option}"]`).click();
}

/** A fresh context signed in as the server's admin, on /sqllab/ once its left bar shows. */
export async function openSqlLabAs(
  browser: Browser,
  server: RunningServer,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.baseUrl,
  });
  await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
  await page.goto(`${server.baseUrl}/sqllab/`);
  await page.getByTestId('sqllab-leftbar').waitFor();
  return { context, page };
}

/** The editor's text, line breaks kept. */
export async function editorText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: CodeMirror lines are divs; only innerText keeps the line breaks
  return page.locator('[data-testid="sqllab-editor"] .cm-content').innerText();
}

/** The texts of the toasts on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.getByTestId('toast').allTextContents();
}

/** What a SQL Lab journey file shares, filled in once its server and browser are up. */
export interface SqlLabJourney {
  server: RunningServer;
  browser: Browser;
  api: ApiClient;
  examplesId: number;
  openSqlLab(): Promise<{ context: BrowserContext; page: Page }>;
  /** Opens SQL Lab in a fresh context on `database`, takes the steps, closes the context. */
  inSqlLab(database: string, steps: (page: Page) => Promise<void>): Promise<void>;
}

/**
 * Starts, for the journeys of one describe block, a server with the examples (and `env`) and
 * Chromium, and stops both after them.
 */
export function sqlLabJourney(env: Record<string, string> = {}): SqlLabJourney {
  const journey = {
    openSqlLab: () => openSqlLabAs(journey.browser, journey.server),
    async inSqlLab(database, steps) {
      const { context, page } = await journey.openSqlLab();
      try {
        await pick(page, 'sqllab-database-select', database);
        await steps(page);
      } finally {
        await context.close();
      }
    },
  } as SqlLabJourney;
  beforeAll(async () => {
    journey.server = await startServer({ loadExamples: true, env });
    journey.browser = await launchBrowser();
    const { server } = journey;
    journey.api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    journey.examplesId = await waitForExamples(journey.api);
  }, 300_000);
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}
