import { VIZ_KEYS } from '@tessera/shared/viz/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { EXAMPLE_CHARTS, exampleChartUuid } from './chartCatalogue.ts';
import { EXAMPLE_DASHBOARDS } from './dashboards.ts';
import { type LoadExamplesSummary, loadExamples } from './load.ts';

/**
 * The example charts and dashboards on a real examples DuckDB file: saved once, and every
 * chart's stored query context answers on the engine (a real run of every chart type's query).
 */

const silent = { info: () => {}, warn: () => {} };

describe('example charts and dashboards', () => {
  let t: TestApp;
  let first: LoadExamplesSummary;

  const snapshot = async () => ({
    charts: await t.store.db
      .selectFrom('slices')
      .select(['id', 'uuid', 'slice_name', 'viz_type', 'params', 'query_context'])
      .orderBy('id')
      .execute(),
    dashboards: await t.store.db
      .selectFrom('dashboards')
      .select(['id', 'uuid', 'dashboard_title', 'slug', 'position_json', 'published'])
      .orderBy('id')
      .execute(),
    links: await t.store.db
      .selectFrom('dashboard_slices')
      .select(['dashboard_id', 'slice_id'])
      .orderBy('id')
      .execute(),
  });

  beforeAll(async () => {
    t = await createTestApp();
    first = await loadExamples({ config: t.config, store: t.store, logger: silent });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('saves one chart per chart type, owned by the admin, and the example dashboards', async () => {
    expect(first.charts).toEqual(EXAMPLE_CHARTS.map((e) => e.key));
    expect(first.dashboards).toEqual(EXAMPLE_DASHBOARDS.map((d) => d.key));
    const { charts } = await snapshot();
    for (const key of VIZ_KEYS) expect(charts.map((c) => c.viz_type)).toContain(key);
    const line = charts.find((c) => c.uuid === exampleChartUuid('echarts_timeseries_line'));
    const params = JSON.parse(line?.params ?? '{}');
    expect(params).toMatchObject({ viz_type: 'echarts_timeseries_line', x_axis: 'date' });
    expect(params.datasource).toMatch(/^\d+__table$/);
    const context = JSON.parse(line?.query_context ?? '{}');
    expect(context.datasource).toEqual({
      id: Number(params.datasource.split('__')[0]),
      type: 'table',
    });

    const list = await t.call('admin', { method: 'GET', url: '/api/v1/chart/?q=(page_size:100)' });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(EXAMPLE_CHARTS.length);
    expect(list.json().result[0].owners.map((o: { id: number }) => o.id)).toHaveLength(1);
  });

  it('changes nothing when loaded again', async () => {
    const before = await snapshot();
    const again = await loadExamples({ config: t.config, store: t.store, logger: silent });
    expect(again.charts).toEqual([]);
    expect(again.dashboards).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('serves published dashboards with top-level tabs, markdown, headers, a divider and charts', async () => {
    for (const slug of ['flights', 'world_weather']) {
      const res = await t.call('admin', { method: 'GET', url: `/api/v1/dashboard/${slug}` });
      expect(res.statusCode, `${slug}: ${res.body}`).toBe(200);
      const result = res.json().result;
      expect(result.published).toBe(true);
      const layout = JSON.parse(result.position_json);
      const types = Object.values(layout).map((c) => (c as { type?: string }).type);
      for (const type of ['TABS', 'TAB', 'ROW', 'CHART', 'MARKDOWN', 'HEADER']) {
        expect(types, `${slug} has a ${type}`).toContain(type);
      }
      expect(types).toContain('DIVIDER');
      const charts = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/dashboard/${slug}/charts`,
      });
      expect(charts.statusCode).toBe(200);
      const vizTypes = new Set(
        charts.json().result.map((c: { form_data: { viz_type: string } }) => c.form_data.viz_type),
      );
      expect(vizTypes.size).toBeGreaterThanOrEqual(4);
    }
  });

  it("answers 200 with data from every example chart's stored query context", async () => {
    const { charts } = await snapshot();
    const failures: string[] = [];
    for (const chart of charts) {
      const res = await t.call('admin', { method: 'GET', url: `/api/v1/chart/${chart.id}/data/` });
      if (res.statusCode !== 200) {
        failures.push(`${chart.viz_type} (${chart.slice_name}): ${res.statusCode} ${res.body}`);
        continue;
      }
      const results = res.json().result as Array<{ rowcount: number }>;
      if (!results.length || results[0]?.rowcount === 0) {
        failures.push(`${chart.viz_type} (${chart.slice_name}): no rows`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
