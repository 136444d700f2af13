import type { LightMyRequestResponse } from 'fastify';
import type { Caller, TestApp } from '../../testing/harness.ts';
import { BASE } from '../testFixtures.ts';

/** Shared set-up of the bundle tests: the multipart import call (hand-made bundles: bundleFixtures.ts). */

export { bundleFiles, makeBundle } from './bundleFixtures.ts';

export async function zipBody(zip: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append(
    'formData',
    new Blob([new Uint8Array(zip)], { type: 'application/zip' }),
    'bundle.zip',
  );
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

export async function importBundle(
  t: TestApp,
  caller: Caller,
  zip: Buffer,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.call(caller, {
    method: 'POST',
    url: `${BASE}/import/`,
    ...(await zipBody(zip, fields)),
  });
}

/** How many rows each imported object type has in the store. */
export async function storeCounts(t: TestApp) {
  const count = async (table: 'dbs' | 'tables' | 'slices' | 'dashboards') =>
    Number(
      (
        await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    databases: await count('dbs'),
    datasets: await count('tables'),
    charts: await count('slices'),
    dashboards: await count('dashboards'),
  };
}
