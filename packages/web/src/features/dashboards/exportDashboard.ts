import type { DrawScheduler } from './charts/drawScheduler.ts';
import { capturePictureSources, downloadElementImage } from './snapshot.ts';

/**
 * "Download as image" and "Export to PDF" of a dashboard. Charts draw only once scrolled to (that
 * keeps the page fast to load), so both first have every chart of the open tabs drawn and wait
 * for it; then the picture is taken, or the page printed through a print stylesheet (the browser
 * writes the PDF: text stays text, and charts are kept whole across pages).
 */

/**
 * What a picture or a printout of the dashboard leaves out: the controls of the header and of
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

/**
 * Width that fits a landscape page with 10 mm margins on both Letter (980 px) and A4 (1047 px),
 * less the grid's 8 px gutters: the printout scales the dashboard down to it, so the charts keep
 * their on-screen layout (and the size their canvases were drawn at).
 */
export const PRINT_WIDTH_PX = 980 - 2 * 8;
const PRINT_STYLE_ID = 'dashboard-print-style';
const PRINT_DRAWING_CLASS = 'dashboard-print-drawing';

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

/** The print stylesheet: only the dashboard, scaled to the page, charts not split. */
export function dashboardPrintCss(zoom: number): string {
  const page = '[data-testid="dashboard-page"]';
  const onDashboard = `body:has(${page})`;
  return `@media print {
  @page { size: landscape; margin: 10mm; }
  ${onDashboard} [data-testid="app-header"],
  ${onDashboard} .ant-message,
  ${onDashboard} .ant-notification,
  ${DASHBOARD_CONTROLS.map((selector) => `${page} ${selector}`).join(',\n  ')} {
    display: none !important;
  }
  /* The grid reaches 8 px beyond the page on each side (its cards' gutters). */
  .ant-layout-content:has(${page}) { padding: 0 8px !important; }
  /* Fullscreen mode lays the page over the window with its own scrollbar: printed, it flows. */
  [data-testid="dashboard-standalone"] {
    position: static !important;
    overflow: visible !important;
    padding: 0 8px !important;
  }
  ${page} {
    zoom: ${zoom};
    print-color-adjust: exact;
    -webkit-print-color-adjust: exact;
  }
  /* A row of charts stays on one page; a long text may run on to the next. */
  ${page} [data-testid="dashboard-row"]:has(.dashboard-component-chart-holder),
  ${page} .dashboard-component-chart-holder {
    break-inside: avoid;
  }
  ${page} .dashboard-component-header { break-after: avoid; }
  ${page} .${PRINT_DRAWING_CLASS} { display: block !important; }
}`;
}

/** Removes what `preparePrint` added (after printing, or left by an earlier export). */
function clearPrint(): void {
  document.getElementById(PRINT_STYLE_ID)?.remove();
  for (const drawing of Array.from(document.querySelectorAll(`.${PRINT_DRAWING_CLASS}`))) {
    drawing.remove();
  }
}

/**
 * Adds the print stylesheet and, over each map, the frame it drew for the printout: a WebGL
 * canvas prints blank once its frame has been shown.
 */
function preparePrint(page: HTMLElement, drawings: ReadonlyMap<Element, string>): void {
  clearPrint();
  const style = document.createElement('style');
  style.id = PRINT_STYLE_ID;
  style.textContent = dashboardPrintCss(
    Math.min(1, PRINT_WIDTH_PX / Math.max(1, page.clientWidth)),
  );
  document.head.append(style);
  for (const [source, src] of drawings) {
    const img = document.createElement('img');
    img.className = PRINT_DRAWING_CLASS;
    img.src = src;
    img.alt = '';
    img.setAttribute(
      'style',
      'display: none; position: absolute; inset: 0; width: 100%; height: 100%; z-index: 1',
    );
    source.append(img);
  }
  globalThis.addEventListener('afterprint', clearPrint, { once: true });
}

/**
 * "Export to PDF": every chart of the open tabs drawn, then the browser's print dialog (where
 * "Save as PDF" writes the file) with a stylesheet that prints the dashboard alone.
 */
export function printDashboard(
  page: HTMLElement,
  scheduler: DrawScheduler,
  timeoutMs = EVERY_CHART_TIMEOUT_MS,
): Promise<void> {
  return once(page, () =>
    withEveryChartDrawn(
      page,
      scheduler,
      async () => {
        preparePrint(page, await capturePictureSources(page));
        globalThis.print();
      },
      timeoutMs,
    ),
  );
}
