import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../../../app/api.ts';
import { chartWriteAnswer, dashboardItemAnswer } from '../../../../test/answers.ts';
import { ADMIN, renderWithApp, testUser } from '../../../../test/render.tsx';
import { DashboardPage } from '../../DashboardPage.tsx';

const layout = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2'], meta: {} },
  // Cached names from when the charts were placed; the second was renamed on the dashboard.
  'CHART-1': {
    id: 'CHART-1',
    type: 'CHART',
    children: [],
    meta: { chartId: 5, width: 6, height: 40, sliceName: 'Old cached name' },
  },
  'CHART-2': {
    id: 'CHART-2',
    type: 'CHART',
    children: [],
    meta: {
      chartId: 6,
      width: 6,
      height: 40,
      sliceName: 'Old cached name',
      sliceNameOverride: 'Named on the dashboard',
    },
  },
};

const DESCRIPTION =
  'Delays by **engine** type, see [docs](https://example.com/docs).\n\n<script>window.__described = 1</script>';

const chart = (id: number, name: string, description: string | null) => ({
  id,
  uuid: `u-${id}`,
  slice_name: name,
  slice_url: `/explore/?slice_id=${id}`,
  viz_type: 'big_number_total',
  form_data: { datasource: '1__table', viz_type: 'big_number_total', metric: 'count' },
  description,
  description_markdown: description ?? '',
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

function fakeServer() {
  const puts: unknown[] = [];
  api.configure({
    fetch: async (input, init) => {
      const path = String(input).split('?')[0];
      const method = init?.method ?? 'GET';
      if (path === '/api/v1/security/csrf_token/') return Response.json({ result: 't' });
      if (path === '/api/v1/dashboard/favorite_status/') {
        return Response.json({ result: [{ id: 1, value: false }] });
      }
      if (path === '/api/v1/dashboard/1') {
        return Response.json(
          dashboardItemAnswer({
            id: 1,
            dashboard_title: 'Flights',
            slug: null,
            url: '/superset/dashboard/1/',
            published: true,
            css: '',
            json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
            position_json: JSON.stringify(layout),
            owners: [{ id: 1, first_name: 'A', last_name: 'B' }],
            roles: [],
            certified_by: null,
            certification_details: null,
            changed_on: '2024-01-01T00:00:00',
            changed_by_name: 'A B',
          }),
        );
      }
      if (path === '/api/v1/dashboard/1/charts') {
        return Response.json({
          result: [chart(5, 'Flight delays', DESCRIPTION), chart(6, 'Its own name', null)],
        });
      }
      if (path === '/api/v1/dashboard/1/datasets') return Response.json({ result: [] });
      if (path === '/api/v1/chart/5' && method === 'PUT') {
        puts.push(JSON.parse(String(init?.body)));
        return Response.json(chartWriteAnswer(5));
      }
      if (path === '/api/v1/chart/data/batch') {
        return Response.json({ message: 'Not found' }, { status: 404 });
      }
      if (path === '/api/v1/chart/data') {
        return Response.json({
          result: [{ data: [{ count: 42 }], colnames: ['count'], coltypes: [0], rowcount: 1 }],
        });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    },
  });
  return puts;
}

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

const holder = (chartId: number) =>
  screen
    .getAllByTestId('dashboard-chart')
    .find((el) => el.dataset.chartId === String(chartId)) as HTMLElement;

describe('a chart on the dashboard', () => {
  it('is titled by its dashboard name, else its own name, never the cached copy', async () => {
    fakeServer();
    renderWithApp(
      <Routes>
        <Route path="/dashboard/:idOrSlug" element={<DashboardPage />} />
      </Routes>,
      { user: { ...testUser(ADMIN, 'admin'), userId: 1 }, path: '/dashboard/1/' },
    );
    await screen.findByTestId('dashboard-title');
    await waitFor(() =>
      expect(within(holder(5)).getByTestId('chart-title').textContent).toBe('Flight delays'),
    );
    expect(within(holder(6)).getByTestId('chart-title').textContent).toBe('Named on the dashboard');
  });

  it('shows its description as sanitised markdown, and a properties edit at once', async () => {
    const puts = fakeServer();
    renderWithApp(
      <Routes>
        <Route path="/dashboard/:idOrSlug" element={<DashboardPage />} />
      </Routes>,
      { user: { ...testUser(ADMIN, 'admin'), userId: 1 }, path: '/dashboard/1/' },
    );
    await screen.findByTestId('dashboard-title');
    const toggle = await within(holder(5)).findByTestId('chart-description-toggle');
    fireEvent.click(toggle);
    const shown = await within(holder(5)).findByTestId('chart-description');
    expect(shown.querySelector('strong')?.textContent).toBe('engine');
    expect(shown.querySelector('a')?.getAttribute('href')).toBe('https://example.com/docs');
    expect(shown.innerHTML).not.toContain('script');
    expect((window as unknown as { __described?: number }).__described).toBeUndefined();

    fireEvent.click(within(holder(5)).getByTestId('chart-menu'));
    fireEvent.click(await screen.findByTestId('chart-menu-edit-properties'));
    // The modals' code loads on first use, which takes a while in a busy test run.
    const modal = await screen.findByTestId('chart-properties-modal', {}, { timeout: 30_000 });
    fireEvent.change(within(modal).getByTestId('chart-properties-name'), {
      target: { value: 'Renamed delays' },
    });
    fireEvent.change(within(modal).getByTestId('chart-properties-description'), {
      target: { value: 'Now in _italics_' },
    });
    fireEvent.click(screen.getByTestId('chart-properties-save'));
    await waitFor(() =>
      expect(within(holder(5)).getByTestId('chart-title').textContent).toBe('Renamed delays'),
    );
    expect(puts).toEqual([expect.objectContaining({ slice_name: 'Renamed delays' })]);
    expect(
      within(holder(5)).getByTestId('chart-description').querySelector('em')?.textContent,
    ).toBe('italics');
  }, 60_000);
});
