// A dashboard of 50 charts of mixed types (the example charts saved again in turn, three to a
// row), made through the API, opened in Chromium: from navigation to every chart drawn, cold
// (a fresh browser context, so an empty HTTP cache, and `?force=true` so the server runs every
// query) and warm (the same context again, answers cached), with the number of HTTP requests
// each load made. Two views: "all 50" in a viewport tall enough to show every chart at once (so
// charts that draw only when scrolled into view are all due), and "first screen" in 1280x800
// (every chart on screen drawn). Aims (issue 6): under 2 s cold, under 800 ms warm. Each load
// also reports what the main thread went through (long tasks) and how often each chart canvas
// was painted in full (a chart drawn once paints once).
// Run with `npm run bench -- dashboard-load`. It is a measurement, not a test.
import type { Page, Request } from 'playwright-core';
import { createMixedDashboard } from './support/benchDashboard.ts';
import {
  median,
  ms,
  startChartsBench,
  waitForChartsDrawn,
  waitForVisibleChartsDrawn,
} from './support/browserCharts.ts';
import { addDrawProbe, type DrawProbe, readDrawProbe } from './support/drawProbe.ts';
import { machineLine } from './support/machine.ts';

const CHARTS = 50;
// Runs per view: the first screen is quick to load and varies run to run, so it gets more.
const RUNS = { all: { cold: 3, warm: 5 }, firstScreen: { cold: 5, warm: 9 } };
const AIM_COLD_MS = 2000;
const AIM_WARM_MS = 800;
// 17 rows of 400 px plus headers: every chart in view at once.
const TALL = { width: 1280, height: 8000 };
const SCREEN = { width: 1280, height: 800 };

interface Load {
  ms: number;
  /** The first chart drawn, and the last chart-data answer received (page clock). */
  firstMs: number;
  dataEndMs: number;
  /** The page's marks: the dashboard's reads in (`dashboard loaded`), its view mounted. */
  loadedMs: number;
  mountedMs: number;
  requests: number;
  chartDataRequests: number;
  otherApi: number;
  probe: DrawProbe;
}

/** Page clock when the view counts as drawn: every chart, or every chart on screen. */
type Drawn = (page: Page) => Promise<number>;
const allCharts: Drawn = (page) => waitForChartsDrawn(page, CHARTS, 120_000);
const firstScreen: Drawn = async (page) => (await waitForVisibleChartsDrawn(page, 120_000)).at;

async function load(page: Page, url: string, drawn: Drawn): Promise<Load> {
  const requests: Request[] = [];
  const onRequest = (request: Request) => requests.push(request);
  page.on('request', onRequest);
  await page.goto(url, { waitUntil: 'commit' });
  const firstAt = await waitForChartsDrawn(page, 1, 120_000);
  const drawnAt = await drawn(page);
  page.off('request', onRequest);
  const dataEnd = await page.evaluate(() =>
    Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/v1/chart/data'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    ),
  );
  const marks = await page.evaluate(() =>
    performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime })),
  );
  const markAt = (name: string) => marks.find((m) => m.name === name)?.at ?? Number.NaN;
  const probe = await readDrawProbe(page);
  const paths = requests.map((r) => new URL(r.url()).pathname);
  const chartData = paths.filter((p) => p.startsWith('/api/v1/chart/data')).length;
  return {
    ms: drawnAt,
    firstMs: firstAt,
    dataEndMs: dataEnd,
    loadedMs: markAt('dashboard loaded'),
    mountedMs: markAt('dashboard mounted'),
    requests: requests.length,
    chartDataRequests: chartData,
    otherApi: paths.filter((p) => p.startsWith('/api/')).length - chartData,
    probe,
  };
}

