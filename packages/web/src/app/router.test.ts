import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, CSRF_TOKEN_PATH } from './api.ts';
import { prefetchDashboard, routes } from './router.tsx';

/** The app's own client, answered by a fetch that records what was asked. */
function recordCalls() {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL) => {
    urls.push(String(url));
    const body = String(url) === CSRF_TOKEN_PATH ? { result: 'tok' } : { result: String(url) };
    return new Response(JSON.stringify(body), {
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
    const loaded = prefetchDashboard({ params: { idOrSlug: 'sales' } });
    expect(loaded).toBeNull();
    expect(urls).toEqual([
      '/api/v1/dashboard/sales/datasets',
      '/api/v1/dashboard/sales',
      '/api/v1/dashboard/sales/charts',
      CSRF_TOKEN_PATH,
    ]);
    // The page's reads (features/dashboard/dashboardApi.ts) take the prefetched answers.
    await expect(api.get('/api/v1/dashboard/sales')).resolves.toEqual({
      result: '/api/v1/dashboard/sales',
    });
    await api.get('/api/v1/dashboard/sales/charts');
    await api.get('/api/v1/dashboard/sales/datasets');
    expect(urls).toHaveLength(4);
  });

  it('is the loader of the dashboard address only, not of its permalinks', () => {
    const shell = routes.find((route) => route.path === '/');
    const byPath = new Map(shell?.children?.map((route) => [route.path, route]));
    expect(byPath.get('superset?/dashboard/:idOrSlug')?.loader).toBe(prefetchDashboard);
    expect(byPath.get('superset?/dashboard/p/:key')?.loader).toBeUndefined();
  });
});
