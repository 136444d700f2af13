// The event log's cost on a dashboard load (issue 17: "logging adds no measurable time to a
// dashboard load"): the 50-chart mixed dashboard's first screen (1280x800) loaded warm, in turn
// with the client's event log on (events batched to `POST /superset/log/`) and off (the sender
// left out by `__TESSERA_EVENT_LOG_OFF__`, set before the app starts), each in its own signed-in
// context, alternated so machine load hits both alike. Also: how many log requests a load sends
// and whether its events were stored, and the server's time to store one batch of 50 events.
// Run with `npm run bench -- event-log`. It is a measurement, not a test.
import type { BrowserContext, Page } from 'playwright-core';
import { createMixedDashboard } from './support/benchDashboard.ts';
import {
  median,
  ms,
  startChartsBench,
  waitForVisibleChartsDrawn,
} from './support/browserCharts.ts';
import { machineLine } from './support/machine.ts';
import { figuresOf, formatFigures, formatRatio, measure } from './support/measure.ts';

const CHARTS = 50;
// Loads each way: the machine's load swings more than logging could cost, so medians need many.
const RUNS = 15;
const SCREEN = { width: 1280, height: 800 };
const LOG_PATHS = ['/superset/log/', '/api/v1/log/'];

interface Load {
  ms: number;
  logRequests: number;
}

const isLog = (url: string) => LOG_PATHS.includes(new URL(url).pathname);

async function load(page: Page, url: string, logging: boolean): Promise<Load> {
  let logRequests = 0;
  const onRequest = (request: { url(): string }) => {
    if (isLog(request.url())) logRequests += 1;
  };
  page.on('request', onRequest);
  // The batch goes a second after the first event: the next load starts once it was answered.
  const batchAnswered = logging
    ? page.waitForResponse((response) => isLog(response.url()), { timeout: 30_000 })
    : null;
  await page.goto(url, { waitUntil: 'commit' });
  const drawn = await waitForVisibleChartsDrawn(page, 120_000);
  await batchAnswered;
  page.off('request', onRequest);
  return { ms: drawn.at, logRequests };
}

console.log(machineLine());
const bench = await startChartsBench();
try {
  const dashboard = await createMixedDashboard(bench, CHARTS);
  const url = `${bench.baseUrl}/dashboard/${dashboard.id}/`;
  console.log(`dashboard ${dashboard.id}: ${CHARTS} charts of mixed types, first screen`);
  const on: BrowserContext = await bench.newContext(SCREEN);
  const off: BrowserContext = await bench.newContext(SCREEN);
  await off.addInitScript(() => {
    (globalThis as { __TESSERA_EVENT_LOG_OFF__?: boolean }).__TESSERA_EVENT_LOG_OFF__ = true;
  });
  const pages = { on: await on.newPage(), off: await off.newPage() };
  // One warm-up load each: HTTP caches and the server's chart-data cache filled.
  await load(pages.on, url, true);
  await load(pages.off, url, false);
  const loads: Record<'on' | 'off', Load[]> = { on: [], off: [] };
  for (let run = 0; run < RUNS; run += 1) {
    for (const mode of run % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      loads[mode].push(await load(pages[mode], url, mode === 'on'));
    }
  }
  const offFigures = figuresOf(
    'logging off',
    loads.off.map((l) => l.ms),
  );
  const onFigures = figuresOf(
    'logging on',
    loads.on.map((l) => l.ms),
  );
  console.log(formatFigures(offFigures));
  console.log(formatFigures(onFigures));
  console.log(formatRatio(offFigures, onFigures));
  // The fastest loads are the ones other jobs disturbed least.
  console.log(`fastest loads, on / off: ${(onFigures.minMs / offFigures.minMs).toFixed(2)}x`);
  console.log(
    `log requests per load: on ${median(loads.on.map((l) => l.logRequests))}, off ${median(loads.off.map((l) => l.logRequests))}`,
  );
  const q = encodeURIComponent('(filters:!((col:action,opr:eq,value:dashboard)),page_size:1)');
  const stored = (await bench.examples.api.request('GET', `/api/v1/log/?q=${q}`)).body as {
    count: number;
  };
  console.log(`dashboard views stored: ${stored.count} (${RUNS + 1} loads with logging on)`);

  const event = {
    impression_id: 'bench',
    version: 'v2',
    source: 'dashboard',
    source_id: dashboard.id,
    dashboard_id: dashboard.id,
    event_name: 'render_chart',
    event_type: 'timing',
    ts: Date.now(),
    duration: 12,
  };
  const batch = { events: Array.from({ length: 50 }, (_, i) => ({ ...event, slice_id: i + 1 })) };
  const post = await measure(
    'POST /superset/log/ (50 events)',
    async () => {
      const reply = await bench.examples.api.request('POST', '/superset/log/', batch);
      if (reply.status !== 200) throw new Error(`log batch answered ${reply.status}`);
    },
    { runs: 30, warmup: 3 },
  );
  console.log(formatFigures(post));
  console.log(`first screen medians: on ${ms(onFigures.medianMs)}, off ${ms(offFigures.medianMs)}`);
  console.log(machineLine());
} finally {
  await bench.stop();
}
