import type { DatasetListItem } from '@tessera/shared/api/datasets';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { DatasetListPage } from './DatasetListPage.tsx';
import { type FakeRoute, fakeServer } from './testing.ts';

afterEach(() => vi.unstubAllGlobals());

function listItem(id: number, name: string, patch: Partial<DatasetListItem> = {}): DatasetListItem {
  return {
    id,
    uuid: `d-${id}`,
    table_name: name,
    kind: 'physical',
    datasource_type: 'table',
    database: { id: 1, database_name: 'examples', uuid: 'db-1' },
    catalog: null,
    schema: 'main',
    sql: null,
    description: null,
    default_endpoint: null,
    explore_url: `/explore/?datasource_type=table&datasource_id=${id}`,
    extra: null,
    owners: [{ id: 7, first_name: 'Sam', last_name: 'Tester' }],
    changed_by: null,
    changed_by_name: '',
    changed_on: '2026-01-05T10:00:00.000Z',
    changed_on_utc: '2026-01-05T10:00:00.000Z',
    changed_on_delta_humanized: '2 days ago',
    ...patch,
  };
}

const ROWS = [
  listItem(1, 'cars', {
    extra: JSON.stringify({
      certification: { certified_by: 'Data team' },
      warning_markdown: 'Old data',
    }),
  }),
  listItem(2, 'top_cars', { kind: 'virtual', sql: 'SELECT * FROM cars' }),
];

const lookups: FakeRoute[] = [
  [
    'GET',
    /^\/api\/v1\/database\/$/,
    { body: { count: 1, result: [{ id: 1, database_name: 'examples' }] } },
  ],
  [
    'GET',
    /^\/api\/v1\/dataset\/distinct\/schema$/,
    { body: { count: 1, result: [{ text: 'main', value: 'main' }] } },
  ],
  ['GET', /^\/api\/v1\/security\/users\/$/, { body: { count: 0, result: [] } }],
];

// antd under jsdom renders slowly on a busy two-core machine.
describe('dataset list page', { timeout: 60_000 }, () => {
  it('lists datasets with a virtual badge and certification and warning marks', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/v1\/dataset\/$/, { body: { count: 2, ids: [1, 2], result: ROWS } }],
      ...lookups,
    ]);
    renderWithApp(<DatasetListPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/tablemodelview/list/',
    });
    const names = await screen.findAllByTestId('dataset-row-name');
    expect(names.map((n) => n.textContent)).toEqual(['cars', 'top_cars']);
    expect(screen.getAllByTestId('dataset-virtual-badge')).toHaveLength(1);
    expect(screen.getByTestId('dataset-certified').getAttribute('aria-label')).toBe(
      'Certified by Data team',
    );
    expect(screen.getByTestId('dataset-warning')).toBeTruthy();
    // Duplicate is offered for the virtual dataset only, as in Superset.
    expect(screen.getAllByTestId('dataset-duplicate')).toHaveLength(1);
    expect(server.made('GET', /^\/api\/v1\/dataset\/$/)[0]?.q).toEqual({
      page: 0,
      page_size: 25,
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
    });
  });

  it('shows a reader without can_write no write actions', async () => {
    fakeServer([
      ['GET', /^\/api\/v1\/dataset\/$/, { body: { count: 2, ids: [1, 2], result: ROWS } }],
      ...lookups,
    ]);
    const reader = testUser({ Gamma: [...(GAMMA.Gamma ?? []), ['can_read', 'Dataset']] }, 'gamma');
    renderWithApp(<DatasetListPage />, { user: reader, path: '/tablemodelview/list/' });
    await screen.findAllByTestId('dataset-row-name');
    expect(screen.queryByTestId('dataset-add')).toBeNull();
    expect(screen.queryByTestId('dataset-edit')).toBeNull();
    expect(screen.queryByTestId('dataset-delete')).toBeNull();
    expect(screen.queryByTestId('dataset-bulk-toggle')).toBeNull();
  });

  it('refuses a user who may not read datasets', async () => {
    renderWithApp(<DatasetListPage />, {
      user: testUser(GAMMA, 'gamma'),
      path: '/tablemodelview/list/',
    });
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });

  it('filters by type with the dataset_is_null_or_empty operator', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/v1\/dataset\/$/, { body: { count: 2, ids: [1, 2], result: ROWS } }],
      ...lookups,
    ]);
    renderWithApp(<DatasetListPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/tablemodelview/list/',
    });
    await screen.findAllByTestId('dataset-row-name');
    const typeFilter = within(screen.getByTestId('dataset-filter-type')).getByRole('combobox');
    fireEvent.mouseDown(typeFilter);
    fireEvent.click(await screen.findByTitle('Virtual'));
    await waitFor(() =>
      expect(server.made('GET', /^\/api\/v1\/dataset\/$/).at(-1)?.q).toMatchObject({
        filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: false }],
      }),
    );
  });

  it('deletes the selected datasets in one call after confirmation', async () => {
    const server = fakeServer([
      ['GET', /^\/api\/v1\/dataset\/$/, { body: { count: 2, ids: [1, 2], result: ROWS } }],
      [
        'GET',
        /^\/api\/v1\/dataset\/\d+\/related_objects$/,
        {
          body: { charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] } },
        },
      ],
      ['DELETE', /^\/api\/v1\/dataset\/$/, { body: { message: 'Deleted 2 datasets' } }],
      ...lookups,
    ]);
    renderWithApp(<DatasetListPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/tablemodelview/list/',
    });
    await screen.findAllByTestId('dataset-row-name');
    fireEvent.click(screen.getByTestId('dataset-bulk-toggle'));
    const boxes = await screen.findAllByTestId('dataset-select');
    for (const box of boxes) fireEvent.click(box);
    expect(screen.getByTestId('dataset-bulk-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('dataset-bulk-delete'));
    expect((await screen.findAllByText('Delete 2 datasets?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(server.made('DELETE', /^\/api\/v1\/dataset\/$/)).toHaveLength(1));
    expect(server.made('DELETE', /^\/api\/v1\/dataset\/$/)[0]?.q).toEqual([1, 2]);
  });
});
