import { saveBlob } from '../explore/exportChart.ts';
import type { DrawScheduler } from './charts/drawScheduler.ts';
import { A4_LANDSCAPE, pdfOfPictures } from './pdfDocument.ts';
import { canvasBlob, downloadElementImage, elementCanvas } from './snapshot.ts';

/**
 * "Download as image" and "Export to PDF" of a dashboard. Charts draw only once scrolled to (that
 * keeps the page fast to load), so both first have every chart of the open tabs drawn and wait
 * for it; then the picture is taken and downloaded, as a PNG or cut into the pages of a PDF.
 */

/**
 * What a picture of the dashboard leaves out: the controls of the header and of
 * each chart, as Superset's download does. The title and the tab bar stay.
 */
export const DASHBOARD_CONTROLS: readonly string[] = [
  '[data-testid="dashboard-star"]',
  '[data-testid="dashboard-published"]',
  '[data-testid="dashboard-refresh-tag"]',
  '[data-testid="dashboard-edit"]',
  '[data-testid="dashboard-save"]',
  '[data-testid="dashboard-discard"]',
  '[data-testid="dashboard-menu"]',
  '[data-testid="chart-menu"]',
  '[data-testid="chart-cached"]',
  '[data-testid="chart-description-toggle"]',
  '[data-testid="chart-fullscreen-exit"]',
  '.maplibregl-control-container',
];

/** Room around the dashboard in its picture; the grid's negative margins reach 8 px out. */
export const PICTURE_PADDING_PX = 16;
/** The longest an export waits for charts to draw; then it goes ahead with what is drawn. */
export const EVERY_CHART_TIMEOUT_MS = 60_000;
const POLL_MS = 100;
/** Chart statuses that no longer change without a new query. */
const SETTLED = new Set(['rendered', 'failed', 'stopped']);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether every chart on the page is drawn (or failed) and no draw waits for its turn. */
export function everyChartDrawn(page: Element, scheduler: DrawScheduler): boolean {
  if (scheduler.pending > 0) return false;
  for (const holder of Array.from(page.querySelectorAll('[data-testid="dashboard-chart"]'))) {
    if (!SETTLED.has(holder.getAttribute('data-status') ?? '')) return false;
    if (holder.querySelector('[data-testid="chart-loading"]')) return false;
  }
  return true;
}

/**
 * Has every chart of the page drawn (see `DrawScheduler.drawEveryChart`), waits until they are,
 * then runs `then` while they still count as in view; nothing if the page went away meanwhile.
 */
async function withEveryChartDrawn(
  page: HTMLElement,
  scheduler: DrawScheduler,
  then: () => Promise<void>,
  timeoutMs: number,
): Promise<void> {
  const release = scheduler.drawEveryChart();
  try {
    const deadline = Date.now() + timeoutMs;
    // The first check comes after a pause: charts just asked to draw have not re-rendered yet.
    do {
      await sleep(POLL_MS);
    } while (!everyChartDrawn(page, scheduler) && Date.now() < deadline && page.isConnected);
    if (page.isConnected) await then();
  } finally {
    release();
  }
}

/** One export at a time per page: a second click while charts load does nothing. */
const busy = new WeakSet<Element>();

async function once(page: HTMLElement, run: () => Promise<void>): Promise<void> {
  if (busy.has(page)) return;
  busy.add(page);
  try {
    await run();
  } finally {
    busy.delete(page);
  }
}

/** Downloads a PNG of the dashboard page (title, tabs, every chart of the open tabs). */
export function downloadDashboardImage(
  page: HTMLElement,
  scheduler: DrawScheduler,
  fileBase: string,
  timeoutMs = EVERY_CHART_TIMEOUT_MS,
): Promise<void> {
  return once(page, () =>
    withEveryChartDrawn(
      page,
      scheduler,
      () =>
        downloadElementImage(page, fileBase, {
          omit: DASHBOARD_CONTROLS,
          padding: PICTURE_PADDING_PX,
        }),
      timeoutMs,
    ),
  );
}

/** Where a page may end: below a row of the dashboard, in canvas pixels of its picture. */
function rowEnds(page: HTMLElement, scale: number): number[] {
  const top = page.getBoundingClientRect().top;
  return Array.from(page.querySelectorAll('[data-testid="dashboard-row"]'))
    .map((row) => (row.getBoundingClientRect().bottom - top + PICTURE_PADDING_PX) * scale)
    .sort((a, b) => a - b);
}

/**
 * Where the picture is cut into pages of `pageHeight` canvas pixels: below the last row that
 * ends on the page, so charts stay whole, unless that would leave the page less than half full
 * (a row taller than a page is cut where the page ends).
 */
export function pageCuts(height: number, pageHeight: number, ends: number[]): number[] {
  const cuts: number[] = [];
  let start = 0;
  while (height - start > pageHeight) {
    const limit = start + pageHeight;
    const end = ends.filter((y) => y > start + pageHeight / 2 && y <= limit).at(-1) ?? limit;
    cuts.push(Math.round(end));
    start = Math.round(end);
  }
  cuts.push(height);
  return cuts;
}

/** One page's part of the picture as JPEG bytes. */
async function pagePicture(canvas: HTMLCanvasElement, top: number, bottom: number) {
  const part = document.createElement('canvas');
  part.width = canvas.width;
  part.height = Math.max(1, bottom - top);
  const context = part.getContext('2d');
  if (!context) throw new Error('No canvas to draw the page on');
  // JPEG has no transparency: a white page behind the picture.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, part.width, part.height);
  context.drawImage(canvas, 0, top, canvas.width, part.height, 0, 0, part.width, part.height);
  const blob = await canvasBlob(part, 'image/jpeg', JPEG_QUALITY);
  if (!blob) throw new Error('The browser refused to encode the page');
  return { jpeg: new Uint8Array(await blob.arrayBuffer()), width: part.width, height: part.height };
}

const JPEG_QUALITY = 0.92;

/**
 * "Export to PDF", as Superset's: every chart of the open tabs drawn, then the same picture as
 * "Download as image" cut into A4 landscape pages (below a row of charts where it can) and
 * downloaded as `<dashboard title>.pdf`.
 */
export function downloadDashboardPdf(
  page: HTMLElement,
  scheduler: DrawScheduler,
  fileBase: string,
  timeoutMs = EVERY_CHART_TIMEOUT_MS,
): Promise<void> {
  return once(page, () =>
    withEveryChartDrawn(
      page,
      scheduler,
      async () => {
        const drawn = await elementCanvas(page, {
          omit: DASHBOARD_CONTROLS,
          padding: PICTURE_PADDING_PX,
        });
        if (!drawn) throw new Error('The browser refused to draw the dashboard');
        const { canvas, scale } = drawn;
        const room = {
          width: A4_LANDSCAPE.width - 2 * A4_LANDSCAPE.margin,
          height: A4_LANDSCAPE.height - 2 * A4_LANDSCAPE.margin,
        };
        const pageHeight = Math.floor((canvas.width * room.height) / room.width);
        const pictures = [];
        let top = 0;
        for (const cut of pageCuts(canvas.height, pageHeight, rowEnds(page, scale))) {
          pictures.push(await pagePicture(canvas, top, cut));
          top = cut;
        }
        const pdf = pdfOfPictures(pictures);
        saveBlob(
          new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
          `${fileBase}.pdf`,
        );
      },
      timeoutMs,
    ),
  );
}
