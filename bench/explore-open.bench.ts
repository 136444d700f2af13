// Explore opened on a saved example line chart ("Stock prices by month"), warm server, in
// Chromium: from navigation start to the chart drawn (its canvas in `chart-container`), median
// of N, next to the same chart's data call alone in the same run (GET /api/v1/chart/{id}/data/
// from Node, and the chart-data request inside the page). Aim (issue 5): under 700 ms.
// Run with `npm run bench -- explore-open`. It is a measurement, not a test.
import {
  chartByType,
  median,
  ms,
  startChartsBench,
  waitForChartsDrawn,
} from './support/browserCharts.ts';
import { machineLine } from './support/machine.ts';

const RUNS = 9;
const WARMUP = 2;
const AIM_MS = 700;

console.log(machineLine());
const bench = await startChartsBench();
try {
  const chart = chartByType(bench, 'echarts_timeseries_line');
  const url = `${bench.baseUrl}/explore/?slice_id=${chart.id}`;
  const page = await bench.context.newPage();
  const openTimes: number[] = [];
  const dcl: number[] = [];
  const dataStart: number[] = [];
  const dataEnd: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    await page.goto(url, { waitUntil: 'commit' });
    const drawnAt = await waitForChartsDrawn(page, 1);
    // Where the time went: the document, then the chart-data request, as the page's timing saw it.
    const phases = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const data = performance
        .getEntriesByType('resource')
        .filter((e) =>
          /\/api\/v1\/chart\/(\d+\/)?data/.test(e.name),
        ) as PerformanceResourceTiming[];
      const last = data.at(-1);
      return {
        dcl: nav?.domContentLoadedEventEnd ?? Number.NaN,
        dataStart: last?.startTime ?? Number.NaN,
        dataEnd: last?.responseEnd ?? Number.NaN,
      };
    });
    if (run < WARMUP) continue;
    openTimes.push(drawnAt);
    dcl.push(phases.dcl);
    dataStart.push(phases.dataStart);
    dataEnd.push(phases.dataEnd);
  }
  await page.close();

  // The same chart's data alone, from Node, warm (the answer is in the server's cache).
  const dataTimes: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const started = performance.now();
    const reply = await fetch(`${bench.baseUrl}/api/v1/chart/${chart.id}/data/`, {
      headers: { authorization: bench.examples.authorization },
    });
    await reply.arrayBuffer();
    if (!reply.ok) throw new Error(`chart data answered ${reply.status}`);
    if (run >= WARMUP) dataTimes.push(performance.now() - started);
  }

  const open = median(openTimes);
  const data = median(dataTimes);
  console.log(
    `chart ${chart.id} "${chart.slice_name}" (${chart.viz_type}), ${RUNS} runs after ${WARMUP} warm-up`,
  );
  console.log(
    `explore open -> chart drawn: median ${ms(open)}, min ${ms(Math.min(...openTimes))}, max ${ms(Math.max(...openTimes))}`,
  );
  console.log(
    `  medians: DOMContentLoaded ${ms(median(dcl))}, chart-data request sent ${ms(median(dataStart))}, ` +
      `answered ${ms(median(dataEnd))} (${ms(median(dataEnd.map((end, i) => end - (dataStart[i] as number))))} in flight), drawn ${ms(open)}`,
  );
  console.log(`chart data call alone (Node, cached): median ${data.toFixed(1)} ms`);
  console.log(`explore open / data call alone: ${(open / data).toFixed(1)}x`);
  console.log(`aim under ${AIM_MS} ms: ${open < AIM_MS ? 'met' : 'NOT met'}`);
  console.log(machineLine());
} finally {
  await bench.stop();
}
