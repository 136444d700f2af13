import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { addShopDatabase, BASE, createDataset, runOnDuckdb } from './testFixtures.ts';

/** Virtual datasets, editing columns and metrics, validation against the engine, refresh. */

interface Column {
  id: number;
  column_name: string;
  expression: string | null;
  is_dttm: boolean;
  type: string | null;
  verbose_name: string | null;
}
interface Metric {
  id: number;
  metric_name: string;
  expression: string;
}

describe.each(storeKinds())('editing datasets on the %s metadata store', (store) => {
  let t: TestApp;
  let shop: { id: number; file: string };

  beforeAll(async () => {
    t = await createTestApp({ store });
    shop = await addShopDatabase(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (id: number) =>
    (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json().result;
  const put = (
    id: number,
    payload: Record<string, unknown>,
    caller: 'admin' | 'alpha' = 'admin',
    query = '',
  ) => t.call(caller, { method: 'PUT', url: `${BASE}/${id}${query}`, payload });

  describe('virtual datasets', () => {
    it('reads the columns of the SQL, rendering template params (the SQL Lab variant)', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: {
          database: shop.id,
          catalog: null,
          schema: 'main',
          sql: "SELECT region, sum(amount) AS total, max(sold_at) AS last_sale FROM sales WHERE region = '{{ region }}' GROUP BY region;",
          table_name: 'eu_totals',
          is_managed_externally: false,
          external_url: null,
          template_params: '{"region": "EU"}',
          columns: [{ name: 'region', type: 'VARCHAR', is_dttm: false }],
        },
      });
      expect(res.statusCode).toBe(201);
      const result = await get(res.json().id);
      expect(result.kind).toBe('virtual');
      expect(result.template_params).toBe('{"region": "EU"}');
      expect(result.columns.map((c: Column) => c.column_name)).toEqual([
        'region',
        'total',
        'last_sale',
      ]);
      expect(result.columns[2]).toMatchObject({ is_dttm: true });
      expect(result.main_dttm_col).toBe('last_sale');
    });

    it('refuses SQL the engine cannot run, with the engine message under sql', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: shop.id, sql: 'SELECT nope FROM sales', table_name: 'broken' },
      });
      expect(res.statusCode).toBe(422);
      const message = res.json().message;
      expect(Object.keys(message)).toEqual(['sql']);
      expect(message.sql[0]).toMatch(/nope/);
    });

    it('refuses several statements and anything but a query', async () => {
      for (const sql of ['SELECT 1; DROP TABLE sales', 'DELETE FROM sales']) {
        const res = await t.call('admin', {
          method: 'POST',
          url: `${BASE}/`,
          payload: { database: shop.id, sql, table_name: `bad_${sql.length}` },
        });
        expect(res.statusCode, sql).toBe(422);
      }
      const rows = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: {
          database: shop.id,
          sql: 'SELECT count(*) AS n FROM sales',
          table_name: 'still_there',
        },
      });
      expect(rows.statusCode).toBe(201);
    });

    it('refuses a template error with the renderer message', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { database: shop.id, sql: 'SELECT {{ 1 + }} AS x', table_name: 'bad_template' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message.sql[0]).toMatch(/template/i);
    });

    it('refuses bad template params JSON', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: {
          database: shop.id,
          sql: 'SELECT 1 AS x',
          table_name: 'bad_params',
          template_params: '{nope',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: { template_params: ['Field cannot be decoded by JSON.'] },
      });
    });

    it('cannot reach JavaScript internals through a template', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: {
          database: shop.id,
          sql: `SELECT '{{ "".constructor.constructor("return process")().pid }}' AS x`,
          table_name: 'escape',
        },
      });
      // The lookup yields nothing, so calling it is a template error, never a pid.
      expect(res.statusCode).toBe(422);
    });

    it('duplicates a virtual dataset with its columns and metrics, and refuses a physical one', async () => {
      const base = await createDataset(t, {
        database: shop.id,
        sql: 'SELECT id, amount FROM sales',
        table_name: 'to_copy',
      });
      await put(base, { metrics: [{ metric_name: 'total', expression: 'SUM(amount)' }] });
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/duplicate`,
        payload: { base_model_id: base, table_name: 'copied' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().result).toEqual({ base_model_id: base, table_name: 'copied' });
      const copy = await get(res.json().id);
      expect(copy.sql).toBe('SELECT id, amount FROM sales');
      expect(copy.columns.map((c: Column) => c.column_name)).toEqual(['id', 'amount']);
      expect(copy.metrics.map((m: Metric) => m.metric_name)).toEqual(['total']);
      const again = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/duplicate`,
        payload: { base_model_id: base, table_name: 'copied' },
      });
      expect(again.json()).toEqual({ message: { table_name: ['Dataset copied already exists'] } });
      const physical = await createDataset(t, {
        database: shop.id,
        schema: 'main',
        table_name: 'regions',
      });
      const refused = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/duplicate`,
        payload: { base_model_id: physical, table_name: 'regions_copy' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: { datasource_type: ['Datasource type is invalid'] },
      });
      const unknown = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/duplicate`,
        payload: { base_model_id: 99999, table_name: 'x' },
      });
      expect(unknown.statusCode).toBe(422);
    });
  });

  describe('columns and metrics', () => {
    let id: number;
    beforeAll(async () => {
      id = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    });

    it('adds a calculated column and metrics checked by the engine', async () => {
      const before = await get(id);
      const res = await put(id, {
        description: 'Sales of the shop',
        cache_timeout: 600,
        extra: '{"default_time_grain": "P1D"}',
        columns: [
          ...before.columns.map((c: Column) => ({ id: c.id, column_name: c.column_name })),
          {
            column_name: 'amount_cents',
            expression: 'amount * 100',
            type: 'DOUBLE',
            verbose_name: 'Amount (cents)',
            extra:
              '{"warning_markdown": "rounded", "certification": {"certified_by": "Finance", "details": "audited"}}',
          },
        ],
        metrics: [
          { metric_name: 'count', expression: 'COUNT(*)' },
          {
            metric_name: 'revenue',
            expression: 'SUM(amount)',
            d3format: ',.2f',
            currency: { symbol: 'EUR', symbolPosition: 'suffix' },
          },
        ],
      });
      expect(res.statusCode).toBe(200);
      const result = res.json().result;
      expect(result.description).toBe('Sales of the shop');
      expect(result.cache_timeout).toBe(600);
      expect(JSON.parse(result.extra)).toEqual({ default_time_grain: 'P1D' });
      const cents = result.columns.find((c: Column) => c.column_name === 'amount_cents');
      expect(cents).toMatchObject({
        expression: 'amount * 100',
        verbose_name: 'Amount (cents)',
        warning_markdown: 'rounded',
        certified_by: 'Finance',
        certification_details: 'audited',
        is_certified: true,
      });
      expect(result.metrics.map((m: Metric) => m.metric_name)).toEqual(['count', 'revenue']);
      expect(result.metrics[1]).toMatchObject({
        d3format: ',.2f',
        currency: { symbol: 'EUR', symbolPosition: 'suffix' },
      });
      expect(result.column_formats).toEqual({ revenue: ',.2f' });
      expect(result.verbose_map).toMatchObject({
        __timestamp: 'Time',
        amount_cents: 'Amount (cents)',
        count: 'count',
      });
    });

    it('refuses a bad calculated column with the engine message', async () => {
      const before = await get(id);
      const res = await put(id, {
        columns: [
          ...before.columns.map((c: Column) => ({ id: c.id, column_name: c.column_name })),
          { column_name: 'broken', expression: 'no_such_column + 1' },
        ],
      });
      expect(res.statusCode).toBe(422);
      const message = res.json().message;
      expect(message.columns[0]).toMatch(/^Invalid expression for column "broken": /);
      expect(message.columns[0]).toMatch(/no_such_column/);
      expect((await get(id)).columns.some((c: Column) => c.column_name === 'broken')).toBe(false);
    });

    it('refuses a bad metric, and a metric smuggling a second statement', async () => {
      const before = await get(id);
      const keep = before.metrics.map((m: Metric) => ({
        id: m.id,
        metric_name: m.metric_name,
        expression: m.expression,
      }));
      const bad = await put(id, {
        metrics: [...keep, { metric_name: 'bad', expression: 'SUM(nope)' }],
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message.metrics[0]).toMatch(/^Invalid expression for metric "bad": /);
      const smuggled = await put(id, {
        metrics: [
          ...keep,
          { metric_name: 'evil', expression: 'COUNT(*) FROM sales; DROP TABLE sales; SELECT 1' },
        ],
      });
      expect(smuggled.statusCode).toBe(422);
      const table = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/database/${shop.id}/table_metadata/?name=sales&schema=main`,
      });
      expect(table.statusCode).toBe(200);
    });

    it('refuses duplicated and unknown columns and metrics', async () => {
      const dup = await put(id, { columns: [{ column_name: 'a' }, { column_name: 'a' }] });
      expect(dup.json()).toEqual({ message: { columns: ['One or more columns are duplicated'] } });
      const unknown = await put(id, { columns: [{ id: 999999, column_name: 'a' }] });
      expect(unknown.json()).toEqual({
        message: { columns: ['One or more columns do not exist'] },
      });
      const dupMetric = await put(id, {
        metrics: [
          { metric_name: 'm', expression: 'COUNT(*)' },
          { metric_name: 'm', expression: 'COUNT(*)' },
        ],
      });
      expect(dupMetric.json()).toEqual({
        message: { metrics: ['One or more metrics are duplicated'] },
      });
      const missing = await put(id, { metrics: [{ metric_name: 'm' }] });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: { 'metrics.0.expression': ['Missing data for required field.'] },
      });
    });

    it('updates a column by id and deletes what is left out', async () => {
      const before = await get(id);
      const region = before.columns.find((c: Column) => c.column_name === 'region');
      const kept = before.columns.filter((c: Column) => c.column_name !== 'paid');
      const res = await put(id, {
        columns: kept.map((c: Column) =>
          c.id === region.id
            ? { id: c.id, column_name: 'region', verbose_name: 'Region', groupby: false }
            : { id: c.id, column_name: c.column_name },
        ),
      });
      expect(res.statusCode).toBe(200);
      const after = res.json().result;
      expect(after.columns.find((c: Column) => c.column_name === 'region')).toMatchObject({
        verbose_name: 'Region',
        groupby: false,
      });
      expect(after.columns.some((c: Column) => c.column_name === 'paid')).toBe(false);
    });

    it('refresh brings back source columns and new ones, keeping calculated columns and metrics', async () => {
      await runOnDuckdb(shop.file, 'ALTER TABLE sales ADD COLUMN channel VARCHAR');
      const res = await t.call('admin', { method: 'PUT', url: `${BASE}/${id}/refresh` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
      const after = await get(id);
      const names = after.columns.map((c: Column) => c.column_name);
      expect(names).toEqual(expect.arrayContaining(['paid', 'channel', 'amount_cents', 'region']));
      expect(after.columns.find((c: Column) => c.column_name === 'region').verbose_name).toBe(
        'Region',
      );
      expect(after.metrics.map((m: Metric) => m.metric_name)).toEqual(['count', 'revenue']);
    });

    it('override_columns replaces the columns and refreshes from the source', async () => {
      const res = await put(
        id,
        { columns: [{ column_name: 'double_amount', expression: 'amount * 2' }] },
        'admin',
        '?override_columns=true',
      );
      expect(res.statusCode).toBe(200);
      const names = (await get(id)).columns.map((c: Column) => c.column_name);
      expect(names).toContain('double_amount');
      expect(names).toContain('sold_at');
      expect(names).not.toContain('amount_cents');
    });

    it('deletes one column and one metric by id', async () => {
      const before = await get(id);
      const column = before.columns.find((c: Column) => c.column_name === 'double_amount');
      const metric = before.metrics.find((m: Metric) => m.metric_name === 'revenue');
      const c = await t.call('admin', {
        method: 'DELETE',
        url: `${BASE}/${id}/column/${column.id}`,
      });
      expect(c.json()).toEqual({ message: 'OK' });
      const m = await t.call('admin', {
        method: 'DELETE',
        url: `${BASE}/${id}/metric/${metric.id}`,
      });
      expect(m.json()).toEqual({ message: 'OK' });
      expect(
        (await t.call('admin', { method: 'DELETE', url: `${BASE}/${id}/metric/${metric.id}` }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.call('admin', { method: 'DELETE', url: `${BASE}/${id}/column/${column.id}` }))
          .statusCode,
      ).toBe(404);
    });

    it('refuses renaming onto another dataset and changing the database', async () => {
      await createDataset(t, { database: shop.id, schema: 'main', table_name: 'eu_sales' });
      const rename = await put(id, { table_name: 'eu_sales' });
      expect(rename.json()).toEqual({
        message: { table_name: ['Dataset eu_sales already exists'] },
      });
      const move = await put(id, { database_id: 4242 });
      expect(move.statusCode).toBe(422);
    });

    it('answers 404 for an unknown dataset and 400 for a bad body', async () => {
      expect((await put(99999, { description: 'x' })).statusCode).toBe(404);
      expect((await put(id, { cache_timeout: 'soon' })).statusCode).toBe(400);
      expect((await put(id, { extra: '{not json' })).statusCode).toBe(400);
    });
  });

  describe('ownership', () => {
    it('lets an owner edit and refuses an Alpha who does not own the dataset', async () => {
      const id = await createDataset(t, {
        database: shop.id,
        sql: 'SELECT 1 AS one',
        table_name: 'admins_own',
      });
      const refused = await put(id, { description: 'mine now' }, 'alpha');
      expect(refused.statusCode).toBe(403);
      expect((await t.call('alpha', { method: 'DELETE', url: `${BASE}/${id}` })).statusCode).toBe(
        403,
      );
      expect(
        (await t.call('alpha', { method: 'PUT', url: `${BASE}/${id}/refresh` })).statusCode,
      ).toBe(403);
      const alphaOwn = await createDataset(
        t,
        { database: shop.id, sql: 'SELECT 2 AS two', table_name: 'alphas_own' },
        'alpha',
      );
      expect((await put(alphaOwn, { description: 'ok' }, 'alpha')).statusCode).toBe(200);
      const owners = (await get(alphaOwn)).owners.map((o: { first_name: string }) => o.first_name);
      expect(owners).toHaveLength(1);
      expect((await put(alphaOwn, { description: 'admin may' })).statusCode).toBe(200);
    });
  });

  describe('get_or_create', () => {
    it('returns the existing dataset or creates it', async () => {
      // `regions` was created by the duplicate test above.
      const list = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=(filters:!((col:table_name,opr:eq,value:regions)))`,
      });
      const existing = list.json().result[0].id as number;
      const first = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/get_or_create/`,
        payload: { table_name: 'regions', database_id: shop.id, schema: 'main' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ result: { table_id: existing } });
      await runOnDuckdb(shop.file, 'CREATE TABLE IF NOT EXISTS fresh (x INTEGER)');
      const created = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/get_or_create/`,
        payload: { table_name: 'fresh', database_id: shop.id, schema: 'main' },
      });
      expect(created.statusCode).toBe(200);
      const again = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/get_or_create/`,
        payload: { table_name: 'fresh', database_id: shop.id, schema: 'main' },
      });
      expect(again.json()).toEqual(created.json());
      const missing = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/get_or_create/`,
        payload: { table_name: 'ghost', database_id: shop.id, schema: 'main' },
      });
      expect(missing.statusCode).toBe(422);
      const bad = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/get_or_create/`,
        payload: { table_name: 'x' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
