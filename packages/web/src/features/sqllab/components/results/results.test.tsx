import { ARROW_COLUMNS_METADATA_KEY, ARROW_STREAM_MEDIA_TYPE } from '@tessera/shared/api/sqllab';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Schema, Table, tableFromArrays, tableToIPC } from 'apache-arrow';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { api, createApiClient } from '../../../../app/api.ts';
import { ADMIN, renderWithApp, testUser } from '../../../../test/render.tsx';
import { SqlLabProvider } from '../../state/SqlLabProvider.tsx';
import { createSqlLabStore, defaultServices } from '../../state/store.ts';
import { makeQuery } from '../../state/thunks/queries.ts';
import type { Query } from '../../state/types.ts';
import { datasetBody } from './CreateDatasetModal.tsx';
import { formatDuration } from './duration.ts';
import { limitNotice } from './limitNotice.ts';
import { ResultSet } from './ResultSet.tsx';
import { fetchArrowResults } from './resultsApi.ts';

const COLUMNS = [
  { name: 'id', column_name: 'id', type: 'INTEGER', type_generic: 0, is_dttm: false },
  { name: 'name', column_name: 'name', type: 'VARCHAR', type_generic: 1, is_dttm: false },
];

/** An Arrow IPC stream as the server's results route answers it. */
function ipcOf(ids: number[]): ArrayBuffer {
  const base = tableFromArrays({
    id: Int32Array.from(ids),
    name: ids.map((id) => `name ${id}`),
  });
  const metadata = new Map([[ARROW_COLUMNS_METADATA_KEY, JSON.stringify(COLUMNS)]]);
  const bytes = tableToIPC(
    new Table(new Schema(base.schema.fields, metadata), base.batches),
    'stream',
  );
  return bytes.slice().buffer as ArrayBuffer;
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Answers the app's API client from `handler` for one test. */
function serve(handler: Handler) {
  const calls: { url: URL; init: RequestInit }[] = [];
  api.configure({
    fetch: async (input, init = {}) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, init });
      return handler(url, init);
    },
  });
  return calls;
}

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

function renderResult(query: Query | null, wrapper?: (ui: ReactNode) => ReactNode) {
  const store = createSqlLabStore(defaultServices());
  const ui = (
    <SqlLabProvider store={store}>
      <div style={{ height: 500 }}>
        <ResultSet query={query} />
      </div>
    </SqlLabProvider>
  );
  return renderWithApp(wrapper ? wrapper(ui) : ui, { user: testUser(ADMIN, 'admin') });
}

function finished(fields: Partial<Query>): Query {
  return makeQuery({
    dbId: 1,
    sql: 'SELECT id, name FROM people',
    tab: 'Untitled Query 1',
    startDttm: 1_000,
    endDttm: 2_500,
    progress: 100,
    state: 'success',
    ...fields,
  });
}

describe('limit notice', () => {
  const query = { rows: 1000, queryLimit: 1000, limitingFactor: 'DROPDOWN' };
  it('names what limited the rows, as Superset words it', () => {
    expect(limitNotice({ ...query, limitingFactor: 'QUERY' })).toBe(
      'The number of rows displayed is limited to 1,000 by the query',
    );
    expect(limitNotice(query)).toBe(
      'The number of rows displayed is limited to 1,000 by the limit dropdown.',
    );
    expect(limitNotice(query, { defaultQueryLimit: 1000 })).toBe(
      'The number of rows displayed is limited to 1,000 by the dropdown.',
    );
    expect(limitNotice({ ...query, limitingFactor: 'QUERY_AND_DROPDOWN' })).toBe(
      'The number of rows displayed is limited to 1,000 by the query and limit dropdown.',
    );
  });

  it('says a table preview shows its first rows, not which dropdown limited them', () => {
    expect(
      limitNotice({
        rows: 100,
        queryLimit: 100,
        limitingFactor: 'QUERY_AND_DROPDOWN',
        isDataPreview: true,
      }),
    ).toBe('The preview shows the first 100 rows.');
  });

  it('says when the display was capped and stays quiet when nothing limited the rows', () => {
    const open = { rows: 50_000, queryLimit: 100_000, limitingFactor: 'NOT_LIMITED' };
    expect(limitNotice(open)).toBeNull();
    expect(limitNotice(open, { displayLimitReached: true, shownRows: 10_000 })).toBe(
      'The number of results displayed is limited to 10,000.',
    );
  });
});

describe('durations', () => {
  it('reads naturally from milliseconds to hours', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_345)).toBe('12.35 s');
    expect(formatDuration(185_200)).toBe('3:05.2');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});

describe('Arrow results', () => {
  it('asks for the Arrow stream and reads rows, columns and the display-limit header', async () => {
    const seen: { url: string; accept: string }[] = [];
    const client = createApiClient({
      fetch: async (input, init = {}) => {
        seen.push({
          url: String(input),
          accept: (init.headers as Record<string, string>).Accept,
        });
        return new Response(ipcOf([1, 2, 3]), {
          headers: {
            'content-type': ARROW_STREAM_MEDIA_TYPE,
            'x-tessera-rows': '3',
            'x-tessera-display-limit-reached': 'true',
          },
        });
      },
    });
    const answer = await fetchArrowResults('abc', { rows: 3 }, client);
    expect(seen[0].accept).toBe(ARROW_STREAM_MEDIA_TYPE);
    expect(decodeURIComponent(seen[0].url)).toBe('/api/v1/sqllab/results/?q=(key:abc,rows:3)');
    expect(answer.table.numRows).toBe(3);
    expect(answer.columns.map((c) => c.type)).toEqual(['INTEGER', 'VARCHAR']);
    expect(answer.displayLimitReached).toBe(true);
  });

  it('turns a failed fetch into the server message (410: results expired)', async () => {
    const client = createApiClient({
      fetch: async () =>
        new Response(JSON.stringify({ message: 'Data could not be retrieved' }), {
          status: 410,
          headers: { 'content-type': 'application/json' },
        }),
    });
    await expect(fetchArrowResults('gone', {}, client)).rejects.toThrow(
      'Data could not be retrieved',
    );
  });
});

