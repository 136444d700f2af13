import {
  JSON_METADATA_VERSION,
  JSON_METADATA_VERSION_KEY,
} from '@tessera/shared/dashboard/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { BASE, createDashboard } from './testFixtures.ts';

/**
 * json_metadata is stored with a version (rule 5) but answered as Superset answers it: without
 * the key, which Superset's own PUT schema would refuse if a client sent it back.
 */

describe.each(storeKinds())('json_metadata version on the %s metadata store', (store) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ store });
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedMetadata = async (id: number): Promise<Record<string, unknown>> => {
    const row = await t.store.db
      .selectFrom('dashboards')
      .select('json_metadata')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.json_metadata ?? 'null') as Record<string, unknown>;
  };

  it('stores the version and leaves it out of the GET and PUT answers', async () => {
    const id = await createDashboard(t, {
      dashboard_title: 'Versioned',
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
    });
    expect(await storedMetadata(id)).toMatchObject({
      color_scheme: 'supersetColors',
      [JSON_METADATA_VERSION_KEY]: JSON_METADATA_VERSION,
    });

    const read = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json();
    expect(JSON.parse(read.result.json_metadata)).toEqual({ color_scheme: 'supersetColors' });

    // A client that sends the key back (here, an old copy of a stored document) is not refused.
    const sent = JSON.stringify({
      refresh_frequency: 60,
      [JSON_METADATA_VERSION_KEY]: JSON_METADATA_VERSION,
    });
    const put = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { json_metadata: sent },
    });
    expect(put.statusCode).toBe(200);
    expect(JSON.parse(put.json().result.json_metadata)).toEqual({ refresh_frequency: 60 });
    expect(await storedMetadata(id)).toEqual({
      refresh_frequency: 60,
      [JSON_METADATA_VERSION_KEY]: JSON_METADATA_VERSION,
    });

    const full = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { dashboard_title: 'Versioned', css: '', json_metadata: sent },
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().result.json_metadata).not.toContain(JSON_METADATA_VERSION_KEY);
    const after = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json();
    expect(after.result.json_metadata).not.toContain(JSON_METADATA_VERSION_KEY);
  });

  it('still reads a legacy document stored without the version, as it was stored', async () => {
    const id = await createDashboard(t, { dashboard_title: 'Legacy' });
    const legacy = JSON.stringify({ color_scheme: 'bnbColors', filter_bar_location: 'HORIZONTAL' });
    await t.store.db
      .updateTable('dashboards')
      .set({ json_metadata: legacy })
      .where('id', '=', id)
      .execute();
    const res = await t.call('admin', { method: 'GET', url: `${BASE}/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.json_metadata).toBe(legacy);
  });
});
