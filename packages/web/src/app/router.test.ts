import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyDashboard } from '../features/dashboards/earlyLoad.ts';
import { dashboardChart, dashboardItemAnswer } from '../test/answers.ts';
import { api, CSRF_TOKEN_PATH } from './api.ts';
import { prefetchDashboard, routes } from './router.tsx';

const LAYOUT = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1'] },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 5, height: 50 } },
};

/** What the fake server answers each read of dashboard `sales`. */
function answer(path: string): unknown {
  if (path === CSRF_TOKEN_PATH) return { result: 'tok' };
  if (path === '/api/v1/dashboard/sales') {
    return dashboardItemAnswer({
      id: 7,
      slug: 'sales',
      url: '/superset/dashboard/sales/',
      dashboard_title: 'Sales',
      position_json: JSON.stringify(LAYOUT),
      json_metadata: '{}',
      changed_on: '2024-01-01T00:00:00',
    });
  }
  if (path === '/api/v1/dashboard/sales/charts') {
    return {
      result: [
        dashboardChart({
          id: 5,
          slice_name: 'Revenue',
          viz_type: 'big_number_total',
          form_data: { datasource: '1__table', viz_type: 'big_number_total', metric: 'count' },
        }),
      ],
    };
  }
  if (path === '/api/v1/chart/data') return { result: [{ data: [{ count: 3 }] }] };
  return { result: path };
}

/** The app's own client, answered by a fetch that records what was asked. */
function recordCalls() {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    urls.push(`${init?.method ?? 'GET'} ${String(url)}`);
    return new Response(JSON.stringify(answer(String(url).split('?')[0] as string)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  api.configure({ fetch: fetchImpl as unknown as typeof fetch });
  return urls;
}

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('dashboard route: first reads start with the route, not with its code', () => {
  it("asks for the dashboard, its charts and datasets once, as the page's own calls", async () => {
    const urls = recordCalls();
    const loaded = prefetchDashboard({
      params: { idOrSlug: 'sales' },
      request: new Request('http://tessera.test/dashboard/sales/?force=true'),
    });
    expect(loaded).toBeNull();
    expect(urls).toEqual([
      'GET /api/v1/dashboard/sales/datasets',
      'GET /api/v1/dashboard/sales',
      'GET /api/v1/dashboard/sales/charts',
      `GET ${CSRF_TOKEN_PATH}`,
    ]);
    // The early start took the dashboard and its charts, and asked for the first screen's data.
    const early = await takeEarlyDashboard('sales');
    expect(early?.item.id).toBe(7);
    expect(early?.force).toBe(true);
    expect(early?.firstScreen?.chartIds).toEqual([5]);
    await expect(early?.firstScreen?.queries[0]?.answer).resolves.toEqual({
      result: [{ data: [{ count: 3 }] }],
    });
    // Taken once.
    expect(takeEarlyDashboard('sales')).toBeNull();
    // The page's datasets read takes the prefetched answer; nothing was asked twice.
    await api.get('/api/v1/dashboard/sales/datasets');
    expect(urls.slice(4)).toEqual([
      expect.stringMatching(
        /^POST \/api\/v1\/chart\/data\?form_data=.*&dashboard_id=7&force=true$/,
      ),
    ]);
  });

  it('is the loader of the dashboard address only, not of its permalinks', () => {
    const shell = routes.find((route) => route.path === '/');
    const byPath = new Map(shell?.children?.map((route) => [route.path, route]));
    expect(byPath.get('superset?/dashboard/:idOrSlug')?.loader).toBe(prefetchDashboard);
    expect(byPath.get('superset?/dashboard/p/:key')?.loader).toBeUndefined();
  });
});
