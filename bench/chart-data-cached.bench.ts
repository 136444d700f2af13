// Cached chart data under load: 50 concurrent clients for 10 s against one POST /api/v1/chart/data
// whose answer is in the cache (count and average delay by origin over the 3M-row `flights`
// example), next to, in the same run: a bare Fastify route answering the same bytes in its own
// process (the ceiling of the HTTP stack on this machine, with the same load generator sharing
// its cores), and GET /health with the same bearer header (authentication and the store's
// `select 1`). Aims: above 3,000 requests/s and p99 under 30 ms on a 2-core machine (issue 4);
// at least 80% of /health's requests/s with a p99 within 1.5x of its own, same run (issue 19).
// Run with `npm run bench -- chart-data-cached`. It is a measurement, not a test.
import { startBareFastify } from './support/bareFastify.ts';
import { startExamplesServer } from './support/examplesServer.ts';
import { formatLoad, type LoadFigures, runLoad } from './support/load.ts';
import { machineLine } from './support/machine.ts';
import { cpuMs, serverPid } from './support/processCpu.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const DURATION_SECONDS = 10;
const AIM_REQUESTS_PER_SECOND = 3000;
const AIM_P99_MS = 30;
const AIM_SHARE_OF_HEALTH = 0.8;
const AIM_P99_OF_HEALTH = 1.5;

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
  let answer = '';
  for (const expectCached of [false, true]) {
    const reply = await fetch(url, { method: 'POST', headers, body });
    answer = await reply.text();
    if (!reply.ok) throw new Error(`chart data answered ${reply.status}: ${answer}`);
    const [result] = (JSON.parse(answer) as { result: Array<{ is_cached: boolean }> }).result;
    if (expectCached && !result?.is_cached) throw new Error('the second call was not cached');
    if (expectCached) console.log(`cached answer: ${answer.length} bytes of JSON`);
  }

  const bare = await startBareFastify(answer);
  try {
    const pid = serverPid(examples.server.port);
    if (pid === null) throw new Error('the server process was not found in /proc');
    const targets = [
      { name: 'bare Fastify, same answer', pid: bare.pid, url: bare.url, method: 'POST', body },
      { name: 'GET /health', pid, url: `${examples.server.baseUrl}/health`, method: 'GET' },
      { name: 'cached chart data', pid, url, method: 'POST', body },
    ] as const;
    // Untimed warm-up of every route, so the JIT has seen them before the timed runs.
    for (const target of targets) {
      await runLoad({
        ...target,
        headers,
        connections: CONNECTIONS,
        durationSeconds: WARMUP_SECONDS,
      });
    }
    // Each timed run with its server's CPU time around it: CPU ms per request holds up under load.
    const runs: Array<{ figures: LoadFigures; cpuPerRequest: number; load: string }> = [];
    for (const target of targets) {
      const load = machineLine();
      const cpuBefore = cpuMs(target.pid);
      const figures = await runLoad({
        ...target,
        headers,
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
      });
      runs.push({ figures, cpuPerRequest: (cpuMs(target.pid) - cpuBefore) / figures.total, load });
    }

    console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s each, same bearer header`);
    for (const run of runs) {
      console.log(formatLoad(run.figures));
      console.log(
        `  server CPU ${run.cpuPerRequest.toFixed(3)} ms per request ` +
          `(one core could answer ~${Math.round(1000 / run.cpuPerRequest)} req/s); before it, ${run.load}`,
      );
    }
    const [ceiling, health, cached] = runs as [
      (typeof runs)[0],
      (typeof runs)[0],
      (typeof runs)[0],
    ];
    console.log(
      `cached chart data / bare Fastify: ${(cached.figures.requestsPerSecond / ceiling.figures.requestsPerSecond).toFixed(2)}x the requests/s, ` +
        `p99 ${(cached.figures.p99Ms / ceiling.figures.p99Ms).toFixed(2)}x, ` +
        `CPU per request ${(cached.cpuPerRequest / ceiling.cpuPerRequest).toFixed(2)}x`,
    );
    const share = cached.figures.requestsPerSecond / health.figures.requestsPerSecond;
    const p99Ratio = cached.figures.p99Ms / health.figures.p99Ms;
    console.log(
      `cached chart data / GET /health: ${share.toFixed(2)}x the requests/s, p99 ${p99Ratio.toFixed(2)}x ` +
        `(aim at least ${AIM_SHARE_OF_HEALTH}x: ${share >= AIM_SHARE_OF_HEALTH ? 'met' : 'NOT met'}; ` +
        `p99 within ${AIM_P99_OF_HEALTH}x: ${p99Ratio <= AIM_P99_OF_HEALTH ? 'met' : 'NOT met'})`,
    );
    console.log(verdict(cached.figures));
  } finally {
    await bare.stop();
  }
  console.log(machineLine());
} finally {
  await examples.stop();
}
