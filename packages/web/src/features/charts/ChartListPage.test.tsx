import type { ChartListRow } from '@tessera/shared/api/charts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartWriteAnswer } from '../../test/answers.ts';
import { ADMIN, renderWithApp, testUser } from '../../test/render.tsx';
import { type FakeRoute, fakeServer } from '../datasets/testing.ts';
import { ChartListPage, STAR_ERROR_MESSAGE } from './ChartListPage.tsx';

afterEach(() => vi.unstubAllGlobals());

function chartRow(id: number, name: string): ChartListRow {
  const sam = { id: 7, first_name: 'Sam', last_name: 'Tester' };
  return {
    id,
    uuid: `c-${id}`,
    slice_name: name,
    url: `/explore/?slice_id=${id}`,
    viz_type: 'table',
    params: null,
    description: null,
    cache_timeout: null,
    datasource_id: 1,
    datasource_type: 'table',
    datasource_name_text: 'main.cars',
    datasource_url: null,
    certified_by: null,
    certification_details: null,
    changed_on_delta_humanized: '2 days ago',
    changed_on_utc: '2026-01-05T10:00:00.000Z',
    changed_by: sam,
    changed_by_name: 'Sam Tester',
    created_by: sam,
    created_on_delta_humanized: '2 days ago',
    owners: [sam],
    dashboards: [],
    last_saved_at: null,
    last_saved_by: null,
    thumbnail_url: '',
    is_managed_externally: false,
    tags: [],
  };
}

const ROWS = [chartRow(1, 'Sales'), chartRow(2, 'Flights')];
const LIST: FakeRoute = [
  'GET',
  /^\/api\/v1\/chart\/$/,
  { body: { count: 2, ids: [1, 2], result: ROWS } },
];
const STATUS: FakeRoute = [
  'GET',
  /^\/api\/v1\/chart\/favorite_status\/$/,
  {
    body: {
      result: [
        { id: 1, value: false },
        { id: 2, value: true },
      ],
    },
  },
];

function renderPage() {
  return renderWithApp(<ChartListPage />, { user: testUser(ADMIN, 'admin'), path: '/chart/list/' });
}

const stars = () => screen.getAllByTestId('chart-star');
const starred = () => stars().map((star) => star.getAttribute('data-starred'));

