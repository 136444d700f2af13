import path from 'node:path';
import { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { addDatabase, grantDatabase, insertQuery, userId } from './testSupport.ts';

const ROWS = 200_000;

/** A DuckDB file with a 200k-row table of every common type. */
async function makeBigDuckDb(file: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    await connection.run(`CREATE TABLE big AS
      SELECT i AS id, 'row ' || i AS label, i * 0.5 AS amount, i % 2 = 0 AS even,
        TIMESTAMP '2024-01-01 00:00:00' + i * INTERVAL 1 SECOND AS ts,
        DATE '2024-01-01' + CAST(i % 365 AS INTEGER) AS day,
        CASE WHEN i % 10 = 0 THEN NULL ELSE 'a,"b"' END AS tricky
      FROM range(${ROWS}) t(i)`);
    await connection.run('CREATE TABLE small AS SELECT * FROM range(1, 4) t(n)');
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Reads a workbook with exceljs's streaming reader: the row count and the first rows' values. */
async function readXlsx(buffer: Buffer): Promise<{ count: number; first: unknown[][] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
  });
  let count = 0;
  const first: unknown[][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      count += 1;
      if (first.length < 3) first.push((row.values as unknown[]).slice(1));
    }
  }
  return { count, first };
}

const csvLines = (body: string) => body.split('\r\n').join('\n').trimEnd().split('\n');

async function setUp(t: TestApp): Promise<{ dbId: number; sqllab: number }> {
  const file = path.join(t.home, 'big.duckdb');
  await makeBigDuckDb(file);
  const dbId = await addDatabase(t, 'big', { engine: 'duckdb', uri: `duckdb:///${file}` });
  await grantDatabase(t, 'sql_lab', dbId, 'big');
  return { dbId, sqllab: await userId(t, 'sqllab') };
}

/** `GET /api/v1/sqllab/export/{client_id}/` as the sql_lab user. */
function download(t: TestApp, clientId: string, query = '') {
  return t.call('sqllab', { method: 'GET', url: `/api/v1/sqllab/export/${clientId}/${query}` });
}

/** A run as SQL Lab records it: the display limit applied to the executed text (limit + 1). */
async function recordRun(
  t: TestApp,
  clientId: string,
  dbId: number,
  user: number,
  sql: string,
  executed = `${sql}\nLIMIT 1001`,
  status = 'success',
  limit = 1000,
) {
  await insertQuery(t, { clientId, databaseId: dbId, userId: user, sql, status });
  await t.store.db
    .updateTable('query')
    .set({ executed_sql: executed, select_sql: null, schema: null, tab_name: 'Big export', limit })
    .where('client_id', '=', clientId)
    .execute();
}

// The engine, not the metadata store, does the work here, so the 200k-row downloads run once.
describe('downloading a 200k-row DuckDB result', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const { dbId, sqllab } = await setUp(t);
    // Run with SQL_MAX_ROW at a million: the grid said it holds all 200k rows.
    await recordRun(
      t,
      'bigRun00001',
      dbId,
      sqllab,
      'SELECT * FROM big ORDER BY id',
      'SELECT * FROM big ORDER BY id\nLIMIT 1000001',
      'success',
      1_000_000,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams every row of a 200k-row DuckDB result as CSV when the run held them all', async () => {
    const res = await download(t, 'bigRun00001');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Big_export_\d{8}_\d{6}\.csv"; filename\*=UTF-8''Big_export_\d{8}_\d{6}\.csv$/,
    );
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe('id,label,amount,even,ts,day,tricky');
    expect(lines[1]).toBe('0,row 0,0,true,2024-01-01 00:00:00,2024-01-01,');
    expect(lines[2]).toBe('1,row 1,0.5,false,2024-01-01 00:00:01,2024-01-02,"a,""b"""');
    expect(lines[ROWS]).toMatch(/^199999,row 199999,99999.5,false,/);
  }, 120_000);

  it('streams the same result as an XLSX workbook with typed cells', async () => {
    const res = await download(t, 'bigRun00001', '?format=xlsx');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="Big_export_\d{8}_\d{6}\.xlsx"/);
    const { count, first } = await readXlsx(res.rawPayload);
    expect(count).toBe(ROWS + 1);
    expect(first[0]).toEqual(['id', 'label', 'amount', 'even', 'ts', 'day', 'tricky']);
    const [id, label, amount, even, ts, day, tricky] = first[2] as [
      unknown,
      unknown,
      unknown,
      unknown,
      Date,
      Date,
      unknown,
    ];
    expect([id, label, amount, even, tricky]).toEqual([1, 'row 1', 0.5, false, 'a,"b"']);
    expect(ts.toISOString()).toBe('2024-01-01T00:00:01.000Z');
    expect(day.toISOString()).toBe('2024-01-02T00:00:00.000Z');
  }, 120_000);
});

