import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { selectActiveEditor } from './selectors.ts';
import { DEFAULT_SQLLAB_SETTINGS, workspaceLoaded } from './sqlLabSlice.ts';
import { createSqlLabStore } from './store.ts';
import { openDatasource } from './thunks/openers.ts';

/** A local workspace whose server answers `GET /api/v1/dataset/{id}` with `dataset`. */
function workspace(dataset: Record<string, unknown>) {
  const urls: string[] = [];
  const api = createApiClient({
    fetch: async (input) => {
      urls.push(decodeURIComponent(String(input)));
      return Response.json({ id: 5, result: dataset });
    },
  });
  const store = createSqlLabStore(
    { api, toast: () => {} },
    { ...DEFAULT_SQLLAB_SETTINGS, backendPersistence: false },
  );
  store.dispatch(workspaceLoaded({}));
  return { store, urls };
}

const PHYSICAL = {
  name: 'cars',
  schema: 'main',
  database: { id: 1 },
  select_star: 'SELECT *\nFROM "main"."cars"\nLIMIT 100',
  sql: null,
};

describe('opening a dataset in SQL Lab (?datasourceKey=)', () => {
  it('opens a physical dataset as its SELECT *', async () => {
    const { store, urls } = workspace(PHYSICAL);
    await store.dispatch(openDatasource('5__table'));
    expect(urls[0]).toContain('columns:!(name,schema,database.id,select_star,sql)');
    expect(selectActiveEditor(store.getState())).toMatchObject({
      name: 'Query cars',
      sql: PHYSICAL.select_star,
      autorun: false,
    });
  });

  it('opens a virtual dataset as its own SQL, not a SELECT * of its name', async () => {
    const sql = 'SELECT origin, count(*) FROM cars GROUP BY origin';
    const { store } = workspace({
      ...PHYSICAL,
      name: 'cars by origin',
      select_star: 'SELECT *\nFROM "main"."cars by origin"\nLIMIT 100',
      sql,
    });
    await store.dispatch(openDatasource('5__table'));
    expect(selectActiveEditor(store.getState())).toMatchObject({ sql, autorun: false });
  });
});
