import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { annotationsInRange, normalizeDateTime } from './service.ts';

const BASE = '/api/v1/annotation_layer';
const rison = (text: string) => encodeURIComponent(text);

describe.each(storeKinds())('annotation layers on the %s metadata store', (store) => {
  let t: TestApp;
  let layer: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('layers', () => {
    it('creates, reads, lists and updates a layer', async () => {
      const res = await t.call('alpha', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { name: 'Releases', descr: 'Product releases' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().result).toEqual({ name: 'Releases', descr: 'Product releases' });
      layer = res.json().id;
      const read = await t.call('gamma', { method: 'GET', url: `${BASE}/${layer}` });
      expect(read.json().result).toMatchObject({
        id: layer,
        name: 'Releases',
        descr: 'Product releases',
        changed_by: { first_name: expect.any(String) },
      });
      await t.call('admin', { method: 'POST', url: `${BASE}/`, payload: { name: 'Outages' } });
      const list = await t.call('gamma', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(order_column:name,order_direction:asc)')}`,
      });
      expect(list.json()).toMatchObject({
        count: 2,
        result: [{ name: 'Outages' }, { name: 'Releases' }],
      });
      const search = await t.call('gamma', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:name,opr:ct,value:rel)))')}`,
      });
      expect(search.json().ids).toEqual([layer]);
      const put = await t.call('alpha', {
        method: 'PUT',
        url: `${BASE}/${layer}`,
        payload: { descr: 'Shipped versions' },
      });
      expect(put.statusCode).toBe(200);
      expect(
        (await t.call('alpha', { method: 'GET', url: `${BASE}/${layer}` })).json().result.descr,
      ).toBe('Shipped versions');
    });

    it('refuses duplicate names, bad bodies, unknown ids and Gamma writes', async () => {
      const dup = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { name: 'Releases' },
      });
      expect(dup.statusCode).toBe(422);
      expect(dup.json()).toEqual({ message: { name: ['Name must be unique'] } });
      const empty = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { descr: 'x' },
      });
      expect(empty.json()).toEqual({ message: { name: ['Missing data for required field.'] } });
      expect((await t.call('admin', { method: 'GET', url: `${BASE}/4242` })).statusCode).toBe(404);
      expect(
        (await t.call('gamma', { method: 'POST', url: `${BASE}/`, payload: { name: 'Mine' } }))
          .statusCode,
      ).toBe(403);
      expect((await t.call('sqllab', { method: 'GET', url: `${BASE}/` })).statusCode).toBe(403);
      expect(
        (
          await t.call('admin', {
            method: 'GET',
            url: `${BASE}/?q=${rison('(order_column:nope)')}`,
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('annotations', () => {
    let first: number;

    it('creates annotations and reads them back with their layer', async () => {
      const res = await t.call('alpha', {
        method: 'POST',
        url: `${BASE}/${layer}/annotation/`,
        payload: {
          short_descr: 'v1.0',
          long_descr: 'First release',
          start_dttm: '2024-01-10',
          end_dttm: '2024-01-10T12:00:00',
          json_metadata: '{"color": "green"}',
        },
      });
      expect(res.statusCode).toBe(201);
      first = res.json().id;
      const read = await t.call('gamma', {
        method: 'GET',
        url: `${BASE}/${layer}/annotation/${first}`,
      });
      expect(read.json().result).toMatchObject({
        id: first,
        layer: { id: layer, name: 'Releases' },
        short_descr: 'v1.0',
        long_descr: 'First release',
        start_dttm: '2024-01-10T00:00:00',
        end_dttm: '2024-01-10T12:00:00',
        json_metadata: '{"color": "green"}',
      });
      await t.call('alpha', {
        method: 'POST',
        url: `${BASE}/${layer}/annotation/`,
        payload: {
          short_descr: 'v2.0',
          start_dttm: '2024-06-01T00:00:00Z',
          end_dttm: '2024-06-02 00:00',
        },
      });
      const list = await t.call('gamma', {
        method: 'GET',
        url: `${BASE}/${layer}/annotation/?q=${rison('(order_column:start_dttm,order_direction:asc)')}`,
      });
      expect(list.json().result.map((a: { short_descr: string }) => a.short_descr)).toEqual([
        'v1.0',
        'v2.0',
      ]);
    });

    it('refuses end before start, a duplicate description, bad dates and JSON, and unknown layers', async () => {
      const post = (payload: Record<string, unknown>, layerId = layer) =>
        t.call('alpha', { method: 'POST', url: `${BASE}/${layerId}/annotation/`, payload });
      const dates = await post({
        short_descr: 'late',
        start_dttm: '2024-02-02',
        end_dttm: '2024-02-01',
      });
      expect(dates.json()).toEqual({
        message: { start_dttm: ['End date must be after start date'] },
      });
      const dup = await post({
        short_descr: 'v1.0',
        start_dttm: '2024-02-01',
        end_dttm: '2024-02-01',
      });
      expect(dup.json()).toEqual({
        message: { short_descr: ['Short description must be unique for this layer'] },
      });
      const bad = await post({ short_descr: 'x', start_dttm: 'yesterday', end_dttm: '2024-02-01' });
      expect(bad.json()).toEqual({ message: { start_dttm: ['Not a valid datetime.'] } });
      const json = await post({
        short_descr: 'y',
        start_dttm: '2024-02-01',
        end_dttm: '2024-02-01',
        json_metadata: '{oops',
      });
      expect(json.json()).toEqual({ message: { json_metadata: ['JSON not valid'] } });
      expect(
        (await post({ short_descr: 'z', start_dttm: '2024-02-01', end_dttm: '2024-02-01' }, 4242))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.call('admin', { method: 'GET', url: `${BASE}/${layer}/annotation/4242` }))
          .statusCode,
      ).toBe(404);
    });

    it('updates an annotation, keeping the date rule', async () => {
      const ok = await t.call('alpha', {
        method: 'PUT',
        url: `${BASE}/${layer}/annotation/${first}`,
        payload: { long_descr: 'GA' },
      });
      expect(ok.statusCode).toBe(200);
      const bad = await t.call('alpha', {
        method: 'PUT',
        url: `${BASE}/${layer}/annotation/${first}`,
        payload: { end_dttm: '2023-01-01' },
      });
      expect(bad.statusCode).toBe(422);
    });

    it('finds annotations overlapping a time range (for chart annotation data)', async () => {
      const inJanuary = await annotationsInRange(t, layer, {
        from: '2024-01-01',
        to: '2024-02-01',
      });
      expect(inJanuary.map((a) => a.short_descr)).toEqual(['v1.0']);
      const open = await annotationsInRange(t, layer, { from: null, to: null });
      expect(open).toHaveLength(2);
    });

    it('refuses deleting a layer that holds annotations, then deletes in turn', async () => {
      const refused = await t.call('admin', { method: 'DELETE', url: `${BASE}/${layer}` });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: 'Annotation layer has associated annotations.' });
      const list = await t.call('admin', { method: 'GET', url: `${BASE}/${layer}/annotation/` });
      const ids = list.json().ids as number[];
      const one = await t.call('alpha', {
        method: 'DELETE',
        url: `${BASE}/${layer}/annotation/${ids[0]}`,
      });
      expect(one.json()).toEqual({ message: 'OK' });
      const bulk = await t.call('alpha', {
        method: 'DELETE',
        url: `${BASE}/${layer}/annotation/?q=${rison(`!(${ids[1]})`)}`,
      });
      expect(bulk.json()).toEqual({ message: 'Deleted 1 annotation' });
      const layers = await t.call('admin', { method: 'GET', url: `${BASE}/` });
      const all = layers.json().ids as number[];
      const gone = await t.call('admin', {
        method: 'DELETE',
        url: `${BASE}/?q=${rison(`!(${all.join(',')})`)}`,
      });
      expect(gone.json()).toEqual({ message: 'Deleted 2 annotation layers' });
      expect((await t.call('admin', { method: 'GET', url: `${BASE}/${layer}` })).statusCode).toBe(
        404,
      );
    });
  });
});

describe('annotation dates', () => {
  it.each([
    ['2024-01-10', '2024-01-10T00:00:00'],
    ['2024-01-10 7:05', '2024-01-10T07:05:00'],
    ['2024-01-10T07:05:09.123', '2024-01-10T07:05:09'],
    ['2024-01-10T07:05:00Z', '2024-01-10T07:05:00'],
    ['2024-01-10T07:05:00+02:00', '2024-01-10T05:05:00'],
  ])('stores %s as %s', (input, stored) => {
    expect(normalizeDateTime(input)).toBe(stored);
  });
});
