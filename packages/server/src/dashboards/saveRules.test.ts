import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { BASE, createDashboard, insertChart, layoutOf } from './testFixtures.ts';

/** What a write keeps: blank JSON text, certification, the charts of a copy, slugs. */

describe.each(storeKinds())('dashboard save rules on the %s metadata store', (store) => {
  let t: TestApp;
  let chartA: number;
  let chartB: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    const sales = await createDataset(t, {
      database: shop.id,
      schema: 'main',
      table_name: 'sales',
    });
    chartA = await insertChart(t, 'Sales by region', sales);
    chartB = await insertChart(t, 'Sales again', sales);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (idOrSlug: number | string) =>
    (await t.call('admin', { method: 'GET', url: `${BASE}/${idOrSlug}` })).json().result;
  const put = (id: number, payload: Record<string, unknown>) =>
    t.call('admin', { method: 'PUT', url: `${BASE}/${id}`, payload });

  describe('blank JSON text', () => {
    it('answers 400 naming the field for blank position_json or json_metadata, never 500', async () => {
      const layout = JSON.stringify(layoutOf([chartA]));
      const id = await createDashboard(t, { dashboard_title: 'Blank', position_json: layout });
      for (const field of ['position_json', 'json_metadata']) {
        const res = await put(id, { [field]: '   ' });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().message)).toEqual([field]);
        expect(JSON.stringify(res.json().message)).toContain('Field cannot be decoded by JSON');
      }
      const created = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'x', position_json: ' \n ' },
      });
      expect(created.statusCode).toBe(400);
      expect(JSON.parse((await read(id)).position_json)['CHART-1'].meta.chartId).toBe(chartA);
    });

    it('treats empty position_json as absent', async () => {
      const layout = JSON.stringify(layoutOf([chartA]));
      const id = await createDashboard(t, { dashboard_title: 'Empty', position_json: layout });
      expect((await put(id, { position_json: '' })).statusCode).toBe(200);
      expect((await read(id)).charts).toEqual(['Sales by region']);
    });
  });

  describe('certification', () => {
    it('keeps the stored certifier when only the details are sent', async () => {
      const id = await createDashboard(t, {
        dashboard_title: 'Certified',
        certified_by: 'Bob',
        certification_details: 'old',
      });
      const res = await put(id, { certification_details: 'new' });
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toEqual({ certification_details: 'new' });
      let row = await read(id);
      expect(row.certified_by).toBe('Bob');
      expect(row.certification_details).toBe('new');

      expect((await put(id, { certified_by: 'Ann' })).statusCode).toBe(200);
      row = await read(id);
      expect([row.certified_by, row.certification_details]).toEqual(['Ann', 'new']);

      expect((await put(id, { certified_by: '' })).statusCode).toBe(200);
      row = await read(id);
      expect([row.certified_by, row.certification_details]).toEqual([null, null]);
    });

    it('still drops details sent for an uncertified dashboard', async () => {
      const id = await createDashboard(t, { dashboard_title: 'Not certified' });
      const res = await put(id, { certification_details: 'lonely' });
      expect(res.json().result).toEqual({ certification_details: '' });
      expect((await read(id)).certification_details).toBeNull();
    });
  });

  describe('copy', () => {
    const chartsOf = async (id: number) =>
      (await t.call('admin', { method: 'GET', url: `${BASE}/${id}/charts` }))
        .json()
        .result.map((c: { id: number }) => c.id);

    it("takes the copy's charts from json_metadata.positions", async () => {
      const source = await createDashboard(t, {
        dashboard_title: 'Copy source',
        position_json: JSON.stringify(layoutOf([chartA])),
      });
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/${source}/copy/`,
        payload: {
          dashboard_title: 'Saved as',
          json_metadata: JSON.stringify({ positions: layoutOf([chartB]) }),
        },
      });
      expect(res.statusCode).toBe(200);
      const copy = res.json().result.id;
      expect(await chartsOf(copy)).toEqual([chartB]);
      expect(JSON.parse((await read(copy)).position_json)['CHART-1'].meta.chartId).toBe(chartB);
      expect(await chartsOf(source)).toEqual([chartA]);
    });

    it('duplicates exactly the charts of the positions', async () => {
      const source = await createDashboard(t, {
        dashboard_title: 'Copy source 2',
        position_json: JSON.stringify(layoutOf([chartA, chartB])),
      });
      const slicesBefore = await t.store.db.selectFrom('slices').select('id').execute();
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/${source}/copy/`,
        payload: {
          dashboard_title: 'Deep saved as',
          json_metadata: JSON.stringify({ positions: layoutOf([chartB]) }),
          duplicate_slices: true,
        },
      });
      expect(res.statusCode).toBe(200);
      const copy = res.json().result.id;
      const slicesAfter = await t.store.db.selectFrom('slices').select('id').execute();
      expect(slicesAfter.length).toBe(slicesBefore.length + 1);
      const [clone] = await chartsOf(copy);
      expect([chartA, chartB]).not.toContain(clone);
      expect(JSON.parse((await read(copy)).position_json)['CHART-1'].meta.chartId).toBe(clone);
      expect((await read(copy)).charts).toEqual(['Sales again']);
    });
  });

  describe('slugs', () => {
    it("cleans a slug as Superset does: trimmed, spaces to '-', only word characters and '-'", async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'Slugged', slug: '  my dash/x?y ' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().result.slug).toBe('my-dashxy');
      const row = await read('my-dashxy');
      expect(row.slug).toBe('my-dashxy');
      expect(row.url).toBe('/superset/dashboard/my-dashxy/');

      const id = res.json().id;
      const renamed = await put(id, { slug: 'Ünï code_1!' });
      expect(renamed.json().result.slug).toBe('Ünï-code_1');
      expect((await read(id)).slug).toBe('Ünï-code_1');

      expect((await put(id, { slug: '?/#' })).statusCode).toBe(200);
      const cleared = await read(id);
      expect(cleared.slug).toBeNull();
      expect(cleared.url).toBe(`/superset/dashboard/${id}/`);
    });

    it('checks uniqueness on the cleaned slug', async () => {
      await createDashboard(t, { dashboard_title: 'Owner of unique', slug: 'unique-one' });
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'Clash', slug: 'unique one?' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: { slug: ['Must be unique'] } });
    });

    it('reads a numeric path as an id only, as Superset does, and links such a slug by id', async () => {
      const first = await createDashboard(t, { dashboard_title: 'Numbered first' });
      const numeric = await createDashboard(t, {
        dashboard_title: 'Numeric slug',
        slug: String(first),
      });
      expect((await read(first)).id).toBe(first);
      const row = await read(numeric);
      expect(row.slug).toBe(String(first));
      expect(row.url).toBe(`/superset/dashboard/${numeric}/`);
      expect((await read(row.uuid)).id).toBe(numeric);

      await createDashboard(t, { dashboard_title: 'Unreachable slug', slug: '987654321' });
      const miss = await t.call('admin', { method: 'GET', url: `${BASE}/987654321` });
      expect(miss.statusCode).toBe(404);
    });
  });
});
