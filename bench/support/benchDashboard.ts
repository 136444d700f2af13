import { layoutForCharts, toPositionJson } from '../../packages/shared/src/dashboard/position.ts';
import type { ChartsBench } from './browserCharts.ts';

/**
 * A dashboard of `count` charts of mixed types for the dashboard benchmarks, made through the API:
 * the example charts saved again in turn (each type's example form data and query context) until
 * there are `count`, laid out three to a row as Superset lays out charts that have no place yet.
 */
export async function createMixedDashboard(
  bench: ChartsBench,
  count: number,
): Promise<{ id: number; chartIds: number[] }> {
  const api = bench.examples.api;
  const sources = bench.charts;
  const created: Array<{ id: number; slice_name: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const source = sources[i % sources.length];
    if (!source) throw new Error('No example charts to copy');
    const read = await api.request('GET', `/api/v1/chart/${source.id}`);
    const chart = (read.body as { result: Record<string, unknown> }).result;
    const params = JSON.parse(chart.params as string) as { datasource: string };
    const sliceName = `[bench ${i + 1}] ${source.slice_name}`;
    const saved = await api.request('POST', '/api/v1/chart/', {
      slice_name: sliceName,
      viz_type: source.viz_type,
      datasource_id: Number(params.datasource.split('__')[0]),
      datasource_type: 'table',
      params: chart.params,
      query_context: chart.query_context,
    });
    if (saved.status !== 201)
      throw new Error(`copying chart ${source.id}: ${JSON.stringify(saved.body)}`);
    created.push({ id: (saved.body as { id: number }).id, slice_name: sliceName });
  }
  const layout = layoutForCharts(created);
  const dashboard = await api.request('POST', '/api/v1/dashboard/', {
    dashboard_title: `[bench] ${count} charts`,
    position_json: JSON.stringify(toPositionJson(layout)),
    published: true,
  });
  if (dashboard.status !== 201)
    throw new Error(`creating the dashboard: ${JSON.stringify(dashboard.body)}`);
  return { id: (dashboard.body as { id: number }).id, chartIds: created.map((c) => c.id) };
}
