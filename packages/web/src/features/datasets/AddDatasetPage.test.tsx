import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderWithApp, testUser } from '../../test/render.tsx';
import { AddDatasetPage } from './AddDatasetPage.tsx';
import { type FakeRoute, fakeServer } from './testing.ts';

afterEach(() => vi.unstubAllGlobals());

// Database, then schemas, then tables load one after the other.
const SLOW = { timeout: 15_000 };

const METADATA = {
  name: 'cars',
  schema: 'main',
  catalog: null,
  type: 'table',
  columns: [
    {
      name: 'name',
      type: 'VARCHAR',
      longType: 'VARCHAR',
      type_generic: 1,
      nullable: true,
      default: null,
      keys: [],
      comment: null,
    },
    {
      name: 'year',
      type: 'DATE',
      longType: 'DATE',
      type_generic: 2,
      nullable: true,
      default: null,
      keys: [],
      comment: null,
    },
  ],
  selectStar: 'SELECT * FROM main.cars',
  primaryKey: null,
  foreignKeys: [],
  indexes: [],
  comment: null,
};

function routes(
  existing: Array<{ id: number; table_name: string }>,
  create: FakeRoute[2],
): FakeRoute[] {
  return [
    [
      'GET',
      /^\/api\/v1\/database\/$/,
      { body: { count: 1, ids: [1], result: [{ id: 1, database_name: 'examples' }] } },
    ],
    ['GET', /^\/api\/v1\/database\/1\/schemas\/$/, { body: { result: ['main'] } }],
    [
      'GET',
      /^\/api\/v1\/database\/1\/tables\/$/,
      {
        body: {
          count: 2,
          result: [
            { value: 'cars', type: 'table' },
            { value: 'stocks', type: 'table' },
          ],
        },
      },
    ],
    ['GET', /^\/api\/v1\/database\/1\/table_metadata\/$/, { body: METADATA }],
    [
      'GET',
      /^\/api\/v1\/dataset\/$/,
      {
        body: {
          count: existing.length,
          ids: existing.map((e) => e.id),
          result: existing.map((e) => ({ ...e, kind: 'physical' })),
        },
      },
    ],
    ['POST', /^\/api\/v1\/dataset\/$/, create],
  ];
}

describe('new dataset flow', { timeout: 60_000 }, () => {
  it('picks the only database and its main schema, previews a table and creates the dataset', async () => {
    const server = fakeServer(
      routes([], { status: 201, body: { id: 42, result: { table_name: 'cars' } } }),
    );
    const { router, store } = renderWithApp(<AddDatasetPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/dataset/add/',
    });
    const item = await screen.findByText('cars', {}, SLOW);
    fireEvent.click(item);
    const columns = await screen.findAllByTestId('add-preview-column');
    expect(columns.map((c) => c.textContent)).toEqual(['name', 'year']);
    fireEvent.click(screen.getByTestId('add-create'));
    await waitFor(() => expect(router.state.location.search).toBe('?edit=42'));
    expect(router.state.location.pathname).toBe('/tablemodelview/list/');
    expect(server.made('POST', /^\/api\/v1\/dataset\/$/)[0]?.body).toEqual({
      database: 1,
      catalog: null,
      schema: 'main',
      table_name: 'cars',
    });
    expect(store.getState().toasts.map((t) => t.text)).toContain(
      'Dataset cars created: describe its columns and metrics',
    );
  });

  it('shows the server’s refusal inline and stays on the page', async () => {
    fakeServer(
      routes([], {
        status: 422,
        body: { message: { table_name: ['Dataset cars already exists'] } },
      }),
    );
    const { router } = renderWithApp(<AddDatasetPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/dataset/add/',
    });
    fireEvent.click(await screen.findByText('cars', {}, SLOW));
    await screen.findAllByTestId('add-preview-column');
    fireEvent.click(screen.getByTestId('add-create'));
    const error = await screen.findByTestId('dataset-create-error');
    expect(error.textContent).toContain('Dataset cars already exists');
    expect(router.state.location.pathname).toBe('/dataset/add/');
  });

  it('marks a table that already has a dataset and links to it instead of creating another', async () => {
    fakeServer(
      routes([{ id: 5, table_name: 'cars' }], {
        status: 201,
        body: { id: 1, result: { table_name: 'cars' } },
      }),
    );
    renderWithApp(<AddDatasetPage />, { user: testUser(ADMIN, 'admin'), path: '/dataset/add/' });
    fireEvent.click(await screen.findByText('cars', {}, SLOW));
    expect(await screen.findByTestId('add-existing-dataset')).toBeTruthy();
    expect(screen.getByTestId('add-existing-link').getAttribute('href')).toBe(
      '/tablemodelview/list/?edit=5',
    );
    expect(screen.getByTestId('add-create').hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByTestId('add-table-has-dataset')).toHaveLength(1);
  });
});
