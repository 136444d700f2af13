import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Browser, Frame, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/api.ts';
import { launchBrowser, login, newPage, SCREENSHOT_DIR, screenshot } from '../support/browser.ts';
import { openDashboardMenu } from '../support/dashboardMenu.ts';
import { freePort, REPO_ROOT, type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 18's journey in Chromium: an admin enables embedding of the example Flights dashboard
 * from its header menu ("Embed dashboard"), allowing one host origin. A host application on
 * another origin (a small HTTP server of this test) loads Superset's published
 * `@superset-ui/embedded-sdk` bundle and calls `embedDashboard`; its `fetchGuestToken` asks the
 * host's own endpoint, which asks Tessera's guest_token API as the admin (the browser never holds
 * admin credentials). Every chart draws inside the iframe, the SDK's getScrollSize and
 * getDashboardPermalink answer, a token with a row filter shows only the allowed rows, a
 * short-lived token is refreshed by the SDK without a reload, and a host origin outside the
 * allowed domains is refused framing by the page's CSP.
 */

/** Seconds a guest token lives here: the SDK refreshes it 5 s before that. */
const TOKEN_SECONDS = 20;
const PIE = 'Busiest origin airports';
const SDK_BUNDLE = path.join(REPO_ROOT, 'node_modules/@superset-ui/embedded-sdk/bundle/index.js');

interface Host {
  server: Server;
  port: number;
  /** Tokens handed out so far, in order. */
  tokens: string[];
}

/** The host application: its page, the SDK bundle, and its backend's guest-token endpoint. */
async function startHost(api: ApiClient, flightsDataset: () => number): Promise<Host> {
  const port = await freePort();
  const tokens: string[] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (url.pathname === '/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(readFileSync(SDK_BUNDLE));
      return;
    }
    if (url.pathname === '/guest-token') {
      // The host's backend speaks for its user: Tessera's API, as a service account.
      const origin = url.searchParams.get('origin');
      const rls = origin ? [{ clause: `origin = '${origin}'`, dataset: flightsDataset() }] : [];
      const reply = await api.request('POST', '/api/v1/security/guest_token/', {
        user: { username: 'host-user', first_name: 'Host', last_name: 'User' },
        resources: [{ type: 'dashboard', id: url.searchParams.get('uuid') }],
        rls,
      });
      const token = (reply.body as { token?: string }).token ?? '';
      tokens.push(token);
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ token }));
      return;
    }
    const config = JSON.stringify({
      uuid: url.searchParams.get('uuid'),
      tessera: url.searchParams.get('tessera'),
      origin: url.searchParams.get('origin') ?? '',
    });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html><head><title>Host application</title>
<style>
  body { font-family: sans-serif; margin: 0; padding: 16px; background: #eef2f7; }
  header { padding: 8px 12px; margin-bottom: 12px; background: #1f3a5f; color: white; }
  #dashboard iframe { width: 100%; height: 1500px; border: 1px solid #99a; background: white; }
</style>
<script src="/sdk.js"></script></head>
<body><header>Host application: an embedded Tessera dashboard below</header>
<div id="dashboard"></div>
<script>
  const config = ${config};
  window.embedding = supersetEmbeddedSdk.embedDashboard({
    id: config.uuid,
    supersetDomain: config.tessera,
    mountPoint: document.getElementById('dashboard'),
    fetchGuestToken: async () => {
      const query = new URLSearchParams({ uuid: config.uuid, origin: config.origin });
      const reply = await fetch('/guest-token?' + query);
      return (await reply.json()).token;
    },
    dashboardUiConfig: { hideTitle: false, filters: { expanded: true } },
  });
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port, tokens };
}

/** The chart answers (by chart id) the embedded page received, and the requests it made. */
function recordFrame(page: Page) {
  const rows = new Map<number, number>();
  const apiRequests: Request[] = [];
  const failures: string[] = [];
  let pageLoads = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/embedded/') && request.isNavigationRequest()) pageLoads += 1;
    if (url.pathname.startsWith('/api/')) apiRequests.push(request);
  });
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (response.status() >= 400) failures.push(`${response.status()} ${url.pathname}`);
    if (!url.pathname.startsWith('/api/v1/chart/data') || !response.ok()) return;
    const sent = response.request().postDataJSON() as {
      queries?: Array<{ form_data?: { slice_id?: number } }>;
      form_data?: { slice_id?: number };
    };
    const batch = url.pathname.endsWith('/batch');
    const contexts = batch ? (sent.queries ?? []) : [sent];
    const body = (await response.json()) as {
      result: Array<{ result?: Array<{ data?: unknown[] }>; data?: unknown[] }>;
    };
    contexts.forEach((context, index) => {
      const id = context.form_data?.slice_id;
      const answer = batch ? body.result[index]?.result?.[0] : body.result[0];
      if (typeof id === 'number' && answer?.data) rows.set(id, answer.data.length);
    });
  });
  return { rows, apiRequests, failures, loads: () => pageLoads };
}

