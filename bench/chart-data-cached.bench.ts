// Cached chart data under load: 50 concurrent clients for 10 s against one POST /api/v1/chart/data
// whose answer is in the cache (count and average delay by origin over the 3M-row `flights`
// example), next to the same load against GET /health, the floor of the HTTP stack, in the same
// run. Aim (issue 4): above 3,000 requests/s and p99 under 30 ms on a 2-core machine.
// Run with `npm run bench -- chart-data-cached`. It is a measurement, not a test.
import { startExamplesServer } from './support/examplesServer.ts';
import { formatLoad, type LoadFigures, runLoad } from './support/load.ts';
import { machineLine } from './support/machine.ts';
import { cpuMs, serverPid } from './support/processCpu.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const DURATION_SECONDS = 10;
const AIM_REQUESTS_PER_SECOND = 3000;
const AIM_P99_MS = 30;

function chartDataBody(datasetId: number): string {
  return JSON.stringify({
    datasource: { id: datasetId, type: 'table' },
    queries: [
      {
        columns: ['origin'],
        metrics: [
          'count',
          {
            expressionType: 'SIMPLE',
            column: { column_name: 'delay' },
            aggregate: 'AVG',
            label: 'avg_delay',
          },
        ],
        orderby: [['count', false]],
        row_limit: 50,
      },
    ],
    result_format: 'json',
    result_type: 'full',
  });
}

function verdict(figures: LoadFigures): string {
  const throughput = figures.requestsPerSecond > AIM_REQUESTS_PER_SECOND ? 'met' : 'NOT met';
  const latency = figures.p99Ms < AIM_P99_MS ? 'met' : 'NOT met';
  return (
    `aim above ${AIM_REQUESTS_PER_SECOND} req/s: ${throughput}; ` +
    `aim p99 under ${AIM_P99_MS} ms: ${latency}`
  );
}

console.log(machineLine());
const examples = await startExamplesServer();
try {
  const flights = await examples.datasetId('flights');
  const url = `${examples.server.baseUrl}/api/v1/chart/data`;
  const body = chartDataBody(flights);
  const headers = { authorization: examples.authorization, 'content-type': 'application/json' };

  // The first call runs the query and fills the cache; the second must come from it.
  for (const expectCached of [false, true]) {
    const reply = await fetch(url, { method: 'POST', headers, body });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`chart data answered ${reply.status}: ${text}`);
    const [result] = (JSON.parse(text) as { result: Array<{ is_cached: boolean }> }).result;
    if (expectCached && !result?.is_cached) throw new Error('the second call was not cached');
    if (expectCached) console.log(`cached answer: ${text.length} bytes of JSON`);
  }

  const health = { name: 'GET /health', url: `${examples.server.baseUrl}/health`, headers };
  const chart = { name: 'cached chart data', url, method: 'POST' as const, headers, body };
  // Untimed warm-up of both routes, so the JIT has seen them before the timed runs.
  for (const target of [health, chart]) {
    await runLoad({ ...target, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS });
  }
  const pid = serverPid(examples.server.port);
  if (pid === null) throw new Error('the server process was not found in /proc');
  // Each timed run with the server's CPU time around it: CPU ms per request holds up under load.
  const timedRun = async (target: typeof health | typeof chart) => {
    const cpuBefore = cpuMs(pid);
    const figures = await runLoad({
      ...target,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });
    return { figures, cpuPerRequest: (cpuMs(pid) - cpuBefore) / figures.total };
  };
  const floor = await timedRun(health);
  const cached = await timedRun(chart);

  console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s each, same bearer header`);
  for (const run of [floor, cached]) {
    console.log(formatLoad(run.figures));
    console.log(
      `  server CPU ${run.cpuPerRequest.toFixed(3)} ms per request ` +
        `(one core could answer ~${Math.round(1000 / run.cpuPerRequest)} req/s)`,
    );
  }
  const share = cached.figures.requestsPerSecond / floor.figures.requestsPerSecond;
  console.log(
    `cached chart data / GET /health: ${share.toFixed(2)}x the requests/s, ` +
      `p99 ${(cached.figures.p99Ms / floor.figures.p99Ms).toFixed(2)}x, ` +
      `CPU per request ${(cached.cpuPerRequest / floor.cpuPerRequest).toFixed(2)}x`,
  );
  console.log(verdict(cached.figures));
  console.log(machineLine());
} finally {
  await examples.stop();
}
