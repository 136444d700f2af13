import { datasourceView } from '@tessera/shared/permissions';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { securityRepository } from '../security/repository.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

/** `POST /api/v1/chart/data` against a real DuckDB file (the shop fixture of the datasets tests). */

const URL = '/api/v1/chart/data';
const SUM_AMOUNT = {
  expressionType: 'SIMPLE',
  column: { column_name: 'amount' },
  aggregate: 'SUM',
  label: 'total',
};

describe.each(storeKinds())('chart data on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  const body = (queries: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => ({
    datasource: { id: sales, type: 'table' },
    queries,
    ...extra,
  });
  const post = (caller: 'admin' | 'alpha' | 'gamma', payload: unknown, query = '') =>
    t.call(caller, {
      method: 'POST',
      url: `${URL}${query}`,
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    t = await createTestApp({
      store,
      config: { rowLimit: 2, sqlMaxRow: 1000, samplesRowLimit: 2 },
    });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers one result per query object in Superset shape', async () => {
    const res = await post(
      'admin',
      body([
        {
          columns: ['region'],
          metrics: [SUM_AMOUNT, { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
          filters: [
            { col: 'sold_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-03-01' },
            { col: 'not_a_column', op: '==', val: 'x' },
          ],
          orderby: [['region', true]],
          row_limit: 10,
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const [result] = res.json().result;
    expect(result).toMatchObject({
      status: 'success',
      error: null,
      stacktrace: null,
      is_cached: false,
      cached_dttm: null,
      cache_timeout: 86400,
      colnames: ['region', 'total', 'n'],
      coltypes: [1, 0, 0],
      data: [
        { region: 'EU', total: 15.75, n: 2 },
        { region: 'US', total: 20, n: 1 },
      ],
      rowcount: 2,
      sql_rowcount: 2,
      indexnames: [0, 1],
      label_map: { region: ['region'], total: ['total'], n: ['n'] },
      from_dttm: Date.UTC(2024, 0, 1),
      to_dttm: Date.UTC(2024, 2, 1),
      result_format: 'json',
      applied_filters: [{ column: 'sold_at' }],
      rejected_filters: [{ reason: 'not_in_datasource', column: 'not_a_column' }],
      annotation_data: {},
    });
    expect(result.cache_key).toMatch(/^[0-9a-f]{64}$/);
    expect(result.query).toContain('"sold_at" >= TIMESTAMP \'2024-01-01 00:00:00\'');
  });

  it('caches a second identical call, and force bypasses the cache', async () => {
    // The shop dataset has no saved metric called count: that query is a 400 and is never cached.
    const payload = body([
      { columns: ['region'], metrics: ['count'], orderby: [['region', true]] },
    ]);
    const payloadWithCount = body([
      {
        columns: ['region'],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
      },
    ]);
    const first = (await post('admin', payloadWithCount)).json().result[0];
    const second = (await post('admin', payloadWithCount)).json().result[0];
    expect(first.is_cached).toBe(false);
    expect(second).toMatchObject({ is_cached: true, cache_key: first.cache_key, data: first.data });
    expect(second.cached_dttm).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const forced = (await post('admin', payloadWithCount, '?force=true')).json().result[0];
    expect(forced.is_cached).toBe(false);
    const fromKey = await t.call('admin', { method: 'GET', url: `${URL}/${first.cache_key}` });
    expect(fromKey.json().result[0]).toMatchObject({ is_cached: true, data: first.data });
    expect((await post('admin', payload)).statusCode).toBe(400);
  });

  it('gives a new cache key once the dataset is edited', async () => {
    const payload = body([{ metrics: [SUM_AMOUNT] }]);
    const first = (await post('admin', payload)).json().result[0];
    expect((await post('admin', payload)).json().result[0].is_cached).toBe(true);
    const edit = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/dataset/${sales}`,
      payload: { description: 'edited' },
    });
    expect(edit.statusCode).toBe(200);
    const after = (await post('admin', payload)).json().result[0];
    expect(after.is_cached).toBe(false);
    expect(after.cache_key).not.toBe(first.cache_key);
  });

  it('defaults the row limit to ROW_LIMIT and the x-axis grain to P1D', async () => {
    const res = await post(
      'admin',
      body([
        {
          columns: [{ sqlExpression: 'sold_at', label: 'sold_at', columnType: 'BASE_AXIS' }],
          metrics: [SUM_AMOUNT],
          orderby: [['sold_at', true]],
        },
      ]),
    );
    const [result] = res.json().result;
    expect(result.query).toContain('DATE_TRUNC(\'day\', "sold_at")');
    expect(result.query).toMatch(/LIMIT 2$/);
    expect(result.data).toEqual([
      { sold_at: Date.UTC(2024, 0, 1), total: 10.5 },
      { sold_at: Date.UTC(2024, 0, 2), total: 20 },
    ]);
    expect(result.coltypes).toEqual([2, 0]);
  });

  it('answers every result type', async () => {
    const query = {
      columns: ['region'],
      metrics: [SUM_AMOUNT],
      orderby: [['region', true]],
      row_limit: 10,
    };
    const typed = async (result_type: string) =>
      (await post('admin', body([query], { result_type }))).json().result[0];
    expect(await typed('query')).toEqual({
      query: expect.stringContaining('GROUP BY "region"'),
      language: 'sql',
    });
    const samples = await typed('samples');
    expect(samples.colnames).toEqual(['id', 'region', 'amount', 'sold_at', 'sold_on', 'paid']);
    expect(samples.rowcount).toBe(2);
    expect((await typed('drill_detail')).rowcount).toBe(3);
    expect((await typed('columns')).data).toContainEqual({
      column_name: 'amount',
      verbose_name: null,
      dtype: 'DOUBLE',
    });
    expect((await typed('timegrains')).data).toContainEqual({
      name: 'Month',
      function: "DATE_TRUNC('month', {col})",
      duration: 'P1M',
    });
    const results = await typed('results');
    expect(results.data).toEqual([
      { region: 'EU', total: 15.75 },
      { region: 'US', total: 20 },
    ]);
    expect(results.query).toBeUndefined();
    expect((await typed('post_processed')).data).toHaveLength(2);
  });

  it('post-processes the result and refuses unknown operations', async () => {
    const res = await post(
      'admin',
      body([
        {
          columns: [
            {
              sqlExpression: 'sold_at',
              label: 'sold_at',
              columnType: 'BASE_AXIS',
              timeGrain: 'P1M',
            },
            'region',
          ],
          metrics: [SUM_AMOUNT],
          row_limit: 10,
          post_processing: [
            {
              operation: 'pivot',
              options: {
                index: ['sold_at'],
                columns: ['region'],
                aggregates: { total: { operator: 'mean' } },
              },
            },
            { operation: 'rename', options: { columns: { total: null }, level: 0, inplace: true } },
            { operation: 'flatten' },
          ],
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0]).toMatchObject({
      colnames: ['sold_at', 'EU', 'US'],
      coltypes: [2, 0, 0],
      data: [
        { sold_at: Date.UTC(2024, 0, 1), EU: 10.5, US: 20 },
        { sold_at: Date.UTC(2024, 1, 1), EU: 5.25, US: null },
      ],
    });
    const bad = await post(
      'admin',
      body([{ metrics: [SUM_AMOUNT], post_processing: [{ operation: 'explode' }] }]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid post processing operation' });
  });

  it('exports CSV and XLSX', async () => {
    const query = { columns: ['region', 'sold_at'], orderby: [['id', true]], row_limit: 10 };
    const csv = await post('admin', body([query], { result_format: 'csv' }));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe(
      'region,sold_at\nEU,2024-01-01 10:00:00\nUS,2024-01-02 11:00:00\nEU,2024-02-01 12:00:00\n',
    );
    const xlsx = await post('admin', body([query], { result_format: 'xlsx' }));
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(2).values).toEqual([
      undefined,
      'EU',
      '2024-01-01 10:00:00',
    ]);
  });

  it('refuses bad input with a 400 naming the problem', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { columns: ['region; DROP TABLE sales'] },
        "Columns missing in dataset: ['region; DROP TABLE sales']",
      ],
      [
        { metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(amount); DROP TABLE sales' }] },
        "Invalid SQL expression: only one expression is allowed (no ';')",
      ],
      [
        { metrics: [SUM_AMOUNT], extras: { where: '1=1) OR (1=1' } },
        'Invalid SQL expression: parentheses are not balanced',
      ],
      [
        { metrics: [SUM_AMOUNT], extras: { having: '(SELECT 1) > 0' } },
        'Custom SQL fields cannot contain sub-queries.',
      ],
      [
        { metrics: [SUM_AMOUNT], orderby: [['1; DROP TABLE sales', true]] },
        "Metric '1; DROP TABLE sales' does not exist",
      ],
      [
        { metrics: [SUM_AMOUNT], time_range: '2024-02-01 : 2024-01-01', granularity: 'sold_at' },
        'From date cannot be larger than to date',
      ],
      [{}, 'Empty query?'],
    ];
    for (const [query, message] of cases) {
      const res = await post('admin', body([query]));
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      const json = res.json();
      expect(json.message ?? json.errors?.[0]?.message).toBe(message);
    }
    const quoted = await post(
      'admin',
      body([{ columns: ['region'], filters: [{ col: 'region', op: '==', val: "EU' OR '1'='1" }] }]),
    );
    expect(quoted.json().result[0].data).toEqual([]);
  });

  it('answers 404 for a dataset that does not exist', async () => {
    const res = await post('admin', {
      datasource: { id: 99999, type: 'table' },
      queries: [{ metrics: [SUM_AMOUNT] }],
    });
    expect(res.statusCode).toBe(404);
  });

  it('needs datasource access, and applies row-level security', async () => {
    const query = body([
      { columns: ['region'], metrics: [SUM_AMOUNT], orderby: [['region', true]] },
    ]);
    const denied = await post('gamma', query);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0]).toMatchObject({
      error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
      message:
        'This endpoint requires the datasource sales, database or `all_datasource_access` permission',
    });
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
    const gamma = await securityRepository.getRoleByName(t.store.db, 'Gamma');
    const rule = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/rowlevelsecurity/',
      payload: {
        name: 'US only',
        filter_type: 'Regular',
        tables: [sales],
        roles: [gamma?.id],
        clause: "region = 'US'",
      },
    });
    expect(rule.statusCode).toBe(201);
    const allowed = (await post('gamma', query)).json().result[0];
    expect(allowed.data).toEqual([{ region: 'US', total: 20 }]);
    expect(allowed.query).toContain("(region = 'US')");
    const sneaky = await post(
      'gamma',
      body([
        { columns: ['region'], metrics: [SUM_AMOUNT], extras: { where: "1=1 OR region = 'EU'" } },
      ]),
    );
    expect(sneaky.json().result[0].data).toEqual([{ region: 'US', total: 20 }]);
    const admin = (await post('admin', query)).json().result[0];
    expect(admin.data).toHaveLength(2);
    expect(admin.cache_key).not.toBe(allowed.cache_key);
  });
});