describe.each(storeKinds())('downloading SQL Lab results on the %s metadata store', (store) => {
  let t: TestApp;
  let dbId: number;
  let sqllab: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    ({ dbId, sqllab } = await setUp(t));
    await recordRun(t, 'bigRun00001', dbId, sqllab, 'SELECT * FROM small');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a LIMIT the user wrote when it is below the export limit', async () => {
    await recordRun(
      t,
      'limitRun001',
      dbId,
      sqllab,
      'SELECT id FROM big ORDER BY id LIMIT 500',
      'SELECT id FROM big ORDER BY id LIMIT 501',
    );
    const res = await download(t, 'limitRun001');
    expect(res.statusCode).toBe(200);
    expect(csvLines(res.body)).toHaveLength(501);
  });

  it('holds what the grid said: the limit the run had, as Superset does', async () => {
    await recordRun(t, 'dropRun0001', dbId, sqllab, 'SELECT id FROM big ORDER BY id');
    const res = await download(t, 'dropRun0001');
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(1001);
    expect(lines[1000]).toBe('999');
  });

  it('downloads the table a CTAS run created', async () => {
    await recordRun(t, 'ctasRun0001', dbId, sqllab, 'SELECT 1');
    await t.store.db
      .updateTable('query')
      .set({ select_as_cta: 1, tmp_table_name: 'small' })
      .where('client_id', '=', 'ctasRun0001')
      .execute();
    const res = await download(t, 'ctasRun0001');
    expect(res.statusCode).toBe(200);
    expect(csvLines(res.body)).toEqual(['n', '1', '2', '3']);
  });

  it('answers 404 for an unknown run and for another user’s run', async () => {
    const unknown = await download(t, 'nosuchrun01');
    expect(unknown.statusCode).toBe(404);
    await recordRun(t, 'adminRun001', dbId, await userId(t, 'admin'), 'SELECT 1');
    const others = await download(t, 'adminRun001');
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ message: 'Not found' });
  });

  it('lets an admin (all_query_access) download any run', async () => {
    const res = await t.call('admin', { method: 'GET', url: '/api/v1/sqllab/export/limitRun001/' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 for a failed run, a run that is not a SELECT and an unknown format', async () => {
    await recordRun(t, 'failedRun01', dbId, sqllab, 'SELECT * FROM big', undefined, 'failed');
    await recordRun(
      t,
      'ddlRun00001',
      dbId,
      sqllab,
      'CREATE TABLE x AS SELECT 1',
      'CREATE TABLE x AS SELECT 1',
    );
    for (const id of ['failedRun01', 'ddlRun00001']) {
      const res = await download(t, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({
        message:
          'Only the result of a query that finished successfully with a SELECT can be downloaded.',
      });
    }
    const format = await download(t, 'bigRun00001', '?format=pdf');
    expect(format.statusCode).toBe(400);
  });

  it('answers the engine’s error before any byte when the table is gone', async () => {
    await recordRun(t, 'goneRun0001', dbId, sqllab, 'SELECT * FROM missing_table');
    const res = await download(t, 'goneRun0001');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('needs (can_export_csv, SQLLab) and access to the database', async () => {
    const gamma = await t.call('gamma', {
      method: 'GET',
      url: '/api/v1/sqllab/export/bigRun00001/',
    });
    expect(gamma.statusCode).toBe(403);
    const anonymous = await t.call('anonymous', {
      method: 'GET',
      url: '/api/v1/sqllab/export/bigRun00001/',
    });
    expect(anonymous.statusCode).toBe(401);
    const hiddenId = await addDatabase(t, 'hidden_big', {
      engine: 'duckdb',
      uri: `duckdb:///${path.join(t.home, 'big.duckdb')}`,
    });
    await recordRun(t, 'hiddenRun01', hiddenId, sqllab, 'SELECT 1');
    const hidden = await download(t, 'hiddenRun01');
    expect(hidden.statusCode).toBe(404);
  });
});

describe('downloads bounded by the export row limit', () => {
  let t: TestApp;
  let dbId: number;
  let sqllab: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { exportRowLimit: 1234 } });
    ({ dbId, sqllab } = await setUp(t));
    // Runs whose limit (SQL_MAX_ROW at 100,000) is above the export limit.
    await recordRun(
      t,
      'cappedRun01',
      dbId,
      sqllab,
      'SELECT * FROM big',
      'SELECT * FROM big LIMIT 100001',
      'success',
      100_000,
    );
    await recordRun(
      t,
      'userLimit01',
      dbId,
      sqllab,
      'SELECT * FROM big LIMIT 5000',
      'SELECT * FROM big LIMIT 5001',
      'success',
      5000,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops the CSV at the export limit', async () => {
    const res = await download(t, 'cappedRun01');
    expect(res.statusCode).toBe(200);
    expect(csvLines(res.body)).toHaveLength(1235);
  });

  it('stops the XLSX at the export limit', async () => {
    const res = await download(t, 'cappedRun01', '?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect((await readXlsx(res.rawPayload)).count).toBe(1235);
  });

  it('caps a larger LIMIT the user wrote at the export limit', async () => {
    const res = await download(t, 'userLimit01');
    expect(csvLines(res.body)).toHaveLength(1235);
  });
});