async function embeddedFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes('/embedded/'))).toBe(true);
  return page.frames().find((f) => f.url().includes('/embedded/')) as Frame;
}

/** Waits until every chart the frame shows has drawn; returns their ids. */
async function allChartsDrawn(frame: Frame): Promise<number[]> {
  const charts = frame.locator('[data-testid="dashboard-chart"]');
  await charts.first().waitFor({ timeout: 120_000 });
  await expect
    .poll(
      () =>
        charts.evaluateAll((nodes) =>
          nodes.every((n) => n.getAttribute('data-status') === 'rendered'),
        ),
      { timeout: 180_000, interval: 500 },
    )
    .toBe(true);
  return charts.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-chart-id'))));
}

describe('embedded dashboard journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let host: Host;
  let uuid = '';
  let dashboardId = 0;
  let flightsDataset = 0;
  let pieId = 0;

  const hostUrl = (hostname: string, origin = '') =>
    `http://${hostname}:${host.port}/?${new URLSearchParams({ uuid, tessera: server.baseUrl, origin })}`;

  beforeAll(async () => {
    server = await startServer({
      env: {
        TESSERA_FEATURE_FLAGS: 'EMBEDDED_SUPERSET',
        TESSERA_GUEST_TOKEN_JWT_EXP_SECONDS: String(TOKEN_SECONDS),
        // Superset's advice: a guest role that reads dashboards and charts.
        TESSERA_GUEST_ROLE_NAME: 'Gamma',
      },
      loadExamples: true,
    });
    browser = await launchBrowser();
    api = await apiClient(server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    const deadline = Date.now() + 240_000;
    for (;;) {
      const charts = await api.request('GET', '/api/v1/dashboard/flights/charts');
      if (charts.status === 200) {
        const list = (charts.body as { result: Array<{ id: number; slice_name: string }> }).result;
        pieId = list.find((c) => c.slice_name === PIE)?.id ?? 0;
        break;
      }
      if (Date.now() > deadline) throw new Error('The example dashboards did not load');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const item = await api.request('GET', '/api/v1/dashboard/flights');
    dashboardId = (item.body as { result: { id: number } }).result.id;
    const datasets = await api.request('GET', '/api/v1/dashboard/flights/datasets');
    const list = (datasets.body as { result: Array<{ id: number; table_name: string }> }).result;
    flightsDataset = list.find((d) => d.table_name === 'flights')?.id ?? 0;
    expect(pieId).toBeGreaterThan(0);
    expect(flightsDataset).toBeGreaterThan(0);
    host = await startHost(api, () => flightsDataset);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => host?.server.close(resolve));
    await server?.stop();
  });

  it('enables embedding from the dashboard menu, allowing the host origin', async () => {
    const { context, page } = await newPage(browser);
    await login(page, server.baseUrl, server.adminUsername, server.adminPassword ?? '');
    await page.goto(`${server.baseUrl}/dashboard/flights/`);
    await page.getByTestId('dashboard-header').waitFor();
    await openDashboardMenu(page, 'dashboard-menu-embed');
    const dialog = page.getByTestId('embed-dashboard-modal');
    await dialog.getByTestId('embed-allowed-domains').fill(`http://127.0.0.1:${host.port}`);
    await dialog.getByTestId('embed-enable').click();
    uuid = (await dialog.getByTestId('embed-uuid').textContent()) ?? '';
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await dialog.getByTestId('embed-code-sample').textContent()).toContain(uuid);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/embedded-enable-dialog.png` });
    const stored = await api.request('GET', `/api/v1/dashboard/${dashboardId}/embedded`);
    expect((stored.body as { result: { allowed_domains: string[] } }).result).toMatchObject({
      uuid,
      allowed_domains: [`http://127.0.0.1:${host.port}`],
    });
    await context.close();
  });

  it('draws every chart inside the host, answers the SDK, and refreshes its token without a reload', {
    timeout: 300_000,
  }, async () => {
    expect(uuid).not.toBe('');
    const { context, page } = await newPage(browser);
    const seen = recordFrame(page);
    await page.setViewportSize({ width: 1280, height: 1600 });
    await page.goto(hostUrl('127.0.0.1'));
    const frame = await embeddedFrame(page);
    const firstTab = await allChartsDrawn(frame);
    expect(firstTab).toContain(pieId);
    expect(seen.rows.get(pieId)).toBeGreaterThan(1);
    // The host's viewport, iframe and all (a full-page capture leaves the frame blank).
    await page.screenshot({ path: `${SCREENSHOT_DIR}/embedded-host-page.png` });

    // The second tab's charts draw too once it is opened.
    await frame.getByRole('tab', { name: 'Bird strikes' }).click();
    const secondTab = await allChartsDrawn(frame);
    expect(secondTab.some((id) => !firstTab.includes(id))).toBe(true);
    await frame.getByRole('tab', { name: 'Flights' }).click();

    // The SDK's methods, answered over the switchboard.
    const size = (await page.evaluate(async () => {
      const embedding = await (window as unknown as { embedding: Promise<EmbeddedApi> }).embedding;
      return embedding.getScrollSize();
    })) as { width: number; height: number };
    expect(size.width).toBeGreaterThan(600);
    // The dashboard's first tab, as tall as the frame the host gave it (1500 px) or taller.
    expect(size.height).toBeGreaterThanOrEqual(1500);
    const link = await page.evaluate(async () => {
      const embedding = await (window as unknown as { embedding: Promise<EmbeddedApi> }).embedding;
      return embedding.getDashboardPermalink('');
    });
    const key = /\/superset\/dashboard\/p\/([\w-]+)\/$/.exec(String(link))?.[1];
    expect(key, String(link)).toBeDefined();
    const permalink = await api.request('GET', `/api/v1/dashboard/permalink/${key}`);
    expect((permalink.body as { dashboardId: string }).dashboardId).toBe(String(dashboardId));
    const tabs = await page.evaluate(async () => {
      const embedding = await (window as unknown as { embedding: Promise<EmbeddedApi> }).embedding;
      return { tabs: await embedding.getActiveTabs(), mask: await embedding.getDataMask() };
    });
    expect(Array.isArray(tabs.tabs)).toBe(true);
    expect(typeof tabs.mask).toBe('object');

    // Every call of the page carried a guest token the host handed out, newer ones later, and
    // none was refused.
    expect(seen.apiRequests.length).toBeGreaterThan(3);
    const order = seen.apiRequests.map((r) =>
      host.tokens.indexOf(r.headers()['x-guesttoken'] ?? ''),
    );
    expect(Math.min(...order)).toBe(0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(seen.failures).toEqual([]);

    // The SDK asks for a fresh token before the first expires; once it has, the page uses it
    // (the first one has expired by then) and the page was never loaded again.
    await expect
      .poll(() => host.tokens.length, { timeout: TOKEN_SECONDS * 1000, interval: 500 })
      .toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const before = seen.apiRequests.length;
    const [refreshed] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/chart/data')),
      frame
        .getByTestId('dashboard-menu')
        .click()
        .then(() => frame.getByTestId('dashboard-menu-refresh').click()),
    ]);
    expect(refreshed.status()).toBe(200);
    const later = seen.apiRequests.slice(before);
    expect(later.length).toBeGreaterThan(0);
    for (const request of later) {
      const token = request.headers()['x-guesttoken'] ?? '';
      expect(host.tokens.indexOf(token), request.url()).toBeGreaterThan(0);
    }
    await allChartsDrawn(frame);
    expect(seen.failures).toEqual([]);
    expect(seen.loads()).toBe(1);
    await context.close();
  });

  it('shows only the rows a row filter in the token allows', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(browser);
    const seen = recordFrame(page);
    await page.goto(hostUrl('127.0.0.1', 'ORD'));
    const frame = await embeddedFrame(page);
    await allChartsDrawn(frame);
    // The pie of origin airports: one airport left.
    expect(seen.rows.get(pieId)).toBe(1);
    await frame
      .locator(`[data-testid="dashboard-chart"][data-chart-id="${pieId}"]`)
      .screenshot({ path: `${SCREENSHOT_DIR}/embedded-rls-pie.png` });
    await context.close();
  });

  it('is refused framing by a host origin outside the allowed domains', async () => {
    const { context, page } = await newPage(browser);
    const pageAnswer = page.waitForResponse((r) => r.url().includes(`/embedded/${uuid}`));
    // The same host, reached under another origin.
    await page.goto(hostUrl('localhost'));
    const answer = await pageAnswer;
    expect(answer.headers()['content-security-policy']).toContain(
      `frame-ancestors http://127.0.0.1:${host.port}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // Chromium put its error page in the frame: nothing of the dashboard runs there.
    const frames = page.frames().filter((f) => f !== page.mainFrame());
    expect(frames.length).toBe(1);
    const [frame] = frames;
    expect(await frame?.locator('#app').count()).toBe(0);
    await screenshot(page, 'embedded-refused-origin');
    await context.close();
  });
});

interface EmbeddedApi {
  getScrollSize(): Promise<{ width: number; height: number }>;
  getDashboardPermalink(anchor: string): Promise<string>;
  getActiveTabs(): Promise<string[]>;
  getDataMask(): Promise<Record<string, unknown>>;
}
