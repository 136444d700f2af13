import type { QueryContext } from '@tessera/shared/api/chartData';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { dashboardChart, dashboardItemAnswer } from '../../../test/answers.ts';
import { rememberEarlyDashboard } from '../earlyLoad.ts';
import { startDashboardEarly } from '../earlyStart.ts';
import { createDashboardStore } from './store.ts';
import { loadDashboard } from './thunks.ts';

// Ten rows of three charts (400 px each): the first screen of an 800 px window holds the first
// rows only.
const ROWS = 10;
const chartIds = Array.from({ length: ROWS * 3 }, (_, i) => i + 1);
const layout: Record<string, unknown> = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: {
    id: 'GRID_ID',
    type: 'GRID',
    children: Array.from({ length: ROWS }, (_, r) => `ROW-${r}`),
    parents: ['ROOT_ID'],
  },
};
for (let r = 0; r < ROWS; r += 1) {
  const ids = chartIds.slice(r * 3, r * 3 + 3);
  layout[`ROW-${r}`] = { id: `ROW-${r}`, type: 'ROW', children: ids.map((id) => `CHART-${id}`) };
  for (const id of ids) {
    layout[`CHART-${id}`] = {
      id: `CHART-${id}`,
      type: 'CHART',
      children: [],
      meta: { chartId: id, width: 4, height: 50 },
    };
  }
}

const chart = (id: number) =>
  dashboardChart({
    id,
    slice_name: `Chart ${id}`,
    viz_type: 'big_number_total',
    form_data: { datasource: '1__table', viz_type: 'big_number_total', metric: 'count' },
  });

function fakeServer() {
  const batches: number[][] = [];
  const api = createApiClient({
    fetch: async (input, init) => {
      const path = String(input).split('?')[0];
      if (path === '/api/v1/security/csrf_token/') return Response.json({ result: 't' });
      if (path === '/api/v1/dashboard/1') {
        return Response.json(
          dashboardItemAnswer({
            id: 1,
            dashboard_title: 'Wall',
            slug: null,
            url: '/superset/dashboard/1/',
            published: true,
            css: '',
            json_metadata: '{}',
            position_json: JSON.stringify(layout),
            owners: [],
            roles: [],
            changed_on: '2024-01-01T00:00:00',
          }),
        );
      }
      if (path === '/api/v1/dashboard/1/charts')
        return Response.json({ result: chartIds.map(chart) });
      if (path === '/api/v1/dashboard/1/datasets') return Response.json({ result: [] });
      if (path === '/api/v1/dashboard/favorite_status/') return Response.json({ result: [] });
      if (path === '/api/v1/chart/data/batch') {
        const { queries } = JSON.parse(String(init?.body)) as { queries: QueryContext[] };
        batches.push(queries.map((q) => Number(q.form_data?.slice_id)));
        return Response.json({
          result: queries.map(() => ({ status: 200, result: [{ data: [{ count: 1 }] }] })),
        });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    },
  });
  return { api, batches };
}

describe('loading a dashboard', () => {
  it("asks for the first screen's data itself, before any chart holder renders", async () => {
    const { api, batches } = fakeServer();
    const store = createDashboardStore({ api });
    await store.dispatch(
      loadDashboard({ idOrSlug: '1', wantsEdit: () => false, screenHeight: 800 }),
    );
    // 800 px plus the in-view margin: rows starting at 0, 416 and 832 px.
    const first = chartIds.slice(0, 9);
    expect(store.getState().dashboardState.firstScreenChartIds).toEqual(first);
    const charts = store.getState().charts;
    for (const id of first) expect(charts[id]?.triggerQuery).toBe(false);
    // The rest wait for their holders to come into view.
    for (const id of chartIds.slice(9)) expect(charts[id]?.triggerQuery).toBe(true);
    // One batch of exactly those charts.
    await expect.poll(() => batches).toEqual([first]);
    await expect.poll(() => store.getState().charts[1]?.chartStatus).toBe('success');
  });

  it("takes the route's early start instead of asking again", async () => {
    const { api, batches } = fakeServer();
    rememberEarlyDashboard('1', startDashboardEarly(api, '1', '', ''));
    const store = createDashboardStore({ api });
    await store.dispatch(loadDashboard({ idOrSlug: '1', wantsEdit: () => false }));
    const first = store.getState().dashboardState.firstScreenChartIds;
    // jsdom's window is 768 px tall: the rows at 0, 416 and 832 px.
    expect(first).toEqual(chartIds.slice(0, 9));
    await expect.poll(() => store.getState().charts[9]?.chartStatus).toBe('success');
    expect(batches).toEqual([first]);
  });

  it('leaves the first screen to the holders when the page opens at an anchor', async () => {
    const { api, batches } = fakeServer();
    const store = createDashboardStore({ api });
    await store.dispatch(
      loadDashboard({
        idOrSlug: '1',
        wantsEdit: () => false,
        screenHeight: 800,
        anchor: 'CHART-30',
      }),
    );
    expect(store.getState().dashboardState.firstScreenChartIds).toEqual([]);
    expect(batches).toEqual([]);
    expect(store.getState().charts[1]?.triggerQuery).toBe(true);
  });
});
