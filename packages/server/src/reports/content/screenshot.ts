import { TesseraError } from '@tessera/shared/errors';
import type { Browser, Page } from 'playwright-core';

/**
 * PNG and PDF of a chart or a dashboard, taken in the system Chromium signed in as the report's
 * executor (a session cookie minted for them, never a password). The page says when a chart has
 * drawn: `data-status` on `explore-chart` and on every `dashboard-chart` turns `rendered` (or
 * `failed`). Dashboards load charts as they scroll into view, so the window is grown to the
 * page's whole height before waiting: every chart is then in view, and the capture is whole.
 */

export const CHROMIUM_PATH = process.env.TESSERA_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const CHART_SIZE = { width: 800, height: 600 };
export const DASHBOARD_SIZE = { width: 1600, height: 1200 };
/** A dashboard taller than this is cut here (a runaway layout must not exhaust memory). */
const MAX_PAGE_HEIGHT = 30_000;
const SETTLED = ['rendered', 'failed', 'stopped'];
/**
 * The height the page wants: the document's, or the window's plus what its scrolling box (the
 * dashboard scrolls inside a fixed frame) hides below.
 */
const CONTENT_HEIGHT = `(() => {
  let hidden = 0;
  for (const el of document.querySelectorAll('*')) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight)
      hidden = Math.max(hidden, el.scrollHeight - el.clientHeight);
  }
  return Math.max(document.documentElement.scrollHeight, window.innerHeight + hidden);
})()`;

export interface CaptureRequest {
  /** Where this server answers, e.g. http://127.0.0.1:8088 (no trailing slash). */
  baseUrl: string;
  sessionId: string;
  target: { kind: 'chart'; id: number } | { kind: 'dashboard'; id: number };
  format: 'PNG' | 'PDF';
  width?: number | null;
  timeoutMs: number;
}

export interface Capture {
  /** The PNG (whole chart or dashboard), or the PDF. */
  body: Buffer;
  /** The PNG's size, or the PDF's page size and count. */
  width: number;
  height: number;
  pages: number;
}

export function captureUrl(target: CaptureRequest['target']): string {
  return target.kind === 'chart'
    ? `/explore/?slice_id=${target.id}&standalone=true`
    : `/superset/dashboard/${target.id}/?standalone=3`;
}

async function waitForCharts(page: Page, selector: string, timeoutMs: number): Promise<void> {
  // Strings, not functions: the server is compiled without the DOM's types.
  const statuses = `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).map((c) => c.getAttribute('data-status') ?? '')`;
  // A dashboard without charts is captured as it is (its layout rendered with no holder).
  if (((await page.evaluate(statuses)) as string[]).length === 0) return;
  // Polled from here, not with page.waitForFunction: that runs its predicate through `eval`
  // inside the page, which the page's CSP (no 'unsafe-eval') refuses.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = (await page.evaluate(statuses)) as string[];
    if (now.length > 0 && now.every((v) => SETTLED.includes(v))) break;
    if (Date.now() > deadline)
      throw new TesseraError(500, `The charts did not finish drawing within ${timeoutMs} ms`, {
        errorType: 'GENERIC_BACKEND_ERROR',
      });
    await page.waitForTimeout(200);
  }
  const failed = ((await page.evaluate(statuses)) as string[]).filter((v) => v === 'failed').length;
  if (failed > 0)
    throw new TesseraError(500, `${failed} chart(s) failed to render`, {
      errorType: 'GENERIC_BACKEND_ERROR',
    });
  // Entry animations (ECharts draws over ~1 s) finish before the picture is taken.
  await page.waitForTimeout(1200);
}

/** A capture that fails says why in the run's log (a timeout, a chart that failed to draw). */
export async function capture(request: CaptureRequest): Promise<Capture> {
  try {
    return await captureOnce(request);
  } catch (error) {
    if (error instanceof TesseraError) throw error;
    const first = String((error as Error).message ?? error).split('\n')[0];
    throw new TesseraError(500, `The screenshot failed: ${first}`, {
      errorType: 'GENERIC_BACKEND_ERROR',
      cause: error,
    });
  }
}

