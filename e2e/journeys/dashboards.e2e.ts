import { readFileSync } from 'node:fs';
import { CONFIRM_OVERWRITE_MESSAGE } from '@tessera/shared/dashboard/save';
import { bigNumberTotalExample } from '@tessera/shared/viz/big_number_total/example';
import { pieExample } from '@tessera/shared/viz/pie/example';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 6's journey in Chromium: build a dashboard in the editor (charts, tabs, markdown with a
 * script tag, a header, a divider), resize, undo and redo, save, reload, reorder tabs, colours and
 * CSS, publish, copy, standalone 2, a permalink with its tab open, a Gamma user who may not edit,
 * and two editors who do not silently overwrite each other.
 */

const TITLE = 'E2E journey dashboard';
const PIE = 'E2E genre pie';
const TOTAL = 'E2E flights total';
const HEADER = 'Key numbers';
const MARKDOWN = '# Release notes\n\nRevenue is **up**.\n\n<script>window.__pwned = 1</script>';
const CSS = '.dashboard-component-header { color: rgb(200, 30, 30); }';

async function datasetId(api: ApiClient, table: string, timeoutMs: number): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${table})))`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = (await api.request('GET', `/api/v1/dataset/?q=${q}`)).body as {
      result?: Array<{ id: number; database: { id: number } }>;
    };
    const id = answer.result?.[0]?.id;
    if (id !== undefined) return id;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`The examples dataset ${table} was not registered within ${timeoutMs} ms`);
}

async function createChart(
  api: ApiClient,
  name: string,
  datasource: number,
  formData: Record<string, unknown>,
): Promise<number> {
  const reply = await api.request('POST', '/api/v1/chart/', {
    slice_name: name,
    viz_type: formData.viz_type,
    datasource_id: datasource,
    datasource_type: 'table',
    params: JSON.stringify({ ...formData, datasource: `${datasource}__table` }),
  });
  expect(reply.status).toBe(201);
  return (reply.body as { id: number }).id;
}

async function newContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { context, page: await context.newPage() };
}

const center = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element to drag is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/**
 * Drags with real pointer events in steps (dnd-kit activates after 5 px and follows moves), to
 * the point `target` computes once the drag has started (the page may have shifted), waits for
 * the drop indicator and drops.
 */
async function drag(
  page: Page,
  source: Locator,
  target: () => Promise<{ x: number; y: number }>,
  expected?: { parentId?: string; position?: string },
) {
  await source.scrollIntoViewIfNeeded();
  const from = await center(source);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 4 });
  await page.getByTestId('drag-ghost').waitFor();
  const to = await target();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.move(to.x + 1, to.y + 1, { steps: 2 });
  const indicator = page.getByTestId('drop-indicator');
  await expect
    .poll(() => indicator.evaluate((el) => (el as HTMLElement).style.display))
    .toBe('block');
  if (expected?.parentId) {
    expect(await indicator.getAttribute('data-parent-id')).toBe(expected.parentId);
  }
  if (expected?.position) {
    expect(await indicator.getAttribute('data-position')).toBe(expected.position);
  }
  await page.mouse.up();
}

/** A point inside `locator`: fractions of its width and height (0.5, 0.5 is the centre). */
const pointIn = (locator: Locator, fx: number, fy: number) => async () => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The drop target is not on screen');
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
};

/** A point `dy` pixels below the element's bottom edge (negative: inside it). */
const below =
  (locator: Locator, dy: number, fx = 0.5) =>
  async () => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('The drop target is not on screen');
    return { x: box.x + box.width * fx, y: box.y + box.height + dy };
  };

async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });
}

/** Waits until the page shows two charts and both are drawn. */
async function allChartsRendered(page: Page) {
  await expect
    .poll(() => page.locator('[data-testid="dashboard-chart"][data-status="rendered"]').count(), {
      timeout: 60_000,
    })
    .toBe(2);
}

async function getDashboard(api: ApiClient, id: number) {
  const reply = await api.request('GET', `/api/v1/dashboard/${id}`);
  expect(reply.status).toBe(200);
  return (
    reply.body as {
      result: {
        dashboard_title: string;
        css: string | null;
        published: boolean;
        position_json: string | null;
        json_metadata: string | null;
      };
    }
  ).result;
}

const tabTitles = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ''));

async function openMenu(page: Page, entry: string, parent?: string) {
  await page.getByTestId('dashboard-menu').click();
  if (parent) await page.getByTestId(parent).hover();
  await page.getByTestId(entry).click();
}

describe('dashboard journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let pieId: number;
  let totalId: number;
  let dashboardId: number;
  let secondTabId: string;

  beforeAll(async () => {
    server = await startServer({ loadExamples: true });
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const movies = await datasetId(api, pieExample.table, 240_000);
    const flights = await datasetId(api, bigNumberTotalExample.table, 60_000);
    pieId = await createChart(api, PIE, movies, pieExample.formData);
    totalId = await createChart(api, TOTAL, flights, bigNumberTotalExample.formData);

    // A Gamma user who may read the examples database (so a published dashboard on it shows).
    const database = (
      (await api.request('GET', `/api/v1/dataset/${movies}`)).body as {
        result: { database: { id: number; database_name: string } };
      }
    ).result.database;
    const readers = await api.request('POST', '/api/v1/security/roles/', {
      name: 'examples readers',
      permissions: [['database_access', `[${database.database_name}].(id:${database.id})`]],
    });
    expect(readers.status).toBe(201);
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
      roles: [gamma?.id, (readers.body as { id: number }).id],
    });
    expect(created.status).toBe(201);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds a dashboard in the editor, saves it and sees it all after a reload', async () => {
    const { context, page } = await newContext(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/list/`);
      await page.getByTestId('dashboard-list-page').waitFor();
      await page.getByTestId('dashboard-add').first().click();
      await page.waitForURL(/\/dashboard\/\d+\/\?edit=true/);
      dashboardId = Number(/\/dashboard\/(\d+)\//.exec(page.url())?.[1]);
      await page.locator('[data-testid="dashboard-page"][data-edit-mode="true"]').waitFor();
      await page.getByTestId('editable-empty').waitFor();

      await page.getByTestId('dashboard-title').click();
      await page.getByTestId('dashboard-title-input').fill(TITLE);
      await page.getByTestId('dashboard-title-input').press('Enter');

      // Two charts from the builder pane: the first into the empty grid, the second beside it.
      const grid = page.getByTestId('editable-grid-content');
      // The pane lists the charts again 300 ms after typing: drag only from the new list.
      const searched = page.waitForResponse(
        (r) => r.url().includes('/api/v1/chart/?q=') && decodeURIComponent(r.url()).includes('E2E'),
      );
      await page.getByTestId('builder-chart-search').locator('input').fill('E2E');
      await searched;
      const pieCard = page.locator(`[data-testid="builder-chart"][data-chart-id="${pieId}"]`);
      const totalCard = page.locator(`[data-testid="builder-chart"][data-chart-id="${totalId}"]`);
      await pieCard.waitFor();
      await drag(page, pieCard, pointIn(grid, 0.5, 0.5), { parentId: 'GRID_ID' });
      const pieCell = page.locator(
        `.dashboard-edit-cell:has([data-testid="dashboard-chart"]):has-text("${PIE}")`,
      );
      await pieCell.waitFor();
      await expect.poll(() => pieCard.getAttribute('data-in-dashboard')).toBe('true');
      // A chart dropped in edit mode queries and draws at once.
      await page
        .locator(
          `[data-testid="dashboard-chart"][data-chart-id="${pieId}"][data-status="rendered"]`,
        )
        .waitFor({ timeout: 60_000 });
      await drag(page, totalCard, pointIn(pieCell, 0.97, 0.5), { position: 'DROP_RIGHT' });
      await expect.poll(() => page.getByTestId('dashboard-chart').count()).toBe(2);
      const row = page.getByTestId('dashboard-row').first();
      await expect.poll(() => row.getByTestId('dashboard-chart').count()).toBe(2);

      // Layout elements: a header above the row, a divider under it, tabs at the bottom.
      await page.getByTestId('builder-tab-elements').click();
      const element = (type: string) =>
        page.locator(`[data-testid="builder-element"][data-type="${type}"]`);
      await drag(page, element('HEADER'), pointIn(row, 0.5, 0.02), { parentId: 'GRID_ID' });
      await page.getByTestId('editable-header-text').click();
      await page.getByTestId('header-text-input').fill(HEADER);
      await page.getByTestId('header-text-input').press('Enter');
      await expect
        .poll(() => page.getByTestId('dashboard-header-component').textContent())
        .toContain(HEADER);
      await drag(page, element('DIVIDER'), below(row, -3), { parentId: 'GRID_ID' });
      await page.getByTestId('dashboard-divider').waitFor();
      await drag(page, element('TABS'), below(page.getByTestId('dashboard-divider'), 10), {
        parentId: 'GRID_ID',
      });
      const tabs = page.getByTestId('editable-tabs');
      await tabs.waitFor();
      await tabs.getByTestId('tab-title').first().dblclick();
      await page.getByTestId('tab-title-input').fill('Overview');
      await page.getByTestId('tab-title-input').press('Enter');
      await tabs.getByTestId('add-tab').filter({ visible: true }).first().click();
      await expect.poll(() => tabs.getByTestId('editable-tab').count()).toBe(2);
      await tabs.getByTestId('tab-title').nth(1).dblclick();
      await page.getByTestId('tab-title-input').fill('Notes');
      await page.getByTestId('tab-title-input').press('Enter');
      expect(await tabTitles(page, 'tab-title')).toEqual(['Overview', 'Notes']);
      secondTabId =
        (await tabs.getByTestId('editable-tab').nth(1).getAttribute('data-tab-id')) ?? '';

      // A markdown block in the second tab, with a script tag that must not run.
      const tabContent = tabs.getByTestId('editable-tab-content');
      await drag(page, element('MARKDOWN'), pointIn(tabContent, 0.5, 0.5), {
        parentId: secondTabId,
      });
      await page.getByTestId('editable-markdown').click();
      await page.getByTestId('markdown-editor').fill(MARKDOWN);
      await page.getByTestId('dashboard-header').click({ position: { x: 600, y: 30 } });
      const markdown = page.getByTestId('dashboard-markdown');
      await expect.poll(() => markdown.locator('h1').textContent()).toBe('Release notes');
      expect(await markdown.locator('script').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      await screenshot(page, 'dashboard-editor-built');

      // Resize the pie two columns wider, undo, redo.
      await pieCell.hover();
      const before = (await pieCell.boundingBox())?.width ?? 0;
      const rowWidth = (await row.boundingBox())?.width ?? 0;
      const handle = pieCell.getByTestId('resize-handle-right').first();
      const start = await center(handle);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + (rowWidth / 12) * 2, start.y, { steps: 10 });
      await expect
        .poll(() => pieCell.getByTestId('resize-ghost').first().getAttribute('data-size'))
        .toMatch(/^6 × /);
      await page.mouse.up();
      const wider = async () => (await pieCell.boundingBox())?.width ?? 0;
      await expect.poll(wider).toBeGreaterThan(before + rowWidth / 12);
      const resized = await wider();
      await page.getByTestId('dashboard-undo').click();
      await expect.poll(wider).toBeCloseTo(before, 0);
      await page.getByTestId('dashboard-redo').click();
      await expect.poll(wider).toBeCloseTo(resized, 0);

      await page.getByTestId('dashboard-save').click();
      // The spec: after a save the address becomes /superset/dashboard/{slug or id}/.
      await page.waitForURL(new RegExp(`/superset/dashboard/${dashboardId}/$`));
      await page.locator('[data-testid="dashboard-page"][data-edit-mode="false"]').waitFor();
      const saved = await getDashboard(api, dashboardId);
      expect(saved.dashboard_title).toBe(TITLE);
      const positions = JSON.parse(saved.position_json ?? '{}') as Record<
        string,
        { type: string; meta: { width?: number; chartId?: number; code?: string } }
      >;
      const pieEntry = Object.values(positions).find(
        (p) => p.type === 'CHART' && p.meta.chartId === pieId,
      );
      expect(pieEntry?.meta.width).toBe(6);

      // Reload: everything is there, the script still did not run.
      await page.reload();
      await page.getByTestId('dashboard-page').waitFor();
      await expect.poll(() => page.getByTestId('dashboard-title').textContent()).toBe(TITLE);
      await page
        .locator(
          `[data-testid="dashboard-chart"][data-chart-id="${pieId}"][data-status="rendered"]`,
        )
        .waitFor({ timeout: 60_000 });
      await page
        .locator(
          `[data-testid="dashboard-chart"][data-chart-id="${totalId}"][data-status="rendered"]`,
        )
        .waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('dashboard-header-component').textContent()).toContain(HEADER);
      expect(await page.getByTestId('dashboard-divider').count()).toBe(1);
      expect(await tabTitles(page, 'dashboard-tab')).toEqual(['Overview', 'Notes']);
      await page.getByTestId('dashboard-tab').nth(1).click();
      await expect
        .poll(() => page.getByTestId('dashboard-markdown').locator('h1').textContent())
        .toBe('Release notes');
      expect(await page.getByTestId('dashboard-markdown').textContent()).toContain('Revenue is up');
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      await screenshot(page, 'dashboard-view-after-reload');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('reorders tabs, sets colours and CSS, publishes and copies the dashboard', async () => {
    const { context, page } = await newContext(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/${dashboardId}/`);
      await page.getByTestId('dashboard-edit').click();
      await page.locator('[data-testid="dashboard-page"][data-edit-mode="true"]').waitFor();

      // Move "Notes" before "Overview" by its handle.
      const tabs = page.getByTestId('editable-tabs');
      const notes = tabs.locator(`[data-testid="editable-tab"][data-tab-id="${secondTabId}"]`);
      const overview = tabs.getByTestId('editable-tab').first();
      await drag(page, notes.getByTestId('tab-drag-handle'), pointIn(overview, 0.1, 0.5));
      await expect.poll(() => tabTitles(page, 'tab-title')).toEqual(['Notes', 'Overview']);

      await openMenu(page, 'dashboard-menu-properties');
      await page.getByTestId('dashboard-properties-modal').waitFor();
      await page.getByTestId('dashboard-properties-color-scheme').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Airbnb Colors' })
        .click();
      await page.getByTestId('dashboard-properties-save').click();
      await page.getByTestId('dashboard-properties-modal').waitFor({ state: 'hidden' });

      await openMenu(page, 'dashboard-menu-css');
      await page.getByTestId('dashboard-css-editor').fill(CSS);
      await page.getByTestId('dashboard-css-save').click();
      await page.getByTestId('dashboard-css-modal').waitFor({ state: 'hidden' });
      await page.getByTestId('dashboard-save').click();
      await page.locator('[data-testid="dashboard-page"][data-edit-mode="false"]').waitFor();

      const saved = await getDashboard(api, dashboardId);
      expect(saved.css).toBe(CSS);
      expect(JSON.parse(saved.json_metadata ?? '{}').color_scheme).toBe('bnbColors');
      await page.reload();
      await expect.poll(() => tabTitles(page, 'dashboard-tab')).toEqual(['Notes', 'Overview']);
      await expect
        .poll(() =>
          page
            .getByTestId('dashboard-header-component')
            .locator('h3')
            .evaluate((el) => getComputedStyle(el).color),
        )
        .toBe('rgb(200, 30, 30)');

      // Publish.
      const published = page.getByTestId('dashboard-published');
      expect(await published.getAttribute('data-published')).toBe('false');
      await published.click();
      await expect.poll(() => published.getAttribute('data-published')).toBe('true');
      expect((await getDashboard(api, dashboardId)).published).toBe(true);
      await screenshot(page, 'dashboard-styled-published');

      // Save as: a copy opens at its own address.
      await openMenu(page, 'dashboard-menu-save-as');
      await expect
        .poll(() => page.getByTestId('dashboard-save-as-title').inputValue())
        .toBe(`${TITLE} [copy]`);
      await page.getByTestId('dashboard-save-as-submit').click();
      await page.waitForURL((url) => {
        const match = /\/dashboard\/(\d+)\/$/.exec(url.pathname);
        return match !== null && Number(match[1]) !== dashboardId;
      });
      await expect
        .poll(() => page.getByTestId('dashboard-title').textContent())
        .toBe(`${TITLE} [copy]`);
      await expect.poll(() => page.getByTestId('dashboard-chart').count()).toBe(2);

      await page.goto(`${server.baseUrl}/dashboard/list/`);
      await page.getByTestId('dashboard-list-page').waitFor();
      await expect
        .poll(() =>
          page
            .getByTestId('dashboard-row-name')
            .evaluateAll((els) => els.map((el) => el.textContent?.trim())),
        )
        .toEqual(expect.arrayContaining([TITLE, `${TITLE} [copy]`]));
      await screenshot(page, 'dashboard-list');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('opens standalone 2 and a permalink with its tab open in a fresh context', async () => {
    const { context, page } = await newContext(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/${dashboardId}/?standalone=2`);
      await page.getByTestId('dashboard-standalone').waitFor();
      await allChartsRendered(page);
      expect(await page.getByTestId('dashboard-header').count()).toBe(0);
      expect(await page.getByTestId('dashboard-title').count()).toBe(0);
      // The navigation bar is not what shows at the top of the window.
      const onTop = await page.evaluate(() =>
        Boolean(
          document.elementFromPoint(640, 10)?.closest('[data-testid="dashboard-standalone"]'),
        ),
      );
      expect(onTop).toBe(true);
      await screenshot(page, 'dashboard-standalone-2');

      // "Overview" is now the second tab: open it and share a permalink.
      await page.goto(`${server.baseUrl}/dashboard/${dashboardId}/`);
      const overview = page.getByTestId('dashboard-tab').filter({ hasText: 'Overview' });
      const overviewId = (await overview.getAttribute('data-tab-id')) ?? '';
      await overview.click();
      const permalinkReply = page.waitForResponse(
        (r) => r.url().includes(`/api/v1/dashboard/${dashboardId}/permalink`) && r.ok(),
      );
      await openMenu(page, 'dashboard-menu-share-copy', 'dashboard-menu-share');
      const { url } = (await (await permalinkReply).json()) as { url: string };
      expect(url).toMatch(/\/dashboard\/p\/[\w-]+\/?$/);
      await expectToast(page, 'Copied to clipboard!');

      const fresh = await newContext(browser);
      try {
        await login(fresh.page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
        await fresh.page.goto(url);
        const active = fresh.page.locator('.ant-tabs-tab-active [data-testid="dashboard-tab"]');
        await expect.poll(() => active.getAttribute('data-tab-id')).toBe(overviewId);
        await allChartsRendered(fresh.page);
        expect(await fresh.page.getByTestId('dashboard-tab-empty').count()).toBe(1);
        await screenshot(fresh.page, 'dashboard-permalink');
      } finally {
        await fresh.context.close();
      }

      // Download as image: a PNG of the dashboard's grid.
      const download = page.waitForEvent('download');
      await openMenu(page, 'dashboard-menu-download-image', 'dashboard-menu-download');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.png$/);
      const png = readFileSync(await file.path());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.length).toBeGreaterThan(1000);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows a Gamma user no edit button, and edit=true does nothing', async () => {
    const { context, page } = await newContext(browser);
    try {
      await login(page, server.baseUrl, 'gina', 'gina-password');
      await page.goto(`${server.baseUrl}/dashboard/${dashboardId}/`);
      await page.getByTestId('dashboard-header').waitFor();
      await allChartsRendered(page);
      expect(await page.getByTestId('dashboard-edit').count()).toBe(0);
      await page.goto(`${server.baseUrl}/dashboard/${dashboardId}/?edit=true`);
      await page.getByTestId('dashboard-header').waitFor();
      expect(await page.getByTestId('dashboard-page').getAttribute('data-edit-mode')).toBe('false');
      expect(await page.getByTestId('editable-grid').count()).toBe(0);
      expect(await page.getByTestId('dashboard-builder-pane').count()).toBe(0);
      expect(await page.getByTestId('dashboard-save').count()).toBe(0);
      await screenshot(page, 'dashboard-gamma');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('asks the second of two editors to confirm before overwriting the first one', async () => {
    const first = await newContext(browser);
    const second = await newContext(browser);
    try {
      for (const { page } of [first, second]) {
        await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
        await page.goto(`${server.baseUrl}/dashboard/${dashboardId}/?edit=true`);
        await page.locator('[data-testid="dashboard-page"][data-edit-mode="true"]').waitFor();
      }
      // The first renames the dashboard and saves.
      await first.page.getByTestId('dashboard-title').click();
      await first.page.getByTestId('dashboard-title-input').fill('Renamed by the first editor');
      await first.page.getByTestId('dashboard-title-input').press('Enter');
      await first.page.getByTestId('dashboard-save').click();
      await first.page.locator('[data-testid="dashboard-page"][data-edit-mode="false"]').waitFor();
      expect((await getDashboard(api, dashboardId)).dashboard_title).toBe(
        'Renamed by the first editor',
      );

      // The second changes the header and saves: nothing is written before it confirms.
      await second.page.getByTestId('editable-header-text').click();
      await second.page.getByTestId('header-text-input').fill('Second editor header');
      await second.page.getByTestId('header-text-input').press('Enter');
      await second.page.getByTestId('dashboard-save').click();
      await expectToast(second.page, CONFIRM_OVERWRITE_MESSAGE);
      const dialog = second.page.getByTestId('overwrite-confirm-body');
      await dialog.waitFor();
      const keyPaths = await second.page
        .getByTestId('overwrite-item')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-key-path')));
      expect(keyPaths).toContain('dashboard_title');
      await screenshot(second.page, 'dashboard-overwrite-confirm');
      const untouched = await getDashboard(api, dashboardId);
      expect(untouched.dashboard_title).toBe('Renamed by the first editor');
      expect(untouched.position_json).not.toContain('Second editor header');

      await second.page.getByTestId('overwrite-confirm').click();
      await second.page.locator('[data-testid="dashboard-page"][data-edit-mode="false"]').waitFor();
      expect((await getDashboard(api, dashboardId)).position_json).toContain(
        'Second editor header',
      );
    } finally {
      await first.context.close();
      await second.context.close();
    }
  }, 120_000);
});
