import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDrawScheduler, type DrawScheduler } from './charts/drawScheduler.ts';
import {
  DASHBOARD_CONTROLS,
  downloadDashboardImage,
  PICTURE_PADDING_PX,
  pageCuts,
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
  it('cuts the picture into pages below the last row that ends on each page', () => {
    // Pages of 1000 px; rows end at 400, 900, 1600, 2500 and 2600.
    expect(pageCuts(2600, 1000, [400, 900, 1600, 2500, 2600])).toEqual([900, 1600, 2600]);
  });

  it('cuts where the page ends when no row ends in its lower half', () => {
    expect(pageCuts(2500, 1000, [300, 2500])).toEqual([1000, 2000, 2500]);
    expect(pageCuts(600, 1000, [])).toEqual([600]);
  });
});
