import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIRM_OVERWRITE_MESSAGE } from '@tessera/shared/dashboard/save';
import { bigNumberTotalExample } from '@tessera/shared/viz/big_number_total/example';
import { pieExample } from '@tessera/shared/viz/pie/example';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, screenshot } from '../support/browser.ts';
import { openDashboardMenu } from '../support/dashboardMenu.ts';
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

/** The header menu's entries (see `support/dashboardMenu.ts`). */
const openMenu = openDashboardMenu;

interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface PageRegions {
  width: number;
  title: Region;
  firstTab: Region;
  menus: Region[];
  bodies: Array<Region & { name: string }>;
}

/** The JPEG pictures of a PDF's pages, in page order (the export writes one per page). */
function pdfPictures(pdf: Buffer): Buffer[] {
  const pictures: Buffer[] = [];
  const text = pdf.toString('latin1');
  const header = /\/Filter \/DCTDecode \/Length (\d+) >>\nstream\n/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    pictures.push(pdf.subarray(start, start + Number(match[1])));
  }
  return pictures;
}

/**
 * How much each region of the dashboard's picture varies (standard deviation of its grey
 * levels): a drawn chart varies, an empty card is one flat colour. The picture may come in parts
 * stacked top to bottom (the pages of a PDF); the page's boxes are placed on it from its top left
 * corner plus the picture's 16 px of room, at the picture's scale.
 */
