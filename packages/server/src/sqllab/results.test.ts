import path from 'node:path';
import { ARROW_COLUMNS_METADATA_KEY, ARROW_STREAM_MEDIA_TYPE } from '@tessera/shared/api/sqllab';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { RESULTS_EXPIRED_MESSAGE, RESULTS_NOT_FOUND_MESSAGE } from './results.ts';
import {
  clientId,
  createDatabase,
  duckdbUri,
  execute,
  grantToRole,
  makeNumbersDuckdb,
  rison,
  wait,
} from './testFixtures.ts';

/** `GET /api/v1/sqllab/results/`: stored results as JSON and as an Arrow IPC stream. */

describe.each(storeKinds())('SQL Lab results on the %s metadata store', (storeKind) => {
  let t: TestApp;
  let duck: number;
  let shortLived: number;
  let key: string;

  const results = (
    q: string,
    caller: 'admin' | 'sqllab' | 'gamma' = 'admin',
    headers: Record<string, string> = {},
  ) => t.call(caller, { method: 'GET', url: `/api/v1/sqllab/results/?q=${rison(q)}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ store: storeKind });
    await makeNumbersDuckdb(path.join(t.home, 'n.duckdb'));
    duck = await createDatabase(t, {
      database_name: 'duck',
      sqlalchemy_uri: duckdbUri(t.home, 'n.duckdb'),
    });
    shortLived = await createDatabase(t, {
      database_name: 'short',
      sqlalchemy_uri: duckdbUri(t.home, 'n.duckdb'),
      cache_timeout: 1,
    });
    const res = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: duck,
      sql: "SELECT n, n * 1.5 AS half, DATE '2024-03-14' + CAST(n AS INTEGER) AS day FROM numbers ORDER BY n",
      queryLimit: 500,
    });
    expect(res.statusCode).toBe(200);
    key = res.json().query.resultsKey;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the stored result as the synchronous payload', async () => {
    const res = await results(`(key:'${key}')`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toHaveLength(500);
    expect(body.data[0]).toEqual({ n: 1, half: 1.5, day: '2024-03-15' });
    expect(body.columns.map((c: { name: string }) => c.name)).toEqual(['n', 'half', 'day']);
    expect(body.query).toMatchObject({
      resultsKey: key,
      state: 'success',
      rows: 500,
      limitingFactor: 'DROPDOWN',
    });
    expect(body.displayLimitReached).toBeUndefined();
  });

  it('cuts the rows at `rows` and says the display limit was reached', async () => {
    const res = await results(`(key:'${key}',rows:10)`);
    expect(res.json().data).toHaveLength(10);
    expect(res.json().displayLimitReached).toBe(true);
  });

  it('answers an Arrow IPC stream when the Accept header asks for it', async () => {
    const res = await results(`(key:'${key}')`, 'admin', { accept: ARROW_STREAM_MEDIA_TYPE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(ARROW_STREAM_MEDIA_TYPE);
    expect(res.headers['x-tessera-rows']).toBe('500');
    const table = tableFromIPC(res.rawPayload);
    expect(table.numRows).toBe(500);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['n', 'half', 'day']);
    expect(
      JSON.parse(table.schema.metadata.get(ARROW_COLUMNS_METADATA_KEY) ?? '[]')[2],
    ).toMatchObject({ name: 'day', is_dttm: true, type_generic: 2 });
    expect(Number(table.getChild('n')?.get(499))).toBe(500);

    const cut = await results(`(key:'${key}',rows:7)`, 'admin', {
      accept: ARROW_STREAM_MEDIA_TYPE,
    });
    expect(tableFromIPC(cut.rawPayload).numRows).toBe(7);
    expect(cut.headers['x-tessera-display-limit-reached']).toBe('true');
  });

  it('answers 404 for a key no query has', async () => {
    const res = await results("(key:'00000000-0000-0000-0000-000000000000')");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: RESULTS_NOT_FOUND_MESSAGE });
  });

  it("answers 404 for another user's results", async () => {
    await grantToRole(t, 'sql_lab', ['database_access', `[duck].(id:${duck})`]);
    const res = await results(`(key:'${key}')`, 'sqllab');
    expect(res.statusCode).toBe(404);
  });

  it('refuses users without can_get_results', async () => {
    expect((await results(`(key:'${key}')`, 'gamma')).statusCode).toBe(403);
  });

  it('answers 410 once the stored result has expired', async () => {
    const res = await execute(t, 'admin', {
      client_id: clientId(),
      database_id: shortLived,
      sql: 'SELECT 1 AS one',
    });
    const shortKey = res.json().query.resultsKey;
    expect((await results(`(key:'${shortKey}')`)).statusCode).toBe(200);
    await wait(1200);
    const gone = await results(`(key:'${shortKey}')`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: RESULTS_EXPIRED_MESSAGE });
  });

  it('answers 400 for a q that is not rison or misses the key', async () => {
    const bad = await t.call('admin', { method: 'GET', url: '/api/v1/sqllab/results/?q=(key:' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Not a valid rison/json argument' });
    const missing = await results('(rows:5)');
    expect(missing.statusCode).toBe(400);
  });
});
