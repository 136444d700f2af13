import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../app/api.ts';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { FAVORITE_STATUS_ERROR } from './state/thunks.ts';

const layout = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: {
    id: 'GRID_ID',
    type: 'GRID',
    children: ['HEADER-1', 'ROW-1', 'TABS-1'],
    parents: ['ROOT_ID'],
  },
  'HEADER-1': { id: 'HEADER-1', type: 'HEADER', children: [], meta: { text: 'Delays' } },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'MARKDOWN-1'], meta: {} },
  'CHART-1': {
    id: 'CHART-1',
    type: 'CHART',
    children: [],
    meta: { chartId: 5, width: 6, height: 40 },
  },
  'MARKDOWN-1': {
    id: 'MARKDOWN-1',
    type: 'MARKDOWN',
    children: [],
    meta: { width: 6, code: '## Notes\n\n<script>window.hacked = true</script>' },
  },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-1', 'TAB-2'], meta: {} },
  'TAB-1': { id: 'TAB-1', type: 'TAB', children: ['DIVIDER-1'], meta: { text: 'First' } },
  'TAB-2': { id: 'TAB-2', type: 'TAB', children: [], meta: { text: 'Second' } },
  'DIVIDER-1': { id: 'DIVIDER-1', type: 'DIVIDER', children: [], meta: {} },
};

const chart = (id: number, name: string) => ({
  id,
  uuid: `u-${id}`,
  slice_name: name,
  slice_url: `/explore/?slice_id=${id}`,
  viz_type: 'big_number_total',
  form_data: { datasource: '1__table', viz_type: 'big_number_total', metric: 'count' },
  description: null,
  description_markdown: '',
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
  changed_on: '2024-01-01T00:00:00',
  changed_on_humanized: 'a day ago',
  modified: '',
  datasource_id: 1,
  datasource_type: 'table',
  datasource_name_text: 'flights',
  datasource_url: null,
  is_managed_externally: false,
  owners: [{ id: 1, first_name: 'A', last_name: 'B' }],
  thumbnail_url: null,
});

function fakeServer(options: { favoriteFails?: boolean; datasetsAfterChartData?: boolean } = {}) {
  const calls: string[] = [];
  let chartDataAsked: () => void = () => {};
  const chartDataSeen = new Promise<void>((resolve) => {
    chartDataAsked = resolve;
  });
  api.configure({
    fetch: async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const path = url.split('?')[0];
      if (path === '/api/v1/security/csrf_token/') return Response.json({ result: 't' });
      if (path === '/api/v1/dashboard/favorite_status/') {
        return options.favoriteFails
          ? Response.json({ message: 'boom' }, { status: 500 })
          : Response.json({ result: [{ id: 1, value: true }] });
      }
      if (path === '/api/v1/dashboard/1') {
        return Response.json({
          id: 1,
          result: {
            id: 1,
            uuid: 'd-1',
            dashboard_title: 'Flights',
            slug: null,
            url: '/superset/dashboard/1/',
            thumbnail_url: null,
            published: false,
            css: '.dashboard-markdown h2 { color: red; }',
            json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
            position_json: JSON.stringify(layout),
            description: null,
            owners: [{ id: 1, first_name: 'A', last_name: 'B' }],
            roles: [],
            tags: [],
            charts: ['Total flights'],
            certified_by: 'Ops',
            certification_details: 'Checked',
            changed_on: '2024-01-01T00:00:00',
            changed_on_humanized: 'a day ago',
            changed_on_delta_humanized: 'a day ago',
            changed_by: { id: 1, first_name: 'A', last_name: 'B' },
            changed_by_name: 'A B',
            created_on_delta_humanized: 'a week ago',
            created_by: null,
            is_managed_externally: false,
            external_url: null,
          },
        });
      }
      if (path === '/api/v1/dashboard/1/charts') {
        return Response.json({ result: [chart(5, 'Total flights'), chart(6, 'Not placed')] });
      }
      if (path === '/api/v1/dashboard/1/datasets') {
        // Answers only once a chart asked for its data: the page must not wait for the datasets.
        if (options.datasetsAfterChartData) await chartDataSeen;
        return Response.json({ result: [] });
      }
      if (path.startsWith('/api/v1/chart/data')) chartDataAsked();
      if (path === '/api/v1/chart/data/batch')
        return Response.json({ message: 'Not found' }, { status: 404 });
      if (path === '/api/v1/chart/data') {
        return Response.json({
          result: [{ data: [{ count: 42 }], colnames: ['count'], coltypes: [0], rowcount: 1 }],
        });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    },
  });
  return calls;
}

