// Changing a native value filter on the 50-chart dashboard (every chart in view, 1280x8000, warm:
// answers cached after the first round): from "Apply filters" to every chart in the filter's
// scope drawn again, and what the others did meanwhile (chart-data requests naming them, draws).
// Two filters on `flights.origin` take turns, in the same run: one scoped to the first 6 charts
// (the first screen), one to all 50 (the comparison: every chart re-queried). Aim (issue 15):
// the scoped one's charts redrawn in under 500 ms warm, and no chart out of scope re-queried or
// redrawn. Run with `npm run bench -- cross-filter`. It is a measurement, not a test.
import type { Page, Request } from 'playwright-core';
import { createMixedDashboard } from './support/benchDashboard.ts';
import { median, ms, startChartsBench, waitForChartsDrawn } from './support/browserCharts.ts';
import { machineLine } from './support/machine.ts';

const CHARTS = 50;
const SCOPED = 6;
const ROUNDS = 6;
const AIM_WARM_MS = 500;
const TALL = { width: 1280, height: 8000 };

// Plain JavaScript text: tsx's compiled functions call helpers that do not exist in the page.
// Notes, per chart, when it last finished drawing after having gone back to loading.
const STATUS_PROBE = `(() => {
  const probe = { loading: {}, drawnAt: {}, draws: {} };
  window.__statusProbe = probe;
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      const el = m.target;
      const id = el.dataset && el.dataset.chartId;
      if (!id) continue;
      const status = el.dataset.status;
      if (status === 'loading') probe.loading[id] = true;
      if (status === 'rendered' && probe.loading[id]) {
        probe.loading[id] = false;
        probe.drawnAt[id] = performance.now();
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
})();`;

interface Round {
  ms: number;
  queried: number[];
  draws: number;
}

const drawMeasures = (page: Page) =>
  page.evaluate(
    () => performance.getEntriesByType('measure').filter((e) => e.name.startsWith('draw ')).length,
  );

/** The chart ids a chart-data request asks for (one, or a batch's). */
function slicesOf(request: Request): number[] {
  try {
    const body = JSON.parse(request.postData() ?? '{}') as {
      form_data?: { slice_id?: number };
      queries?: Array<{ form_data?: { slice_id?: number } }>;
    };
    const contexts = body.queries ?? [body];
    return contexts
      .map((c) => c.form_data?.slice_id)
      .filter((id): id is number => typeof id === 'number');
  } catch {
    return [];
  }
}

async function applyOnce(page: Page, filterId: string, scope: number[]): Promise<Round> {
  const control = page.locator(`[data-testid="filter-control"][data-filter-id="${filterId}"]`);
  await control.click();
  const option = page
    .locator(
      '.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-selected)',
    )
    .first();
  await option.click();
  await page.keyboard.press('Escape');
  const requests: Request[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/chart/data')) requests.push(request);
  };
  const drawsBefore = await drawMeasures(page);
  page.on('request', onRequest);
  const started = await page.evaluate(() => {
    const at = performance.now();
    (document.querySelector('[data-testid="filter-bar-apply"]') as HTMLButtonElement).click();
    return at;
  });
  const done = await page.waitForFunction(
    ({ ids, after }) => {
      const probe = (
        window as unknown as {
          __statusProbe: { drawnAt: Record<string, number>; loading: Record<string, boolean> };
        }
      ).__statusProbe;
      // A chart whose filtered answer has no rows shows "No results" and never turns `rendered`.
      const now = performance.now();
      for (const id of ids) {
        const el = document.querySelector(`[data-testid="dashboard-chart"][data-chart-id="${id}"]`);
        const status = (el as HTMLElement | null)?.dataset.status;
        const settled =
          status === 'failed' ||
          (status === 'success' && el?.querySelector('[data-testid="chart-empty"]'));
        if (settled && probe.loading[String(id)]) {
          probe.loading[String(id)] = false;
          probe.drawnAt[String(id)] = now;
        }
      }
      const times = ids.map((id) => probe.drawnAt[String(id)] ?? 0);
      return times.every((t) => t > after) ? Math.max(...times) : false;
    },
    { ids: scope, after: started },
    { timeout: 120_000, polling: 'raf' },
  );
  const finished = (await done.jsonValue()) as number;
  // Stragglers: anything else the apply set off shows within half a second.
  await page.waitForTimeout(500);
  page.off('request', onRequest);
  return {
    ms: finished - started,
    queried: [...new Set(requests.flatMap(slicesOf))].sort((a, b) => a - b),
    draws: (await drawMeasures(page)) - drawsBefore,
  };
}

