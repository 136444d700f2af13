import type { DashboardListRow } from '@tessera/shared/api/dashboards';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderWithApp, testUser } from '../../test/render.tsx';
import { type FakeRoute, fakeServer } from '../datasets/testing.ts';
import { DashboardListPage } from './DashboardListPage.tsx';

afterEach(() => vi.unstubAllGlobals());

function dashboardRow(id: number, title: string): DashboardListRow {
  const sam = { id: 7, first_name: 'Sam', last_name: 'Tester' };
  return {
    id,
    uuid: `d-${id}`,
    dashboard_title: title,
    slug: null,
    url: `/superset/dashboard/${id}/`,
    published: true,
    status: 'published',
    certified_by: null,
    certification_details: null,
    changed_by: sam,
    changed_by_name: 'Sam Tester',
    changed_on_delta_humanized: '2 days ago',
    changed_on_utc: '2026-01-05T10:00:00.000Z',
    created_by: sam,
    created_on_delta_humanized: '2 days ago',
    owners: [sam],
    roles: [],
    tags: [],
    thumbnail_url: null,
    is_managed_externally: false,
  };
}

const LIST: FakeRoute = [
  'GET',
  /^\/api\/v1\/dashboard\/$/,
  {
    body: { count: 2, ids: [1, 2], result: [dashboardRow(1, 'Sales'), dashboardRow(2, 'Ops')] },
  },
];
const STATUS: FakeRoute = [
  'GET',
  /^\/api\/v1\/dashboard\/favorite_status\/$/,
  {
    body: {
      result: [
        { id: 1, value: true },
        { id: 2, value: false },
      ],
    },
  },
];

function renderPage() {
  return renderWithApp(<DashboardListPage />, {
    user: testUser(ADMIN, 'admin'),
    path: '/dashboard/list/',
  });
}

const stars = () => screen.getAllByTestId('dashboard-row-star');
const starred = () => stars().map((star) => star.getAttribute('data-starred'));
const toastTexts = (store: ReturnType<typeof renderPage>['store']) =>
  store.getState().toasts.map((t) => t.text);