function renderPage(path: string, user = testUser(ADMIN, 'admin')) {
  return renderWithApp(
    <Routes>
      <Route path="/dashboard/:idOrSlug" element={<DashboardPage />} />
    </Routes>,
    { user: { ...user, userId: 1 }, path },
  );
}

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('the dashboard page', () => {
  it('draws the layout, appends charts missing from it and loads each chart once', async () => {
    const calls = fakeServer();
    renderPage('/dashboard/1/');
    expect((await screen.findByTestId('dashboard-title')).textContent).toContain('Flights');
    expect(screen.getByTestId('dashboard-header-component').textContent).toContain('Delays');
    const markdown = screen.getByTestId('dashboard-markdown');
    expect(markdown.innerHTML).toContain('<h2>Notes</h2>');
    expect(markdown.innerHTML).not.toContain('script');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByTestId('dashboard-css').textContent).toContain('color: red');
    expect(screen.getByTestId('dashboard-divider')).toBeTruthy();
    const charts = screen.getAllByTestId('dashboard-chart');
    expect(charts.map((c) => c.dataset.chartId)).toEqual(['5', '6']);
    await waitFor(() => expect(screen.getByTestId('dashboard-star').dataset.starred).toBe('true'));
    expect(screen.getByTestId('dashboard-published').textContent).toContain('Draft');
    expect(screen.getByTestId('dashboard-edit')).toBeTruthy();
    // Both charts asked together (the batch route is missing here, so one call each follows).
    await waitFor(() =>
      expect(calls.filter((c) => c.startsWith('POST /api/v1/chart/data?'))).toHaveLength(2),
    );
    expect(calls.filter((c) => c.startsWith('POST /api/v1/chart/data/batch'))).toHaveLength(1);
    expect(within(charts[0] as HTMLElement).getByTestId('chart-title').textContent).toContain(
      'Total flights',
    );
  });

  it('asks for chart data without waiting for the datasets', async () => {
    // The fake server holds the datasets back until a chart asked for its data: a page that
    // waited for them would never get its charts' answers.
    const calls = fakeServer({ datasetsAfterChartData: true });
    renderPage('/dashboard/1/');
    await waitFor(() =>
      expect(screen.getAllByTestId('dashboard-chart').map((chart) => chart.dataset.status)).toEqual(
        ['success', 'success'],
      ),
    );
    expect(calls).toContain('GET /api/v1/dashboard/1/datasets');
  });

  it('gives Gamma no edit button, and edit=true does nothing without the permission', async () => {
    fakeServer();
    renderPage('/dashboard/1/?edit=true', testUser(GAMMA, 'gamma'));
    await screen.findByTestId('dashboard-title');
    expect(screen.queryByTestId('dashboard-edit')).toBeNull();
    expect(screen.getByTestId('dashboard-page').dataset.editMode).toBe('false');
    expect(screen.getByTestId('dashboard-published').style.cursor).toBe('default');
  });

  it('takes edit=true out of the address when Discard leaves edit mode', async () => {
    fakeServer();
    const { router } = renderPage('/dashboard/1/?edit=true&standalone=1');
    await screen.findByTestId('dashboard-title');
    await waitFor(() => expect(screen.getByTestId('dashboard-page').dataset.editMode).toBe('true'));
    fireEvent.click(screen.getByTestId('dashboard-discard'));
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-page').dataset.editMode).toBe('false'),
    );
    expect(router.state.location.search).toBe('?standalone=1');
  });

  it('hides the title in standalone 2 and toasts a favourite-status failure', async () => {
    fakeServer({ favoriteFails: true });
    const { store } = renderPage('/dashboard/1/?standalone=2');
    await screen.findByTestId('dashboard-standalone');
    await waitFor(() => expect(screen.getAllByTestId('dashboard-chart')).toHaveLength(2));
    expect(screen.queryByTestId('dashboard-header')).toBeNull();
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.text)).toContain(FAVORITE_STATUS_ERROR),
    );
  });
});
