import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPictureSource } from '../../viz/common/pictureSources.ts';
import { createDrawScheduler, type DrawScheduler } from './charts/drawScheduler.ts';
import {
  DASHBOARD_CONTROLS,
  dashboardPrintCss,
  downloadDashboardImage,
  PICTURE_PADDING_PX,
  printDashboard,
} from './exportDashboard.ts';
import { downloadElementImage } from './snapshot.ts';

vi.mock('./snapshot.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./snapshot.ts')>()),
  downloadElementImage: vi.fn(async () => {}),
}));

const download = vi.mocked(downloadElementImage);

/** A dashboard page with a chart on screen (drawn) and one below the fold (not yet asked). */
function dashboardPage(): { page: HTMLElement; below: HTMLElement } {
  document.body.innerHTML = `
    <header data-testid="app-header">Tessera</header>
    <div data-testid="dashboard-page">
      <h3 data-testid="dashboard-title">Flights</h3>
      <div data-testid="dashboard-chart" data-status="rendered"></div>
      <div data-testid="dashboard-chart" data-status="pending" id="below"></div>
    </div>`;
  return {
    page: document.querySelector('[data-testid="dashboard-page"]') as HTMLElement,
    below: document.getElementById('below') as HTMLElement,
  };
}

/** Plays what the holder below the fold does once every chart is asked for: query, then draw. */
function drawBelowWhenAsked(scheduler: DrawScheduler, below: HTMLElement): void {
  scheduler.subscribe(() => {
    if (!scheduler.everyChart) return;
    const loading = document.createElement('div');
    loading.setAttribute('data-testid', 'chart-loading');
    setTimeout(() => {
      below.setAttribute('data-status', 'loading');
      below.append(loading);
    }, 50);
    setTimeout(() => below.setAttribute('data-status', 'success'), 150);
    setTimeout(() => below.setAttribute('data-status', 'rendered'), 250);
    // Drawn: the loading mark goes a moment after the status, as the draw takes its turn.
    setTimeout(() => loading.remove(), 350);
  });
}

let scheduler: DrawScheduler;
beforeEach(() => {
  scheduler = createDrawScheduler({ nextSlice: () => {} });
  download.mockClear();
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('download as image', () => {
  it('has the charts below the fold drawn first, then takes the picture of the whole page', async () => {
    const { page, below } = dashboardPage();
    drawBelowWhenAsked(scheduler, below);
    let atPicture = '';
    download.mockImplementationOnce(async () => {
      atPicture = below.outerHTML;
    });
    await downloadDashboardImage(page, scheduler, 'Flights');
    expect(atPicture).toContain('data-status="rendered"');
    expect(atPicture).not.toContain('chart-loading');
    expect(download).toHaveBeenCalledWith(page, 'Flights', {
      omit: DASHBOARD_CONTROLS,
      padding: PICTURE_PADDING_PX,
    });
    // Back to drawing charts as they are scrolled to.
    expect(scheduler.everyChart).toBe(false);
  });

  it('leaves out the chart menus and "cached" labels, keeps the title', () => {
    expect(DASHBOARD_CONTROLS).toContain('[data-testid="chart-menu"]');
    expect(DASHBOARD_CONTROLS).toContain('[data-testid="chart-cached"]');
    expect(DASHBOARD_CONTROLS).toContain('[data-testid="dashboard-menu"]');
    expect(DASHBOARD_CONTROLS.join()).not.toContain('dashboard-title');
    expect(DASHBOARD_CONTROLS.join()).not.toContain('dashboard-tab');
  });

  it('waits while a drawn answer waits for its turn', async () => {
    const { page } = dashboardPage();
    const cancel = scheduler.request({ draw: () => {}, onScreen: () => false });
    const below = document.getElementById('below') as HTMLElement;
    below.setAttribute('data-status', 'rendered');
    setTimeout(cancel, 200);
    const started = Date.now();
    await downloadDashboardImage(page, scheduler, 'Flights');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('goes ahead with what is drawn once the wait runs out', async () => {
    const { page } = dashboardPage();
    await downloadDashboardImage(page, scheduler, 'Flights', 300);
    expect(download).toHaveBeenCalledTimes(1);
    expect(scheduler.everyChart).toBe(false);
  });

  it('takes one picture for a double click', async () => {
    const { page, below } = dashboardPage();
    drawBelowWhenAsked(scheduler, below);
    await Promise.all([
      downloadDashboardImage(page, scheduler, 'Flights'),
      downloadDashboardImage(page, scheduler, 'Flights'),
    ]);
    expect(download).toHaveBeenCalledTimes(1);
  });
});

describe('export to PDF', () => {
  it('prints once every chart is drawn, with the nav and controls hidden and maps as pictures', async () => {
    const { page, below } = dashboardPage();
    below.innerHTML = '<div id="map"><canvas></canvas></div>';
    const map = below.querySelector('#map') as HTMLElement;
    const unregister = registerPictureSource(map, async () => 'data:image/png;base64,TUFQ');
    drawBelowWhenAsked(scheduler, below);
    const atPrint: { status: string | null; css: string; mapImage: string | null }[] = [];
    vi.stubGlobal(
      'print',
      vi.fn(() => {
        atPrint.push({
          status: below.getAttribute('data-status'),
          css: document.getElementById('dashboard-print-style')?.textContent ?? '',
          mapImage: map.querySelector('img')?.getAttribute('src') ?? null,
        });
      }),
    );
    await printDashboard(page, scheduler, 5_000);
    unregister();
    expect(atPrint).toHaveLength(1);
    const [printed] = atPrint;
    expect(printed?.status).toBe('rendered');
    expect(printed?.css).toContain('@media print');
    expect(printed?.css).toMatch(/\[data-testid="app-header"\][^{]*\{\s*display: none !important/);
    expect(printed?.css).toContain('[data-testid="dashboard-page"] [data-testid="chart-menu"]');
    expect(printed?.mapImage).toBe('data:image/png;base64,TUFQ');
    // After the dialog: nothing of the printout stays on the page.
    globalThis.dispatchEvent(new Event('afterprint'));
    expect(document.getElementById('dashboard-print-style')).toBeNull();
    expect(map.querySelector('img')).toBeNull();
  });

  it('scales the dashboard to the paper and keeps charts whole', () => {
    const css = dashboardPrintCss(0.7);
    expect(css).toContain('zoom: 0.7');
    expect(css).toMatch(/\.dashboard-component-chart-holder[^{]*\{\s*break-inside: avoid/);
    expect(css).toContain('@page { size: landscape; margin: 10mm; }');
  });
});