async function captureOnce(request: CaptureRequest): Promise<Capture> {
  const isChart = request.target.kind === 'chart';
  const screen = isChart ? CHART_SIZE : DASHBOARD_SIZE;
  const width = request.width ?? screen.width;
  // Loaded on the first capture: a server that never takes one never pays for the import.
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    timeout: request.timeoutMs,
  });
  try {
    const url = new URL(request.baseUrl);
    const context = await browser.newContext({ viewport: { width, height: screen.height } });
    await context.addCookies([
      {
        name: 'session',
        value: request.sessionId,
        domain: url.hostname,
        path: '/',
        httpOnly: true,
      },
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(request.timeoutMs);
    await page.goto(`${request.baseUrl}${captureUrl(request.target)}`, {
      waitUntil: 'domcontentloaded',
    });
    const selector = isChart ? '[data-testid="explore-chart"]' : '[data-testid="dashboard-chart"]';
    // The loaded dashboard's frame (report mode) appears with its chart holders in one render.
    await page.waitForSelector(
      isChart ? selector : `${selector}, [data-testid="dashboard-standalone"]`,
    );
    let height = screen.height;
    if (!isChart) {
      // Grow the window until the page fits: charts below the fold load only once in view.
      for (let i = 0; i < 8; i += 1) {
        const full = (await page.evaluate(CONTENT_HEIGHT)) as number;
        const next = Math.min(Math.max(full, screen.height), MAX_PAGE_HEIGHT);
        if (next === height) break;
        height = next;
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(300);
      }
    }
    await waitForCharts(page, selector, request.timeoutMs);
    if (!isChart) {
      const full = (await page.evaluate(CONTENT_HEIGHT)) as number;
      height = Math.min(Math.max(full, screen.height), MAX_PAGE_HEIGHT);
      await page.setViewportSize({ width, height });
    }
    const png = isChart
      ? await page.locator(selector).screenshot({ type: 'png' })
      : await page.screenshot({ type: 'png', fullPage: false });
    if (request.format === 'PNG') {
      const box = isChart ? await page.locator(selector).boundingBox() : null;
      return {
        body: png,
        width: Math.round(box?.width ?? width),
        height: Math.round(box?.height ?? height),
        pages: 1,
      };
    }
    return await toPdf(
      await context.newPage(),
      png,
      width,
      isChart ? png.readUInt32BE(20) : height,
      screen.height,
    );
  } finally {
    await browser.close();
  }
}

/**
 * A PDF with one page per screen height of the picture: each page shows its slice of the PNG,
 * laid out by Chromium's own printer.
 */
async function toPdf(
  page: Page,
  png: Buffer,
  width: number,
  height: number,
  screenHeight: number,
): Promise<Capture> {
  const pages = Math.max(1, Math.ceil(height / screenHeight));
  const src = `data:image/png;base64,${png.toString('base64')}`;
  const slices = Array.from(
    { length: pages },
    (_, i) => `<div class="p"><img src="${src}" style="top:-${i * screenHeight}px"></div>`,
  ).join('');
  await page.setViewportSize({ width, height: screenHeight });
  await page.setContent(
    `<!doctype html><html><head><style>
      @page { size: ${width}px ${screenHeight}px; margin: 0 }
      html, body { margin: 0; padding: 0 }
      .p { position: relative; width: ${width}px; height: ${screenHeight}px; overflow: hidden;
           break-after: page; page-break-after: always }
      .p:last-child { break-after: auto; page-break-after: auto }
      .p img { position: absolute; left: 0; width: ${width}px }
    </style></head><body>${slices}</body></html>`,
    { waitUntil: 'load' },
  );
  const body = await page.pdf({
    width: `${width}px`,
    height: `${screenHeight}px`,
    printBackground: true,
    preferCSSPageSize: true,
  });
  return { body, width, height: screenHeight, pages };
}