// antd under jsdom renders slowly on a busy two-core machine.
describe('dashboard list page', { timeout: 60_000 }, () => {
  it('unstars a dashboard and puts the star back with a toast when the server refuses', async () => {
    const server = fakeServer([
      LIST,
      STATUS,
      ['DELETE', /^\/api\/v1\/dashboard\/1\/favorites\/$/, { status: 500, body: {} }],
    ]);
    const { store } = renderPage();
    await waitFor(() => expect(starred()).toEqual(['true', 'false']));
    // Reading the stars does not make the list load again.
    expect(server.made('GET', /^\/api\/v1\/dashboard\/$/)).toHaveLength(1);
    fireEvent.click(stars()[0] as HTMLElement);
    await waitFor(() =>
      expect(toastTexts(store)).toEqual(['There was an issue favoriting this dashboard.']),
    );
    expect(server.made('DELETE', /favorites\/$/)).toHaveLength(1);
    expect(starred()).toEqual(['true', 'false']);
  });

  it('says so when the favourite status cannot be read', async () => {
    fakeServer([
      LIST,
      ['GET', /^\/api\/v1\/dashboard\/favorite_status\/$/, { status: 500, body: {} }],
    ]);
    const { store } = renderPage();
    await waitFor(() =>
      expect(toastTexts(store)).toEqual([
        'There was an issue fetching the favorite status of this dashboard.',
      ]),
    );
    expect(starred()).toEqual(['false', 'false']);
  });

  it('deletes the selected dashboards in one call, with the server’s message', async () => {
    const server = fakeServer([
      LIST,
      STATUS,
      ['DELETE', /^\/api\/v1\/dashboard\/$/, { body: { message: 'Deleted 2 dashboards' } }],
    ]);
    const { store } = renderPage();
    await screen.findAllByTestId('dashboard-row-name');
    fireEvent.click(screen.getByTestId('dashboard-bulk-toggle'));
    for (const box of await screen.findAllByTestId('dashboard-select')) fireEvent.click(box);
    expect(screen.getByTestId('dashboard-bulk-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('dashboard-bulk-delete'));
    expect((await screen.findAllByText('Delete 2 dashboards?')).length).toBeGreaterThan(0);
    expect(screen.getByText('The charts stay; only the dashboards go.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-delete'));
    });
    await waitFor(() => expect(toastTexts(store)).toEqual(['Deleted 2 dashboards']));
    expect(server.made('DELETE', /^\/api\/v1\/dashboard\/$/)[0]?.q).toEqual([1, 2]);
    expect(screen.getByTestId('dashboard-bulk-count').textContent).toBe('0 selected');
  });

  it('edits a dashboard’s properties from its row and lists it again once saved', async () => {
    const row = dashboardRow(1, 'Sales');
    const server = fakeServer([
      LIST,
      STATUS,
      ['GET', /^\/api\/v1\/dashboard\/related\//, { body: { count: 0, result: [] } }],
      [
        'GET',
        /^\/api\/v1\/dashboard\/1$/,
        {
          body: {
            id: 1,
            result: {
              ...row,
              css: '.x{}',
              json_metadata: JSON.stringify({ color_scheme: 'bnbColors', refresh_frequency: 0 }),
              position_json: null,
              description: null,
              changed_on: row.changed_on_utc,
              changed_on_humanized: '',
              charts: [],
              external_url: null,
            },
          },
        },
      ],
      ['PUT', /^\/api\/v1\/dashboard\/1$/, { body: { id: 1, result: { slug: 'q3-sales' } } }],
    ]);
    const { store } = renderPage();
    await screen.findAllByTestId('dashboard-row-name');
    fireEvent.click(screen.getAllByTestId('dashboard-row-edit')[0] as HTMLElement);
    const name = await screen.findByTestId('dashboard-properties-title', {}, { timeout: 5000 });
    expect((name as HTMLInputElement).value).toBe('Sales');
    fireEvent.change(screen.getByTestId('dashboard-properties-slug'), {
      target: { value: 'q3 sales' },
    });
    fireEvent.click(screen.getByTestId('dashboard-properties-save'));
    await waitFor(() => expect(toastTexts(store)).toEqual(['The dashboard has been saved']));
    const put = server.made('PUT', /dashboard\/1$/)[0]?.body as Record<string, unknown>;
    expect(put).toMatchObject({
      dashboard_title: 'Sales',
      slug: 'q3 sales',
      css: '.x{}',
      owners: [7],
    });
    expect(JSON.parse(put.json_metadata as string).color_scheme).toBe('bnbColors');
    await waitFor(() => expect(server.made('GET', /^\/api\/v1\/dashboard\/$/)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('dashboard-properties-title')).toBeNull());
  });

  it('offers the edit action disabled on dashboards the user does not own', async () => {
    fakeServer([LIST, STATUS]);
    renderWithApp(<DashboardListPage />, {
      user: {
        ...testUser({
          Alpha: [
            ['can_read', 'Dashboard'],
            ['can_write', 'Dashboard'],
          ],
        }),
        userId: 99,
      },
      path: '/dashboard/list/',
    });
    const edits = await screen.findAllByTestId('dashboard-row-edit');
    expect(edits.map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true]);
  });

  it('asks about one dashboard by its title and deletes nothing when cancelled', async () => {
    const server = fakeServer([LIST, STATUS]);
    renderPage();
    await screen.findAllByTestId('dashboard-row-name');
    fireEvent.click(screen.getAllByTestId('dashboard-delete')[1] as HTMLElement);
    expect((await screen.findAllByText('Delete dashboard "Ops"?')).length).toBeGreaterThan(0);
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-cancel'));
    });
    expect(server.made('DELETE', /^\/api\/v1\/dashboard\//)).toEqual([]);
  });
});