/** Total draw time of the last load and its five costliest chart types. */
function drawingSummary(probe: DrawProbe | undefined): string {
  const byType = Object.entries(probe?.drawsByType ?? {});
  if (byType.length === 0) return 'no draw measures';
  const total = byType.reduce((sum, [, f]) => sum + f.totalMs, 0);
  const count = byType.reduce((sum, [, f]) => sum + f.count, 0);
  const costliest = byType
    .sort(([, a], [, b]) => b.totalMs - a.totalMs)
    .slice(0, 5)
    .map(([type, f]) => `${type} ${ms(f.totalMs)} (${f.count}, max ${ms(f.maxMs)})`);
  return `${count} charts in ${ms(total)}; costliest: ${costliest.join(', ')}`;
}

function summary(name: string, loads: Load[], aim: number): void {
  const times = loads.map((l) => l.ms);
  const [first] = loads;
  console.log(
    `${name}: median ${ms(median(times))} (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}, ${loads.length} runs); ` +
      `aim under ${aim} ms: ${median(times) < aim ? 'met' : 'NOT met'}`,
  );
  if (first) {
    console.log(
      `  medians: dashboard read ${ms(median(loads.map((l) => l.loadedMs)))}, view mounted ${ms(median(loads.map((l) => l.mountedMs)))}, last chart data received ${ms(median(loads.map((l) => l.dataEndMs)))}, first chart drawn ${ms(median(loads.map((l) => l.firstMs)))}\n` +
        `  requests per load: ${first.requests} in all, ${first.chartDataRequests} chart-data, ${first.otherApi} other API`,
    );
    const probes = loads.map((l) => l.probe);
    const paints = probes.flatMap((p) => p.canvasPaints);
    console.log(
      `  main thread, medians: ${median(probes.map((p) => p.longTaskCount))} long tasks, longest ${ms(median(probes.map((p) => p.longestTaskMs)))}, blocking ${ms(median(probes.map((p) => p.blockingMs)))}\n` +
        `  full paints per chart canvas: median ${median(paints)}, max ${Math.max(0, ...paints)}; ${paints.filter((n) => n > 1).length} of ${paints.length} canvases painted more than once`,
    );
    console.log(`  drawing, last load: ${drawingSummary(loads.at(-1)?.probe)}`);
  }
}

console.log(machineLine());
const bench = await startChartsBench();
try {
  const dashboard = await createMixedDashboard(bench, CHARTS);
  const url = `${bench.baseUrl}/dashboard/${dashboard.id}/`;
  console.log(`dashboard ${dashboard.id}: ${CHARTS} charts of mixed types`);
  for (const view of [
    {
      name: `all ${CHARTS} charts, ${TALL.width}x${TALL.height}`,
      viewport: TALL,
      drawn: allCharts,
      runs: RUNS.all,
    },
    {
      name: `first screen, ${SCREEN.width}x${SCREEN.height}`,
      viewport: SCREEN,
      drawn: firstScreen,
      runs: RUNS.firstScreen,
    },
  ]) {
    const cold: Load[] = [];
    const warm: Load[] = [];
    for (let run = 0; run < view.runs.cold; run += 1) {
      const context = await bench.newContext(view.viewport);
      const page = await context.newPage();
      await addDrawProbe(page);
      cold.push(await load(page, `${url}?force=true`, view.drawn));
      if (run === view.runs.cold - 1) {
        // The warm runs reuse the last cold context: its HTTP cache and the server's data cache.
        for (let w = 0; w < view.runs.warm; w += 1) warm.push(await load(page, url, view.drawn));
      }
      await context.close();
    }
    console.log(`\n${view.name}`);
    summary('cold (fresh context, force)', cold, AIM_COLD_MS);
    summary('warm (same context, cached)', warm, AIM_WARM_MS);
    const coldMs = median(cold.map((l) => l.ms));
    const warmMs = median(warm.map((l) => l.ms));
    console.log(`cold / warm: ${(coldMs / warmMs).toFixed(2)}x`);
  }
  console.log(machineLine());
} finally {
  await bench.stop();
}
