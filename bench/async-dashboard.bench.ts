// Global async queries (issue 17, "Speed"): the 50-chart mixed dashboard's first screen
// (1280x800) with GLOBAL_ASYNC_QUERIES on, against the same dashboard on a server with the flag
// off, in the same run (two servers, loads alternated so machine load hits both alike): cold (a
// fresh context and `?force=true`, so with the flag on every chart is a job whose event the page
// polls for) and warm (the same context again: cached, so 200s on both). Aim: on / off within
// 1.10x. Then 200 concurrent async chart requests to the flag-on server (each a different query
// over `flights`, so each a job): every one must end with an event and a readable result.
// Run with `npm run bench -- async-dashboard`. It is a measurement, not a test.
import type { BrowserContext, Page } from 'playwright-core';
import { createMixedDashboard } from './support/benchDashboard.ts';
import {
  type ChartsBench,
  median,
  ms,
  startChartsBench,
  waitForVisibleChartsDrawn,
} from './support/browserCharts.ts';
import { machineLine } from './support/machine.ts';
import { figuresOf, formatFigures, formatRatio } from './support/measure.ts';

const CHARTS = 50;
const RUNS = { cold: 5, warm: 9 };
const SCREEN = { width: 1280, height: 800 };
const CONCURRENT = 200;
const FLAG_ON = { TESSERA_FEATURE_FLAGS: 'GLOBAL_ASYNC_QUERIES' };

async function firstScreen(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return (await waitForVisibleChartsDrawn(page, 120_000)).at;
}

interface Side {
  name: 'on' | 'off';
  bench: ChartsBench;
  url: string;
}

async function compareFirstScreens(sides: Side[]) {
  const cold: Record<string, number[]> = { on: [], off: [] };
  const warm: Record<string, number[]> = { on: [], off: [] };
  const warmPages: Record<string, { context: BrowserContext; page: Page }> = {};
  for (let run = 0; run < RUNS.cold; run += 1) {
    for (const side of run % 2 ? [...sides].reverse() : sides) {
      const context = await side.bench.newContext(SCREEN);
      const page = await context.newPage();
      cold[side.name]?.push(await firstScreen(page, `${side.url}?force=true`));
      if (run === RUNS.cold - 1) warmPages[side.name] = { context, page };
      else await context.close();
    }
  }
  for (let run = 0; run < RUNS.warm; run += 1) {
    for (const side of run % 2 ? [...sides].reverse() : sides) {
      const held = warmPages[side.name];
      if (held) warm[side.name]?.push(await firstScreen(held.page, side.url));
    }
  }
  for (const held of Object.values(warmPages)) await held.context.close();
  for (const [label, times] of [
    ['cold (fresh context, force)', cold],
    ['warm (same context, cached)', warm],
  ] as const) {
    const off = figuresOf(`flag off, ${label}`, times.off ?? []);
    const on = figuresOf(`flag on, ${label}`, times.on ?? []);
    console.log(formatFigures(off));
    console.log(formatFigures(on));
    console.log(formatRatio(off, on));
    const ratio = on.medianMs / off.medianMs;
    console.log(
      `  on / off ${ratio.toFixed(2)}x: aim (within 1.10x) ${ratio <= 1.1 ? 'met' : 'NOT met'}`,
    );
  }
}

interface Event {
  id: string;
  job_id: string;
  status: string;
  result_url: string | null;
}

/** 200 chart-data calls at once, each a job; then every job's final event and result. */
async function concurrentJobs(side: Side) {
  const { baseUrl } = side.bench;
  const examples = side.bench.examples;
  const flights = await examples.datasetId('flights');
  // A signed-in API client gets its channel's cookie from its first call.
  const first = await fetch(`${baseUrl}/api/v1/dashboard/?q=(page_size:1)`, {
    headers: { authorization: examples.authorization },
  });
  const cookie = (first.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('async-token='));
  if (!cookie) throw new Error('no async-token cookie');
  const headers = {
    authorization: examples.authorization,
    cookie,
    'content-type': 'application/json',
  };
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, i) => {
      const reply = await fetch(`${baseUrl}/api/v1/chart/data`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          datasource: { id: flights, type: 'table' },
          queries: [
            {
              columns: ['origin'],
              metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
              row_limit: 1000 + i,
            },
          ],
          force: true,
        }),
      });
      return { status: reply.status, body: (await reply.json()) as { job_id?: string } };
    }),
  );
  const queuedMs = performance.now() - started;
  const jobs = new Map<string, number>();
  for (const answer of answers) if (answer.body.job_id) jobs.set(answer.body.job_id, 0);
  const statuses = answers.reduce<Record<number, number>>((count, a) => {
    count[a.status] = (count[a.status] ?? 0) + 1;
    return count;
  }, {});
  console.log(`${CONCURRENT} requests answered in ${ms(queuedMs)}: ${JSON.stringify(statuses)}`);
  const final = new Map<string, Event>();
  let lastId: string | null = null;
  const deadline = Date.now() + 180_000;
  while (final.size < jobs.size && Date.now() < deadline) {
    const url: string = `${baseUrl}/api/v1/async_event/${lastId ? `?last_id=${lastId}` : ''}`;
    const reply: Response = await fetch(url, { headers });
    const events: Event[] = ((await reply.json()) as { result: Event[] }).result;
    for (const event of events) {
      lastId = event.id;
      if (jobs.has(event.job_id) && (event.status === 'done' || event.status === 'error')) {
        final.set(event.job_id, event);
        jobs.set(event.job_id, performance.now() - started);
      }
    }
    if (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = [...final.values()].filter((e) => e.status === 'done');
  let readable = 0;
  for (let start = 0; start < done.length; start += 20) {
    const slice = done.slice(start, start + 20);
    const reads = await Promise.all(
      slice.map((e) => fetch(`${baseUrl}${e.result_url}`, { headers }).then((r) => r.status)),
    );
    readable += reads.filter((s) => s === 200).length;
  }
  const times = [...jobs.values()].filter((t) => t > 0);
  console.log(
    `jobs: ${jobs.size} queued, ${done.length} done, ${final.size - done.length} error, ` +
      `${jobs.size - final.size} without a final event (lost); ${readable} results read back`,
  );
  console.log(
    `  request to final event: median ${ms(median(times))}, last ${ms(Math.max(0, ...times))}; ` +
      `none lost: ${jobs.size === CONCURRENT && readable === CONCURRENT ? 'yes' : 'NO'}`,
  );
}

console.log(machineLine());
const benchOff = await startChartsBench();
const benchOn = await startChartsBench({ env: FLAG_ON }).catch(async (error) => {
  await benchOff.stop();
  throw error;
});
try {
  const sides: Side[] = [];
  for (const [name, bench] of [
    ['off', benchOff],
    ['on', benchOn],
  ] as const) {
    const dashboard = await createMixedDashboard(bench, CHARTS);
    sides.push({ name, bench, url: `${bench.baseUrl}/dashboard/${dashboard.id}/` });
  }
  console.log(`${CHARTS} charts of mixed types, first screen ${SCREEN.width}x${SCREEN.height}`);
  // One load each first: chunks compiled, the servers' memos filled.
  for (const side of sides) {
    const context = await side.bench.newContext(SCREEN);
    await firstScreen(await context.newPage(), side.url);
    await context.close();
  }
  await compareFirstScreens(sides);
  console.log(`\n${CONCURRENT} concurrent async chart requests (flag on)`);
  await concurrentJobs(sides[1] as Side);
  console.log(`first-screen medians logged above; ${machineLine()}`);
} finally {
  await benchOn.stop();
  await benchOff.stop();
}