function pictureSpread(
  page: Page,
  images: Array<{ base64: string; type: string }>,
  regions: PageRegions,
  padding = 16,
) {
  return page.evaluate(
    async ({ images, regions, padding }) => {
      const parts = await Promise.all(
        images.map(({ base64, type }) =>
          createImageBitmap(
            new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type }),
          ),
        ),
      );
      const width = parts[0]?.width ?? 1;
      const canvas = new OffscreenCanvas(
        width,
        parts.reduce((sum, p) => sum + p.height, 0),
      );
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      let top = 0;
      for (const part of parts) {
        context.drawImage(part, 0, top);
        top += part.height;
      }
      const scale = width / (regions.width + 2 * padding);
      const deviation = (r: { x: number; y: number; w: number; h: number }) => {
        const { data } = context.getImageData(
          Math.round((r.x + padding) * scale),
          Math.round((r.y + padding) * scale),
          Math.max(1, Math.round(r.w * scale)),
          Math.max(1, Math.round(r.h * scale)),
        );
        let sum = 0;
        let squares = 0;
        const n = data.length / 4;
        for (let i = 0; i < data.length; i += 4) {
          const grey = 0.3 * (data[i] ?? 0) + 0.59 * (data[i + 1] ?? 0) + 0.11 * (data[i + 2] ?? 0);
          sum += grey;
          squares += grey * grey;
        }
        return Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
      };
      return {
        title: deviation(regions.title),
        // The first tab's label from its left edge: "Flights", not "lights".
        tabStart: deviation({ ...regions.firstTab, w: 8 }),
        menus: regions.menus.map(deviation),
        bodies: regions.bodies.map((b) => ({ name: b.name, deviation: deviation(b) })),
      };
    },
    { images, regions, padding },
  );
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

  it('downloads the image and the PDF with every chart below the fold drawn', async () => {
    // The examples' dashboards are made after their datasets: wait for Flights.
    let flights: { result?: { position_json: string } } = {};
    await expect
      .poll(
        async () => {
          flights = (await api.request('GET', '/api/v1/dashboard/flights')).body as typeof flights;
          return flights.result !== undefined;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(true);
    if (!flights.result) throw new Error('The Flights example dashboard did not appear');
    // A copy with a tall note on top: every chart starts below the fold.
    const layout = JSON.parse(flights.result.position_json) as Record<
      string,
      { id?: string; type?: string; children: string[]; meta: Record<string, unknown> }
    >;
    const tab = Object.values(layout).find((c) => c.type === 'TAB' && c.meta.text === 'Flights');
    if (!tab) throw new Error('The Flights example has no Flights tab');
    layout['MARKDOWN-64001'] = {
      id: 'MARKDOWN-64001',
      type: 'MARKDOWN',
      children: [],
      meta: { width: 12, height: 120, code: '## Read me first\n\nThe charts are further down.' },
    };
    layout['ROW-64001'] = { id: 'ROW-64001', type: 'ROW', children: ['MARKDOWN-64001'], meta: {} };
    tab.children.unshift('ROW-64001');
    const created = await api.request('POST', '/api/v1/dashboard/', {
      dashboard_title: 'E2E below the fold',
      position_json: JSON.stringify(layout),
    });
    expect(created.status).toBe(201);
    const foldId = (created.body as { id: number }).id;

    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/${foldId}/`);
      const charts = page.getByTestId('dashboard-chart');
      await expect.poll(() => charts.count(), { timeout: 30_000 }).toBe(5);
      await page.getByTestId('dashboard-markdown').first().waitFor();
      // Nobody scrolled: the charts have not even asked for their data.
      const statuses = () =>
        charts.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      expect(await statuses()).toEqual(Array(5).fill('pending'));

      // The sub-menu slides in beside the header: a click sent to the entry itself does not
      // depend on where it is mid-animation.
      const chooseDownload = async (entry: string) => {
        await page.getByTestId('dashboard-menu').click();
        await page.getByTestId('dashboard-menu-download').hover();
        await page.getByTestId(entry).waitFor();
        await page.getByTestId(entry).dispatchEvent('click');
      };
      const download = page.waitForEvent('download', { timeout: 90_000 });
      await chooseDownload('dashboard-menu-download-image');
      const file = await download;
      expect(file.suggestedFilename()).toBe('E2E below the fold.png');
      const png = readFileSync(await file.path());
      writeFileSync(
        (await screenshot(page, 'dashboard-fold-page')).replace(/\.png$/, '-image.png'),
        png,
      );
      // Still not scrolled: the charts were drawn for the picture and stay drawn.
      expect(await statuses()).toEqual(Array(5).fill('rendered'));
      const mapIsWebGL = (await page.locator('[data-testid="mapbox-chart"] canvas').count()) > 0;

      // Where things are in the picture: the page's boxes, from its top left corner plus the
      // picture's 16 px of room, at the picture's scale.
      const regions: PageRegions = await page.evaluate(() => {
        const root = document.querySelector('[data-testid="dashboard-page"]') as HTMLElement;
        const origin = root.getBoundingClientRect();
        const box = (el: Element | null) => {
          const r = (el as Element).getBoundingClientRect();
          return { x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height };
        };
        const holders = Array.from(document.querySelectorAll('[data-testid="dashboard-chart"]'));
        return {
          width: Math.ceil(origin.width),
          title: box(document.querySelector('[data-testid="dashboard-title"]')),
          firstTab: box(document.querySelector('[data-testid="dashboard-tab"]')),
          menus: holders.map((h) => box(h.querySelector('[data-testid="chart-menu"]'))),
          bodies: holders.map((h) => ({
            name: h.querySelector('[data-testid="chart-title"]')?.textContent ?? '',
            ...box(h.querySelector('[data-testid="chart-body"]')),
          })),
        };
      });
      // How much each region of the PNG varies (standard deviation of its grey levels).
      const spread = await pictureSpread(
        page,
        [{ base64: png.toString('base64'), type: 'image/png' }],
        regions,
      );
      console.info(
        `dashboard picture: ${png.length} bytes, map ${mapIsWebGL ? 'WebGL' : 'SVG'}`,
        JSON.stringify(spread),
      );
      expect(spread.title).toBeGreaterThan(10);
      expect(spread.tabStart).toBeGreaterThan(5);
      // No chart menu where the menus are on the page: the card's plain background.
      for (const menu of spread.menus) expect(menu).toBeLessThan(1);
      // Every chart is drawn in the picture (an empty card would be one flat colour).
      for (const body of spread.bodies) {
        expect(body.deviation, `${body.name} is drawn in the picture`).toBeGreaterThan(8);
      }

      // Export to PDF: a PDF file named by the dashboard, downloaded once every chart is drawn,
      // and the menu closes.
      await page.reload();
      await expect.poll(() => charts.count(), { timeout: 30_000 }).toBe(5);
      expect(await statuses()).toEqual(Array(5).fill('pending'));
      const pdfDownload = page.waitForEvent('download', { timeout: 90_000 });
      await chooseDownload('dashboard-menu-download-pdf');
      await expect
        .poll(() => page.getByTestId('dashboard-menu-download-pdf').isVisible())
        .toBe(false);
      const pdfFile = await pdfDownload;
      expect(pdfFile.suggestedFilename()).toBe('E2E below the fold.pdf');
      expect(await statuses()).toEqual(Array(5).fill('rendered'));
      const pdf = readFileSync(await pdfFile.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      writeFileSync((await screenshot(page, 'dashboard-fold-pdf')).replace(/\.png$/, '.pdf'), pdf);
      // Its pages hold the picture of the dashboard, top to bottom: every chart drawn in them.
      const pages = pdfPictures(pdf);
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect(pdf.toString('latin1').match(/\/Type \/Page /g)).toHaveLength(pages.length);
      const inPdf = await pictureSpread(
        page,
        pages.map((jpeg) => ({ base64: jpeg.toString('base64'), type: 'image/jpeg' })),
        regions,
      );
      console.info(
        `dashboard PDF: ${pdf.length} bytes, ${pages.length} pages`,
        JSON.stringify(inPdf),
      );
      expect(inPdf.title).toBeGreaterThan(10);
      for (const body of inPdf.bodies) {
        expect(body.deviation, `${body.name} is drawn in the PDF`).toBeGreaterThan(8);
      }
    } finally {
      await context.close();
    }
  }, 180_000);

  it('keeps an emptied title editable, follows the cleaned slug and toasts each save', async () => {
    const created = await api.request('POST', '/api/v1/dashboard/', {
      dashboard_title: 'E2E properties journey',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    const { context, page } = await newContext(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/${id}/?edit=true`);
      await page.locator('[data-testid="dashboard-page"][data-edit-mode="true"]').waitFor();

      // Emptied, the title reads as what saving stores, and a click opens it again.
      const title = page.getByTestId('dashboard-title');
      await title.click();
      await page.getByTestId('dashboard-title-input').fill('');
      await page.getByTestId('dashboard-title-input').press('Enter');
      await expect.poll(() => title.textContent()).toBe('[ untitled dashboard ]');
      const box = await title.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(50);
      expect(box?.height ?? 0).toBeGreaterThan(10);
      await screenshot(page, 'dashboard-untitled-edit');
      await title.click();
      await page.getByTestId('dashboard-title-input').fill('E2E properties journey');
      await page.getByTestId('dashboard-title-input').press('Enter');
      await page.getByTestId('dashboard-save').click();
      await expectToast(page, 'This dashboard was saved successfully.');
      await page.waitForURL(new RegExp(`/superset/dashboard/${id}/$`));
      await screenshot(page, 'dashboard-saved-toast');

      // Edit properties outside edit mode: a slug with a space, an empty name.
      await openMenu(page, 'dashboard-menu-properties');
      await page.getByTestId('dashboard-properties-slug').fill('e2e props slug');
      await page.getByTestId('dashboard-properties-title').fill('');
      await page.getByTestId('dashboard-properties-save').click();
      await page.waitForURL(/\/superset\/dashboard\/e2e-props-slug\/$/);
      await expectToast(page, 'The dashboard has been saved');
      await expect.poll(() => title.textContent()).toBe('[ untitled dashboard ]');
      await screenshot(page, 'dashboard-properties-slug');
      await page.reload();
      await expect.poll(() => title.textContent()).toBe('[ untitled dashboard ]');
      const stored = (
        (await api.request('GET', `/api/v1/dashboard/${id}`)).body as {
          result: { slug: string; url: string };
        }
      ).result;
      expect(stored).toMatchObject({
        slug: 'e2e-props-slug',
        url: '/superset/dashboard/e2e-props-slug/',
      });

      // The auto-refresh box shows the current choice as its value, even with its list open.
      await openMenu(page, 'dashboard-menu-auto-refresh');
      const refresh = page.getByTestId('dashboard-refresh-select');
      await refresh.click();
      await page.locator('.ant-select-dropdown:visible').waitFor();
      const shown = page.getByTestId('dashboard-refresh-modal').locator('.ant-select-content');
      expect(await shown.textContent()).toContain("Don't refresh");
      expect(await shown.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await screenshot(page, 'dashboard-refresh-open');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page
        .getByTestId('dashboard-refresh-modal')
        .getByRole('button', { name: 'Cancel' })
        .click();
      await page.getByTestId('dashboard-refresh-modal').waitFor({ state: 'hidden' });

      await openMenu(page, 'dashboard-menu-save-as');
      await page.getByTestId('dashboard-save-as-submit').click();
      await expectToast(page, 'This dashboard was saved successfully.');
      await page.waitForURL((url) => {
        const match = /\/superset\/dashboard\/(\d+)\/$/.exec(url.pathname);
        return match !== null && Number(match[1]) !== id;
      });

      // The list's pencil opens the same properties, read from the server.
      await page.goto(`${server.baseUrl}/dashboard/list/`);
      const row = page.locator('tr', {
        has: page.locator('a[href="/superset/dashboard/e2e-props-slug/"]'),
      });
      await row.getByTestId('dashboard-row-edit').click();
      const slug = page.getByTestId('dashboard-properties-slug');
      await expect.poll(() => slug.inputValue()).toBe('e2e-props-slug');
      await page.getByTestId('dashboard-properties-title').fill('E2E renamed from the list');
      await screenshot(page, 'dashboard-list-properties');
      await page.getByTestId('dashboard-properties-save').click();
      await expectToast(page, 'The dashboard has been saved');
      await expect
        .poll(() => row.getByTestId('dashboard-row-name').textContent())
        .toBe('E2E renamed from the list');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('keeps label colours whichever tab opens first, and shows a chart rename and description at once', async () => {
    // The Flights example dashboard: "Busiest origin airports" (ORD, ...) on its first tab,
    // "Bird strikes by phase of flight" (Approach, ...) on "Bird strikes".
    let flights: { id: number; position_json: string | null } | undefined;
    await expect
      .poll(
        async () => {
          const reply = await api.request('GET', '/api/v1/dashboard/flights');
          flights =
            reply.status === 200 ? (reply.body as { result: typeof flights }).result : undefined;
          return Boolean(flights);
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(true);
    const flightsId = (flights as { id: number }).id;
    const sliceIds = Object.fromEntries(
      (
        (await api.request('GET', `/api/v1/dashboard/${flightsId}/charts`)).body as {
          result: Array<{ id: number; slice_name: string }>;
        }
      ).result.map((c) => [c.slice_name, c.id]),
    );
    const pieId = sliceIds['Busiest origin airports'] as number;
    const funnelId = sliceIds['Bird strikes by phase of flight'] as number;
    const birdsTab = Object.values(
      JSON.parse((flights as { position_json: string }).position_json) as Record<
        string,
        { id: string; type: string; meta?: { text?: string } }
      >,
    ).find((c) => c.type === 'TAB' && c.meta?.text === 'Bird strikes')?.id as string;
    // No colours stored yet, whatever ran before.
    await api.request('PUT', `/api/v1/dashboard/${flightsId}/colors?mark_updated=false`, {
      map_label_colors: {},
      shared_label_colors: [],
      color_scheme_domain: [],
    });
    const storedMap = async () => {
      const reply = await api.request('GET', `/api/v1/dashboard/${flightsId}`);
      const metadata = JSON.parse(
        (reply.body as { result: { json_metadata: string } }).result.json_metadata,
      ) as { map_label_colors?: Record<string, string> };
      return metadata.map_label_colors ?? {};
    };

    // Label to colour as the chart handed them to ECharts (the option its element was given).
    const drawnColors = async (page: Page, chartId: number) => {
      await page
        .locator(
          `[data-testid="dashboard-chart"][data-chart-id="${chartId}"][data-status="rendered"]`,
        )
        .waitFor({ timeout: 60_000 });
      return page.evaluate((id) => {
        const element = document.querySelector(
          `[data-testid="dashboard-chart"][data-chart-id="${id}"] [_echarts_instance_]`,
        );
        const key = element && Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
        type Fiber = { memoizedProps?: { option?: unknown }; return: Fiber | null };
        let fiber = key ? ((element as unknown as Record<string, Fiber>)[key] ?? null) : null;
        while (fiber && !fiber.memoizedProps?.option) fiber = fiber.return;
        type Item = { name?: unknown; itemStyle?: { color?: unknown }; data?: Item[] };
        const option = (fiber?.memoizedProps?.option ?? {}) as { series?: Item | Item[] };
        const colors: Record<string, string> = {};
        for (const series of ([] as Item[]).concat(option.series ?? [])) {
          for (const item of series.data ?? []) {
            if (typeof item?.name === 'string' && typeof item.itemStyle?.color === 'string') {
              colors[item.name] = item.itemStyle.color;
            }
          }
        }
        return colors;
      }, chartId);
    };

    // A first visit opens the Flights tab, then Bird strikes; an editor's visit stores the map.
    const first = await newContext(browser);
    let pieColors: Record<string, string>;
    let funnelColors: Record<string, string>;
    let stored: Record<string, string>;
    try {
      await login(first.page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await first.page.goto(`${server.baseUrl}/dashboard/${flightsId}/`);
      pieColors = await drawnColors(first.page, pieId);
      expect(pieColors.ORD).toMatch(/^#/);
      await first.page.getByTestId('dashboard-tab').filter({ hasText: 'Bird strikes' }).click();
      funnelColors = await drawnColors(first.page, funnelId);
      expect(funnelColors.Approach).toMatch(/^#/);
      expect(funnelColors.Approach).not.toBe(pieColors.ORD);
      // The charts' colours reach the server with the sync that follows their drawing.
      await expect
        .poll(storedMap, { timeout: 15_000 })
        .toMatchObject({ ORD: pieColors.ORD, Approach: funnelColors.Approach });
      stored = await storedMap();
    } finally {
      await first.context.close();
    }

    // A fresh visit opens a permalink to Bird strikes first: every label keeps its colour, and
    // the stored map is not rewritten.
    const second = await newContext(browser);
    try {
      const { page } = second;
      const colorWrites: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT' && r.url().includes('/colors')) colorWrites.push(r.url());
      });
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      const link = (
        await api.request('POST', `/api/v1/dashboard/${flightsId}/permalink`, {
          urlParams: [],
          dataMask: {},
          activeTabs: [birdsTab],
          anchor: null,
        })
      ).body as { url: string };
      await page.goto(link.url);
      expect(await drawnColors(page, funnelId)).toEqual(funnelColors);
      await screenshot(page, 'dashboard-colors-birds-first');
      await page.getByTestId('dashboard-tab').filter({ hasText: 'Flights' }).click();
      expect(await drawnColors(page, pieId)).toEqual(pieColors);
      // Proving that no write comes needs a window to watch, not a condition: three times the
      // 500 ms after a draw at which a colour sync would be sent.
      await page.waitForTimeout(1500);
      expect(await storedMap()).toEqual(stored);
      expect(colorWrites).toEqual([]);
      await screenshot(page, 'dashboard-colors-then-flights');

      // Rename the pie and describe it in markdown: both show at once, and after a reload.
      const holder = page.locator(`[data-testid="dashboard-chart"][data-chart-id="${pieId}"]`);
      await holder.getByTestId('chart-menu').click();
      await page.getByTestId('chart-menu-edit-properties').click();
      await page.getByTestId('chart-properties-name').fill('Busiest airports, renamed');
      await page
        .getByTestId('chart-properties-description')
        .fill(
          'Counted by **origin**, see [docs](https://example.com/docs)\n\n<script>window.__described = 1</script>',
        );
      await page.getByTestId('chart-properties-save').click();
      await expectToast(page, 'Chart properties updated');
      await expect
        .poll(() => holder.getByTestId('chart-title').textContent())
        .toBe('Busiest airports, renamed');
      await holder.getByTestId('chart-menu').click();
      await page.getByTestId('chart-menu-toggle-description').click();
      const description = holder.getByTestId('chart-description');
      expect(await description.locator('strong').textContent()).toBe('origin');
      expect(await description.locator('a').getAttribute('href')).toBe('https://example.com/docs');
      expect(
        await page.evaluate(() => (window as unknown as { __described?: number }).__described),
      ).toBe(undefined);
      await screenshot(page, 'dashboard-chart-renamed');

      await page.goto(`${server.baseUrl}/dashboard/${flightsId}/`);
      await expect
        .poll(() => holder.getByTestId('chart-title').textContent(), { timeout: 30_000 })
        .toBe('Busiest airports, renamed');
      await holder.getByTestId('chart-description-toggle').click();
      expect(await holder.getByTestId('chart-description').locator('strong').textContent()).toBe(
        'origin',
      );
    } finally {
      await second.context.close();
      await api.request('PUT', `/api/v1/chart/${pieId}`, {
        slice_name: 'Busiest origin airports',
        description: null,
      });
    }
  }, 240_000);

  it('adds a tab with many tabs, asks before deleting one, and shows a refused drop as forbidden', async () => {
    // A full-width chart (a full row) above a tabs component with ten tabs.
    const tabIds = Array.from({ length: 10 }, (_, i) => `TAB-${901 + i}`);
    const layout: Record<string, unknown> = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
      GRID_ID: {
        id: 'GRID_ID',
        type: 'GRID',
        children: ['ROW-901', 'TABS-901'],
        parents: ['ROOT_ID'],
        meta: {},
      },
      'ROW-901': {
        id: 'ROW-901',
        type: 'ROW',
        children: ['CHART-901'],
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      },
      'CHART-901': {
        id: 'CHART-901',
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-901'],
        meta: { chartId: pieId, width: 12, height: 50, sliceName: PIE },
      },
      'TABS-901': {
        id: 'TABS-901',
        type: 'TABS',
        children: tabIds,
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: {},
      },
    };
    for (const [i, id] of tabIds.entries()) {
      layout[id] = {
        id,
        type: 'TAB',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'TABS-901'],
        meta: { text: `Section ${i + 1}`, defaultText: 'Tab title' },
      };
    }
    const created = await api.request('POST', '/api/v1/dashboard/', {
      dashboard_title: 'E2E many tabs',
      position_json: JSON.stringify(layout),
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;

    const { context, page } = await newContext(browser);
    try {
      await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
      await page.goto(`${server.baseUrl}/dashboard/${id}/?edit=true`);
      await page.locator('[data-testid="dashboard-page"][data-edit-mode="true"]').waitFor();
      // The chart drawn first, so nothing moves while the tab bar is measured.
      await page
        .locator(
          `[data-testid="dashboard-chart"][data-chart-id="${pieId}"][data-status="rendered"]`,
        )
        .waitFor({ timeout: 60_000 });
      const tabs = page.getByTestId('editable-tabs');
      const tabCount = () => tabs.getByTestId('editable-tab').count();
      expect(await tabCount()).toBe(10);

      // Hovering "+" shows the tabs' tools, and they are not what lies under the pointer.
      // With this many tabs antd moves "+" beside the overflow menu and leaves the list's own
      // one clipped out of sight: the one to hover is the one inside the tab bar's box.
      const bar = await tabs.boundingBox();
      const candidates = tabs.getByTestId('add-tab').filter({ visible: true });
      let plus: { x: number; y: number } | undefined;
      for (let i = 0; i < (await candidates.count()) && !plus; i += 1) {
        const c = await center(candidates.nth(i));
        if (bar && c.x >= bar.x && c.x <= bar.x + bar.width) plus = c;
      }
      if (!plus) throw new Error('No "+" inside the tab bar');
      await page.mouse.move(plus.x, plus.y);
      const tools = page.locator(
        '[data-testid="editable-component"][data-component-id="TABS-901"] > .dashboard-edit-tools',
      );
      await expect.poll(() => tools.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      const underPointer = await page.evaluate(({ x, y }) => {
        const el = document.elementFromPoint(x, y);
        return {
          add: Boolean(el?.closest('.ant-tabs-nav-add')),
          tool: Boolean(el?.closest('.dashboard-edit-tools')),
        };
      }, plus);
      expect(underPointer).toEqual({ add: true, tool: false });
      await screenshot(page, 'dashboard-many-tabs-hover-plus');
      await page.mouse.click(plus.x, plus.y);
      await expect.poll(tabCount).toBe(11);
      expect(await tabs.count()).toBe(1);

      // The x on a tab asks first; Cancel keeps the tab.
      const active = tabs.locator('.ant-tabs-tab-active [data-testid="editable-tab"]');
      const activeId = await active.getAttribute('data-tab-id');
      await tabs.locator('.ant-tabs-tab-active [data-testid="delete-tab"]').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Delete dashboard tab?', { exact: true }).waitFor();
      expect(await dialog.getByTestId('delete-tab-text').textContent()).toContain(
        'Deleting a tab will remove all content within it',
      );
      await screenshot(page, 'dashboard-delete-tab-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await tabCount()).toBe(11);
      expect(
        await tabs.locator(`[data-testid="editable-tab"][data-tab-id="${activeId}"]`).count(),
      ).toBe(1);

      // A chart dragged over the full row: forbidden while hovering, the spec's toast on release.
      const searched = page.waitForResponse(
        (r) => r.url().includes('/api/v1/chart/?q=') && decodeURIComponent(r.url()).includes('E2E'),
      );
      await page.getByTestId('builder-chart-search').locator('input').fill('E2E');
      await searched;
      const totalCard = page.locator(`[data-testid="builder-chart"][data-chart-id="${totalId}"]`);
      await totalCard.waitFor();
      const from = await center(totalCard);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 8, from.y + 8, { steps: 4 });
      await page.getByTestId('drag-ghost').waitFor();
      const pieCell = page.locator('.dashboard-edit-cell[data-layout-id="CHART-901"]');
      const to = await pointIn(pieCell, 0.6, 0.5)();
      await page.mouse.move(to.x, to.y, { steps: 12 });
      await page.mouse.move(to.x + 1, to.y + 1, { steps: 2 });
      const indicator = page.getByTestId('drop-indicator');
      await expect.poll(() => indicator.getAttribute('data-position')).toBe('DROP_FORBIDDEN');
      expect(await indicator.getAttribute('class')).toContain('forbidden');
      expect(await indicator.getAttribute('data-target-id')).toBe('ROW-901');
      expect(await page.evaluate(() => getComputedStyle(document.body).cursor)).toBe('not-allowed');
      await screenshot(page, 'dashboard-forbidden-drop');
      await page.mouse.up();
      await expectToast(
        page,
        'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
      );
      expect(await page.getByTestId('dashboard-chart').count()).toBe(1);
    } finally {
      await context.close();
    }
  }, 180_000);
});