// antd under jsdom renders slowly on a busy two-core machine.
describe('chart list page', { timeout: 60_000 }, () => {
  it('shows the stars, stars a chart with POST and unstars one with DELETE', async () => {
    const server = fakeServer([
      LIST,
      STATUS,
      ['POST', /^\/api\/v1\/chart\/1\/favorites\/$/, { body: { result: 'OK' } }],
      ['DELETE', /^\/api\/v1\/chart\/2\/favorites\/$/, { body: { result: 'OK' } }],
    ]);
    renderPage();
    await waitFor(() => expect(starred()).toEqual(['false', 'true']));
    expect(server.made('GET', /favorite_status/)[0]?.q).toEqual([1, 2]);
    fireEvent.click(stars()[0] as HTMLElement);
    fireEvent.click(stars()[1] as HTMLElement);
    await waitFor(() => expect(server.made('DELETE', /favorites\/$/)).toHaveLength(1));
    expect(server.made('POST', /^\/api\/v1\/chart\/1\/favorites\/$/)).toHaveLength(1);
    expect(starred()).toEqual(['true', 'false']);
  });

  it('puts the star back with the spec’s toast when starring fails', async () => {
    fakeServer([
      LIST,
      STATUS,
      ['POST', /^\/api\/v1\/chart\/1\/favorites\/$/, { status: 500, body: { message: 'Boom' } }],
    ]);
    const { store } = renderPage();
    await waitFor(() => expect(starred()).toEqual(['false', 'true']));
    fireEvent.click(stars()[0] as HTMLElement);
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => [t.toastType, t.text])).toEqual([
        ['danger', STAR_ERROR_MESSAGE],
      ]),
    );
    expect(STAR_ERROR_MESSAGE).toBe('An error occurred while starring this chart');
    expect(starred()).toEqual(['false', 'true']);
  });

  it('opens the properties dialog from the pencil, saves it and reloads the list', async () => {
    const sam = { id: 7, first_name: 'Sam', last_name: 'Tester' };
    const server = fakeServer([
      LIST,
      STATUS,
      [
        'GET',
        /^\/api\/v1\/chart\/1$/,
        {
          body: {
            id: 1,
            result: {
              id: 1,
              uuid: 'c-1',
              slice_name: 'Sales',
              viz_type: 'table',
              params: null,
              query_context: null,
              description: null,
              cache_timeout: null,
              certified_by: null,
              certification_details: null,
              datasource_id: 1,
              datasource_type: 'table',
              owners: [sam],
              dashboards: [],
              tags: [],
              changed_on_delta_humanized: '2 days ago',
              url: '/explore/?slice_id=1',
              thumbnail_url: '',
              is_managed_externally: false,
            },
          },
        },
      ],
      ['GET', /^\/api\/v1\/chart\/related\/owners$/, { body: { count: 0, result: [] } }],
      [
        'PUT',
        /^\/api\/v1\/chart\/1$/,
        { body: chartWriteAnswer(1, { slice_name: 'Sales 2026', owners: [7] }) },
      ],
    ]);
    const { store, router } = renderPage();
    await screen.findAllByTestId('chart-row-name');
    fireEvent.click(screen.getAllByTestId('chart-edit')[0] as HTMLElement);
    // The dialog is loaded lazily, then reads the chart.
    const name = (await screen.findByTestId(
      'properties-name',
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Sales'));
    // The pencil opens the dialog in place, as Superset's list does, not Explore.
    expect(router.state.location.pathname).toBe('/chart/list/');
    fireEvent.change(name, { target: { value: 'Sales 2026' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('properties-save'));
    });
    await waitFor(() => expect(server.made('PUT', /^\/api\/v1\/chart\/1$/)).toHaveLength(1));
    expect(server.made('PUT', /^\/api\/v1\/chart\/1$/)[0]?.body).toMatchObject({
      slice_name: 'Sales 2026',
    });
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.text)).toContain('Chart properties updated'),
    );
    await waitFor(() => expect(server.made('GET', /^\/api\/v1\/chart\/$/)).toHaveLength(2));
  });

  it('deletes one chart after asking by name and says so', async () => {
    const server = fakeServer([
      LIST,
      STATUS,
      ['DELETE', /^\/api\/v1\/chart\/1$/, { body: { message: 'OK' } }],
    ]);
    const { store } = renderPage();
    await screen.findAllByTestId('chart-row-name');
    fireEvent.click(screen.getAllByTestId('chart-delete')[0] as HTMLElement);
    expect((await screen.findAllByText('Delete chart "Sales"?')).length).toBeGreaterThan(0);
    expect(screen.getByText('Dashboards that show these charts lose them.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-delete'));
    });
    await waitFor(() => expect(server.made('DELETE', /^\/api\/v1\/chart\/1$/)).toHaveLength(1));
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.text)).toContain('Deleted: Sales'),
    );
    // The list is read again after the delete.
    await waitFor(() => expect(server.made('GET', /^\/api\/v1\/chart\/$/)).toHaveLength(2));
  });

  it('deletes the selected charts in one call and reports a refusal', async () => {
    const server = fakeServer([
      LIST,
      STATUS,
      [
        'DELETE',
        /^\/api\/v1\/chart\/$/,
        { status: 422, body: { message: 'Chart 2 is used by a report' } },
      ],
    ]);
    const { store } = renderPage();
    await screen.findAllByTestId('chart-row-name');
    fireEvent.click(screen.getByTestId('chart-bulk-toggle'));
    for (const box of await screen.findAllByTestId('chart-select')) fireEvent.click(box);
    expect(screen.getByTestId('chart-bulk-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('chart-bulk-delete'));
    expect((await screen.findAllByText('Delete 2 charts?')).length).toBeGreaterThan(0);
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-delete'));
    });
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.text)).toEqual([
        'There was an issue deleting the selected charts: Chart 2 is used by a report',
      ]),
    );
    expect(server.made('DELETE', /^\/api\/v1\/chart\/$/)[0]?.q).toEqual([1, 2]);
    expect(screen.getByTestId('chart-bulk-count').textContent).toBe('2 selected');
  });
});
