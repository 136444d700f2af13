import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../app/api.ts';
import { ADMIN, renderWithApp, testUser } from '../../test/render.tsx';
import { SavedQueriesPage } from './SavedQueriesPage.tsx';
import { savedQueryFilters } from './savedQueriesApi.ts';

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

const ROW = {
  id: 7,
  label: 'Top cars',
  description: 'The fastest ones',
  sql: 'SELECT * FROM cars ORDER BY horsepower DESC',
  schema: 'main',
  catalog: null,
  database: { id: 1, database_name: 'examples' },
  changed_on_delta_humanized: 'a minute ago',
  last_run_delta_humanized: null,
  rows: null,
};

describe('saved query filters', () => {
  it('searches name, description and SQL with all_text and filters by database', () => {
    expect(savedQueryFilters('cars', 3)).toEqual([
      { col: 'label', opr: 'all_text', value: 'cars' },
      { col: 'database', opr: 'rel_o_m', value: 3 },
    ]);
  });
});

describe('saved queries page', () => {
  it('previews the SQL and deletes a saved query after confirmation', async () => {
    let rows = [ROW];
    const deleted: string[] = [];
    api.configure({
      fetch: async (input, init = {}) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/v1/security/csrf_token/') return Response.json({ result: 't' });
        if (init.method === 'DELETE') {
          deleted.push(url.pathname);
          rows = [];
          return Response.json({ message: 'OK' });
        }
        if (url.pathname === '/api/v1/saved_query/') {
          return Response.json({ count: rows.length, ids: rows.map((r) => r.id), result: rows });
        }
        return Response.json({ count: 0, result: [] });
      },
    });
    renderWithApp(<SavedQueriesPage />, { user: testUser(ADMIN, 'admin') });
    expect(await screen.findByText('Top cars')).toBeTruthy();

    fireEvent.click(screen.getByTestId('saved-query-preview-button'));
    expect((await screen.findByTestId('saved-query-preview-sql')).textContent).toBe(ROW.sql);

    fireEvent.click(screen.getByTestId('saved-query-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(deleted).toEqual(['/api/v1/saved_query/7']));
    expect(await screen.findByTestId('saved-query-empty')).toBeTruthy();
  }, 60_000);
});