console.log(machineLine());
const bench = await startChartsBench();
try {
  const dashboard = await createMixedDashboard(bench, CHARTS);
  const flights = await bench.examples.datasetId('flights');
  const inScope = dashboard.chartIds.slice(0, SCOPED);
  const filter = (id: string, name: string, excluded: number[]) => ({
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType: 'filter_select',
    targets: [{ datasetId: flights, column: { name: 'origin' } }],
    controlValues: { multiSelect: true, sortAscending: true },
    defaultDataMask: {},
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded },
  });
  const scoped = filter(
    'NATIVE_FILTER-scoped',
    'Origin (6 charts)',
    dashboard.chartIds.slice(SCOPED),
  );
  const everywhere = filter('NATIVE_FILTER-all', 'Origin (all charts)', []);
  const put = await bench.examples.api.request('PUT', `/api/v1/dashboard/${dashboard.id}/filters`, {
    modified: [scoped, everywhere],
    deleted: [],
    reordered: [],
  });
  if (put.status !== 200) throw new Error(`filters: ${JSON.stringify(put.body)}`);
  console.log(
    `dashboard ${dashboard.id}: ${CHARTS} charts; filter scoped to ${SCOPED}, and one to all`,
  );

  const context = await bench.newContext(TALL);
  const page = await context.newPage();
  await page.addInitScript({ content: STATUS_PROBE });
  const url = `${bench.baseUrl}/dashboard/${dashboard.id}/`;
  await page.goto(url, { waitUntil: 'commit' });
  await waitForChartsDrawn(page, CHARTS, 180_000);

  const rounds = { scoped: [] as Round[], all: [] as Round[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.scoped.push(await applyOnce(page, scoped.id, inScope));
    rounds.all.push(await applyOnce(page, everywhere.id, dashboard.chartIds));
  }
  await context.close();

  // The first round of each asks the engine; the others are answered from the cache (warm).
  const report = (name: string, list: Round[], scope: number[]) => {
    const warm = list.slice(1);
    const times = warm.map((r) => r.ms);
    const outside = warm.flatMap((r) => r.queried.filter((id) => !scope.includes(id)));
    console.log(
      `${name}: first (cold) ${ms(list[0]?.ms ?? 0)}; warm median ${ms(median(times))} (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}, ${warm.length} rounds)\n` +
        `  per apply, medians: ${median(warm.map((r) => r.queried.length))} charts queried (${scope.length} in scope), ` +
        `${median(warm.map((r) => r.draws))} charts drawn; charts out of scope queried in all rounds: ${outside.length}`,
    );
    return {
      medianMs: median(times),
      outside: outside.length,
      draws: median(warm.map((r) => r.draws)),
    };
  };
  const a = report(`scoped to ${SCOPED} charts`, rounds.scoped, inScope);
  const b = report(`comparison, scoped to all ${CHARTS}`, rounds.all, dashboard.chartIds);
  console.log(`all / scoped: ${(b.medianMs / a.medianMs).toFixed(2)}x the time`);
  console.log(
    `aim: scoped charts redrawn under ${AIM_WARM_MS} ms warm: ${a.medianMs < AIM_WARM_MS ? 'met' : 'NOT met'}; ` +
      `unaffected charts not re-queried: ${a.outside === 0 ? 'met' : 'NOT met'}; ` +
      `not redrawn (draws <= ${SCOPED}): ${a.draws <= SCOPED ? 'met' : 'NOT met'}`,
  );
  console.log(machineLine());
} finally {
  await bench.stop();
}
