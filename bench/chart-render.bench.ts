// Each chart type drawing up to 10,000 points in Chromium: every type's example chart saved again
// with row_limit 10,000 (the time-series types over `flights` by day for the 55 busiest origins,
// about 10,000 points; the table over 10,000 raw flights; the others at their data's natural
// maximum), opened in Explore. Render time = from the chart-data answer's last byte (resource
// timing) to the chart drawn, so the query itself is not counted; median of 3 per type after a
// warm-up, slowest named. Points = rows x numeric columns of the answer.
// Run with `npm run bench -- chart-render`. It is a measurement, not a test.
import { getChartDefinition } from '../packages/shared/src/viz/registry.ts';
import type { QueryFormData } from '../packages/shared/src/viz/types.ts';
import { median, ms, startChartsBench, waitForChartsDrawn } from './support/browserCharts.ts';
import { machineLine } from './support/machine.ts';

const RUNS = 3;
const MAX_POINTS = 10_000;
const TIMESERIES = new Set([
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'echarts_timeseries_scatter',
  'echarts_timeseries_step',
]);

/** The example's form data pushed to 10,000 points where the data has them. */
function variantOf(
  vizType: string,
  params: QueryFormData,
  flightsDatasource: string,
): QueryFormData {
  if (TIMESERIES.has(vizType)) {
    return {
      ...params,
      datasource: flightsDatasource,
      x_axis: 'date',
      time_grain_sqla: 'P1D',
      metrics: ['count'],
      groupby: ['origin'],
      series_limit: 55,
      series_limit_metric: 'count',
      row_limit: MAX_POINTS,
      y_axis_title: '',
    };
  }
  if (vizType === 'table') {
    return {
      ...params,
      datasource: flightsDatasource,
      query_mode: 'raw',
      all_columns: ['date', 'delay', 'distance', 'origin', 'destination'],
      groupby: [],
      metrics: [],
      percent_metrics: [],
      timeseries_limit_metric: undefined,
      column_config: {},
      conditional_formatting: [],
      adhoc_filters: [],
      show_totals: false,
      row_limit: MAX_POINTS,
    };
  }
  return params.row_limit === undefined ? params : { ...params, row_limit: MAX_POINTS };
}

console.log(machineLine());
const bench = await startChartsBench();
try {
  const api = bench.examples.api;
  const flights = `${await bench.examples.datasetId('flights')}__table`;
  const types = [...new Set(bench.charts.map((c) => c.viz_type))];
  const results: Array<{
    type: string;
    rows: number;
    points: number;
    renderMs: number;
    totalMs: number;
  }> = [];
  const page = await bench.context.newPage();
  for (const type of types) {
    const example = bench.charts.find((c) => c.viz_type === type);
    if (!example) continue;
    const saved = await api.request('GET', `/api/v1/chart/${example.id}`);
    const params = JSON.parse((saved.body as { result: { params: string } }).result.params);
    const formData = variantOf(type, params as QueryFormData, flights);
    const definition = getChartDefinition(type);
    if (!definition) throw new Error(`No chart definition for ${type}`);
    const queryContext = definition.buildQuery(formData);
    const [datasourceId] = String(formData.datasource).split('__');
    const created = await api.request('POST', '/api/v1/chart/', {
      slice_name: `[bench] ${example.slice_name}, 10k`,
      viz_type: type,
      datasource_id: Number(datasourceId),
      datasource_type: 'table',
      params: JSON.stringify(formData),
      query_context: JSON.stringify(queryContext),
    });
    if (created.status !== 201)
      throw new Error(`saving the ${type} variant: ${JSON.stringify(created.body)}`);
    const id = (created.body as { id: number }).id;
    // Runs the query once (the browser then reads the cache) and counts what the chart gets.
    const data = await api.request('GET', `/api/v1/chart/${id}/data/`);
    if (data.status !== 200) throw new Error(`${type} data: ${JSON.stringify(data.body)}`);
    const answers = (data.body as { result: Array<{ rowcount: number; coltypes: number[] }> })
      .result;
    const rows = answers.reduce((n, a) => n + a.rowcount, 0);
    const points = answers.reduce(
      (n, a) => n + a.rowcount * Math.max(1, a.coltypes.filter((t) => t === 0).length),
      0,
    );

    const renders: number[] = [];
    const totals: number[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      await page.goto(`${bench.baseUrl}/explore/?slice_id=${id}`, { waitUntil: 'commit' });
      const drawnAt = await waitForChartsDrawn(page, 1, 120_000);
      const dataEnd = await page.evaluate(() => {
        const entries = performance
          .getEntriesByType('resource')
          .filter((e) =>
            /\/api\/v1\/chart\/(\d+\/)?data/.test(e.name),
          ) as PerformanceResourceTiming[];
        return Math.max(...entries.map((e) => e.responseEnd));
      });
      if (run === 0) continue;
      renders.push(drawnAt - dataEnd);
      totals.push(drawnAt);
    }
    results.push({ type, rows, points, renderMs: median(renders), totalMs: median(totals) });
    console.log(
      `  ${type.padEnd(28)} ${String(rows).padStart(6)} rows ${String(points).padStart(7)} points  render ${ms(median(renders)).padStart(8)}  open->drawn ${ms(median(totals))}`,
    );
  }
  await page.close();
  results.sort((a, b) => b.renderMs - a.renderMs);
  const [slowest] = results;
  const fastest = results.at(-1);
  if (slowest && fastest) {
    console.log(
      `slowest: ${slowest.type}, ${ms(slowest.renderMs)} for ${slowest.points} points; fastest ${fastest.type} ${ms(fastest.renderMs)}; slowest / fastest ${(slowest.renderMs / Math.max(1, fastest.renderMs)).toFixed(1)}x`,
    );
  }
  console.log(machineLine());
} finally {
  await bench.stop();
}