describe('results pane', () => {
  it('invites a first run when the tab has none', () => {
    renderResult(null);
    expect(screen.getByTestId('sqllab-results-empty')).toBeTruthy();
  });

  it('shows progress and a ticking elapsed time while the query runs', () => {
    renderResult(
      makeQuery({
        dbId: 1,
        sql: 'SELECT 1',
        state: 'running',
        progress: 40,
        startDttm: Date.now(),
      }),
    );
    expect(screen.getByTestId('sqllab-progress').textContent).toContain('40%');
    expect(screen.getByText('Running query…')).toBeTruthy();
    expect(screen.getByTestId('sqllab-elapsed').textContent).toMatch(/ms|s/);
  });

  it('says the query was stopped', () => {
    renderResult(finished({ state: 'stopped' }));
    expect(screen.getByTestId('sqllab-query-stopped').textContent).toContain('Query was stopped.');
  });

  it('shows the database error with its issue codes and link', () => {
    renderResult(
      finished({
        state: 'failed',
        errorMessage: 'Table "nope" does not exist',
        link: 'https://example.com/help',
        errors: [
          {
            message: 'Table "nope" does not exist',
            error_type: 'TABLE_DOES_NOT_EXIST_ERROR',
            level: 'error',
            extra: {
              issue_codes: [{ code: 1003, message: 'Issue 1003 - There is a syntax error.' }],
            },
          },
        ],
      }),
    );
    const error = screen.getByTestId('sqllab-query-error');
    expect(error.textContent).toContain('Table "nope" does not exist');
    expect(error.textContent).toContain('Issue 1003 - There is a syntax error.');
    expect(error.textContent).toContain('TABLE_DOES_NOT_EXIST_ERROR');
    expect(screen.getByText('See more').getAttribute('href')).toBe('https://example.com/help');
  });

  it('shows JSON rows already in the workspace with the row count and the limit notice', () => {
    renderResult(
      finished({
        rows: 2,
        limitingFactor: 'QUERY',
        results: {
          columns: COLUMNS,
          selected_columns: COLUMNS,
          expanded_columns: [],
          data: [
            { id: 1, name: 'Ada' },
            { id: 2, name: null },
          ],
          status: 'success',
        },
      }),
    );
    expect(screen.getByTestId('sqllab-results').getAttribute('data-source')).toBe('json');
    expect(screen.getByTestId('sqllab-row-count').textContent).toContain('2 rows');
    expect(screen.getByTestId('sqllab-limit-notice').textContent).toBe(
      'The number of rows displayed is limited to 2 by the query',
    );
    expect(screen.getByTestId('sqllab-download')).toBeTruthy();
  });

  it('loads a stored result through the Arrow stream when the JSON rows were cut', async () => {
    const calls = serve(
      () =>
        new Response(ipcOf([1, 2, 3, 4]), {
          headers: { 'content-type': ARROW_STREAM_MEDIA_TYPE, 'x-tessera-rows': '4' },
        }),
    );
    renderResult(
      finished({
        rows: 4,
        resultsKey: 'key-1',
        limitingFactor: 'NOT_LIMITED',
        results: {
          columns: COLUMNS,
          selected_columns: COLUMNS,
          expanded_columns: [],
          data: [{ id: 1, name: 'name 1' }],
          displayLimitReached: true,
          status: 'success',
        },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('sqllab-results').getAttribute('data-source')).toBe('arrow'),
    );
    expect(calls[0].url.pathname).toBe('/api/v1/sqllab/results/');
    expect(screen.getByTestId('data-grid-count').textContent).toBe('4 rows');
  });

  it('creates a dataset from the result and warns verbatim when that fails', async () => {
    const bodies: unknown[] = [];
    serve((url, init) => {
      if (url.pathname === '/api/v1/security/csrf_token/') {
        return Response.json({ result: 'token' });
      }
      bodies.push(JSON.parse(String(init.body)));
      return Response.json({ message: 'Dataset exists' }, { status: 422 });
    });
    const { store } = renderResult(
      finished({
        rows: 1,
        results: {
          columns: COLUMNS,
          selected_columns: COLUMNS,
          expanded_columns: [],
          data: [{ id: 1, name: 'Ada' }],
          status: 'success',
        },
      }),
    );
    fireEvent.click(screen.getByTestId('sqllab-create-dataset'));
    fireEvent.change(await screen.findByTestId('create-dataset-name'), {
      target: { value: 'people' },
    });
    fireEvent.click(screen.getByTestId('create-dataset-save'));
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.text)).toContain(
        'An error occurred while creating the data source',
      ),
    );
    expect(bodies[0]).toMatchObject({
      database: 1,
      table_name: 'people',
      sql: 'SELECT id, name FROM people',
    });
  }, 60_000);
});

describe('dataset body', () => {
  it('sends the run, its template parameters and its result columns', () => {
    const body = datasetBody(
      { dbId: 3, catalog: null, schema: 'main', sql: 'SELECT 1', templateParams: '{"a": 1}' },
      'mine',
      COLUMNS,
    );
    expect(body).toMatchObject({
      database: 3,
      schema: 'main',
      table_name: 'mine',
      template_params: '{"a": 1}',
      columns: [
        { column_name: 'id', type: 'INTEGER', is_dttm: false },
        { column_name: 'name', type: 'VARCHAR', is_dttm: false },
      ],
    });
  });
});
