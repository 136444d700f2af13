import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../app/api.ts';
import { ADMIN, GAMMA, renderWithApp, testUser } from '../../test/render.tsx';
import { QueryHistoryPage } from './QueryHistoryPage.tsx';
import { historyFilters } from './queryHistoryApi.ts';

const ROW = {
  id: 42,
  changed_on: '2024-05-01T10:00:00',
  database: { database_name: 'examples' },
  executed_sql: 'SELECT * FROM cars LIMIT 1001',
  rows: 406,
  catalog: null,
  schema: 'main',
  sql: 'SELECT *\nFROM cars',
  sql_tables: [{ table: 'cars', schema: 'main', catalog: null }],
  status: 'success',
  tab_name: 'Untitled Query 1',
  user: { id: 1, first_name: 'Ada', last_name: 'Admin' },
  start_time: 1_714_557_600_000,
  end_time: 1_714_557_600_250,
  tmp_table_name: null,
  tracking_url: null,
};

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('query history filters', () => {
  it('searches SQL and filters by database, state and user as rison filters', () => {
    expect(historyFilters('cars', { databaseId: 2, status: 'failed', userId: 5 })).toEqual([
      { col: 'sql', opr: 'ct', value: 'cars' },
      { col: 'database', opr: 'rel_o_m', value: 2 },
      { col: 'status', opr: 'eq', value: 'failed' },
      { col: 'user', opr: 'rel_o_m', value: 5 },
    ]);
    expect(historyFilters('', {})).toEqual([]);
  });
});

describe('query history page', () => {
  it('lists runs and opens one in SQL Lab', async () => {
    const queries: string[] = [];
    api.configure({
      fetch: async (input) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/v1/query/') {
          queries.push(url.searchParams.get('q') ?? '');
          return Response.json({
            count: 1,
            ids: [42],
            result: [ROW],
            list_columns: [],
            label_columns: {},
            description_columns: {},
            order_columns: [],
            list_title: 'List Query',
          });
        }
        if (url.pathname === '/api/v1/database/') {
          return Response.json({
            count: 1,
            ids: [1],
            result: [{ id: 1, database_name: 'examples' }],
          });
        }
        return Response.json({ count: 0, ids: [], result: [] });
      },
    });
    const { router } = renderWithApp(<QueryHistoryPage />, {
      user: testUser(ADMIN, 'admin'),
      path: '/sqllab/history/',
    });
    expect(await screen.findByText('Untitled Query 1')).toBeTruthy();
    expect(screen.getByTestId('history-state').textContent).toBe('Success');
    expect(queries[0]).toContain('order_column:start_time');
    fireEvent.click(screen.getByTestId('history-open'));
    await waitFor(() => expect(router.state.location.search).toBe('?queryId=42'));
    expect(router.state.location.pathname).toBe('/sqllab/');
  }, 60_000);

  it('refuses users without the query history permission', async () => {
    renderWithApp(<QueryHistoryPage />, { user: testUser(GAMMA, 'gamma') });
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });
});
