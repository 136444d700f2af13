// Uncached chart data: for aggregations over the 3M-row `flights` example, the time of
// POST /api/v1/chart/data with `force: true` (HTTP, auth, compile, engine, Arrow, frame, JSON)
// against DuckDB's own time for the same SQL (taken from the API's `result_type: 'query'` answer)
// run with `runAndReadAll` on a read-only copy of the examples file. The two are timed in turn,
// run after run, so the machine's load weighs on both alike. Aim (issue 4): API/engine under 1.15.
// Run with `npm run bench -- chart-data-uncached`. It is a measurement, not a test.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DuckDBInstance } from '@duckdb/node-api';
import { type ExamplesServer, startExamplesServer } from './support/examplesServer.ts';
import { machineLine } from './support/machine.ts';
import { type Figures, figuresOf, formatFigures, formatRatio } from './support/measure.ts';

const RUNS = 15;
const WARMUP = 1;
const AIM_RATIO = 1.15;

const MONTH_AXIS = {
  sqlExpression: 'date',
  label: 'date',
  columnType: 'BASE_AXIS',
  timeGrain: 'P1M',
  expressionType: 'SQL',
};

/** The query objects measured: what a bar chart, a line chart and a top-N series chart send. */
const QUERIES: Array<{ name: string; query: Record<string, unknown> }> = [
  {
    name: 'count by origin',
    query: {
      columns: ['origin'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 10000,
    },
  },
  {
    name: 'avg delay by month (P1M)',
    query: {
      columns: [MONTH_AXIS],
      metrics: ['avg__delay'],
      orderby: [['date', true]],
      extras: { time_grain_sqla: 'P1M' },
      time_range: 'No filter',
      row_limit: 10000,
    },
  },
  {
    name: 'count by month, top 10 origins (series limit)',
    query: {
      columns: [MONTH_AXIS, 'origin'],
      metrics: ['count'],
      series_columns: ['origin'],
      series_limit: 10,
      series_limit_metric: 'count',
      orderby: [['count', false]],
      extras: { time_grain_sqla: 'P1M' },
      time_range: 'No filter',
      row_limit: 10000,
      post_processing: [
        {
          operation: 'pivot',
          options: {
            index: ['date'],
            columns: ['origin'],
            aggregates: { count: { operator: 'mean' } },
            drop_missing_columns: false,
          },
        },
        { operation: 'flatten', options: {} },
      ],
    },
  },
];

interface ApiAnswer {
  result: Array<{ query?: string; is_cached?: boolean; rowcount?: number; sql_rowcount?: number }>;
}

async function postChartData(
  examples: ExamplesServer,
  body: Record<string, unknown>,
): Promise<ApiAnswer['result'][number]> {
  const reply = await examples.api.request('POST', '/api/v1/chart/data', body);
  const result = (reply.body as ApiAnswer).result?.[0];
  if (reply.status !== 200 || !result) {
    throw new Error(`chart data answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return result;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

console.log(machineLine());
const scratch = mkdtempSync(path.join(tmpdir(), 'tessera-bench-'));
const examples = await startExamplesServer();
let instance: DuckDBInstance | null = null;
try {
  const flights = await examples.datasetId('flights');
  // A copy, so this process can open it while the server holds the original.
  const copy = path.join(scratch, 'examples.duckdb');
  copyFileSync(path.join(examples.server.home, 'examples.duckdb'), copy);
  instance = await DuckDBInstance.create(copy, { access_mode: 'READ_ONLY' });
  const engine = await instance.connect();
  const count = await engine.runAndReadAll('SELECT count(*) AS n FROM flights');
  console.log(`flights: ${count.getRowObjectsJson()[0]?.n} rows`);

  const results: Array<{ api: Figures; direct: Figures }> = [];
  for (const { name, query } of QUERIES) {
    const body = { datasource: { id: flights, type: 'table' }, queries: [query], force: true };
    const sql = (await postChartData(examples, { ...body, result_type: 'query' })).query;
    if (!sql) throw new Error(`no SQL for ${name}`);
    const apiTimes: number[] = [];
    const engineTimes: number[] = [];
    let rows = 0;
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const apiMs = await timed(async () => {
        const result = await postChartData(examples, body);
        if (result.is_cached) throw new Error('force: true answered from the cache');
        rows = result.sql_rowcount ?? 0;
      });
      const engineMs = await timed(() => engine.runAndReadAll(sql));
      if (run >= WARMUP) {
        apiTimes.push(apiMs);
        engineTimes.push(engineMs);
      }
    }
    const api = figuresOf('API', apiTimes);
    const direct = figuresOf('engine', engineTimes);
    results.push({ api, direct });
    console.log(`\n${name}: ${rows} rows from the engine`);
    console.log(sql.replace(/\s+/g, ' '));
    console.log(formatFigures(api));
    console.log(formatFigures(direct));
    const ratio = api.medianMs / direct.medianMs;
    console.log(
      `${formatRatio(direct, api)} (aim under ${AIM_RATIO}: ${ratio < AIM_RATIO ? 'met' : 'NOT met'}; ` +
        `overhead ${(api.medianMs - direct.medianMs).toFixed(2)} ms)`,
    );
  }
  engine.closeSync();
  console.log();
  console.log(machineLine());
} finally {
  instance?.closeSync();
  await examples.stop();
  rmSync(scratch, { recursive: true, force: true });
}
