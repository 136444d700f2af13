import type { ToastType } from '@tessera/shared/toasts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../../../app/api.ts';
import { ADMIN, renderWithApp, testUser } from '../../../../test/render.tsx';
import { SqlLabProvider } from '../../state/SqlLabProvider.tsx';
import { selectActiveEditor } from '../../state/selectors.ts';
import { databasesLoaded, workspaceLoaded } from '../../state/sqlLabSlice.ts';
import { createSqlLabStore } from '../../state/store.ts';
import { workspaceWith } from '../../state/testSupport.ts';
import { LeftBar, withSelectStar } from './LeftBar.tsx';

const DATABASE = {
  id: 1,
  database_name: 'examples',
  backend: 'duckdb',
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  allow_multi_catalog: false,
  allows_subquery: true,
  expose_in_sqllab: true,
  force_ctas_schema: null,
  disable_data_preview: true,
  disable_drill_to_detail: false,
};

const METADATA = {
  name: 'cars',
  schema: 'main',
  catalog: null,
  type: 'table',
  columns: [
    {
      name: 'id',
      type: 'INTEGER',
      longType: 'INTEGER',
      type_generic: 0,
      nullable: false,
      default: null,
      keys: [{ type: 'pk', name: 'cars_pkey', column_names: ['id'] }],
      comment: null,
    },
    {
      name: 'model',
      type: 'VARCHAR',
      longType: 'VARCHAR',
      type_generic: 1,
      nullable: true,
      default: null,
      keys: [],
      comment: null,
    },
  ],
  selectStar: 'SELECT *\nFROM main.cars\nLIMIT 100',
  primaryKey: { name: 'cars_pkey', column_names: ['id'] },
  foreignKeys: [],
  indexes: [{ name: 'cars_model_idx', column_names: ['model'], unique: false }],
  comment: null,
};

function serve(metadataStatus = 200) {
  api.configure({
    fetch: async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/schemas/')) return Response.json({ result: ['main', 'other'] });
      if (url.pathname.endsWith('/tables/')) {
        return Response.json({
          count: 2,
          result: [
            { value: 'cars', type: 'table' },
            { value: 'flights', type: 'table' },
          ],
        });
      }
      if (url.pathname.endsWith('/table_metadata/extra/')) {
        return Response.json({ partitions: ['p2024', 'p2025'] });
      }
      if (url.pathname.endsWith('/table_metadata/')) {
        return metadataStatus === 200
          ? Response.json(METADATA)
          : Response.json({ message: 'Not found' }, { status: metadataStatus });
      }
      return Response.json({ message: 'unexpected' }, { status: 500 });
    },
  });
}

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

function renderLeftBar() {
  const toasts: { type: ToastType; text: string }[] = [];
  const store = createSqlLabStore({ api, toast: (type, text) => toasts.push({ type, text }) });
  // Backend persistence off: the table stays local, no /tableschemaview/ call.
  const state = workspaceWith([{ dbId: 1, schema: 'main', sql: 'SELECT ...' }]);
  state.settings = { ...state.settings, backendPersistence: false };
  store.dispatch(workspaceLoaded(state));
  store.dispatch(databasesLoaded({ '1': DATABASE }));
  renderWithApp(
    <SqlLabProvider store={store}>
      <LeftBar />
    </SqlLabProvider>,
    { user: testUser(ADMIN, 'admin') },
  );
  return { store, toasts };
}

describe('left bar', () => {
  it('lists the schema tables, filters them, and adds one with its columns, keys and indexes', async () => {
    serve();
    const { store } = renderLeftBar();
    expect(await screen.findAllByTestId('sqllab-table-option')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('sqllab-table-search'), { target: { value: 'car' } });
    const options = screen.getAllByTestId('sqllab-table-option');
    expect(options).toHaveLength(1);
    fireEvent.click(options[0]);

    const element = await screen.findByTestId('sqllab-table-element');
    await waitFor(() => expect(within(element).getAllByTestId('sqllab-column')).toHaveLength(2));
    expect(within(element).getByTestId('sqllab-column-key').getAttribute('data-key')).toBe('pk');
    expect(within(element).getByTestId('sqllab-table-indexes').textContent).toContain(
      'cars_model_idx',
    );
    // What table_metadata/extra/ adds (a PostgreSQL table's partitions).
    expect(within(element).getByTestId('sqllab-table-partitions').textContent).toBe(
      'Partitions p2024, p2025',
    );
    // Preview is off for this database.
    expect(
      (within(element).getByTestId('sqllab-table-preview') as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(within(element).getByTestId('sqllab-table-select-star'));
    expect(selectActiveEditor(store.getState())?.sql).toBe(METADATA.selectStar);

    fireEvent.click(within(element).getByTestId('sqllab-table-toggle'));
    await waitFor(() => expect(screen.queryByTestId('sqllab-table-columns')).toBeNull());
    fireEvent.click(within(element).getByTestId('sqllab-table-remove'));
    await waitFor(() => expect(screen.queryByTestId('sqllab-table-element')).toBeNull());
  }, 60_000);

  it('says verbatim when table metadata cannot be fetched', async () => {
    serve(404);
    const { toasts } = renderLeftBar();
    fireEvent.click((await screen.findAllByTestId('sqllab-table-option'))[0]);
    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'danger',
        text: 'An error occurred while fetching table metadata',
      }),
    );
  });
});

describe('SELECT * into the editor', () => {
  it('replaces the starter text and appends to real SQL', () => {
    expect(withSelectStar('SELECT ...', 'SELECT * FROM t')).toBe('SELECT * FROM t');
    expect(withSelectStar('', 'SELECT * FROM t')).toBe('SELECT * FROM t');
    expect(withSelectStar('SELECT 1', 'SELECT * FROM t')).toBe('SELECT 1;\n\nSELECT * FROM t');
  });
});
