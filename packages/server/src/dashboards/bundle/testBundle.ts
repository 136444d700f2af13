import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import JSZip from 'jszip';
import YAML from 'yaml';
import type { Caller, TestApp } from '../../testing/harness.ts';
import { BASE } from '../testFixtures.ts';

/** Shared set-up of the bundle tests: hand-made bundles and the multipart import call. */

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

/** A ZIP of YAML files below one root folder; `metadata.yaml` is added unless given. */
export async function makeBundle(files: Record<string, unknown>): Promise<Buffer> {
  const zip = new JSZip();
  const all: Record<string, unknown> = {
    'metadata.yaml': { version: '1.0.0', type: 'Dashboard', timestamp: new Date().toISOString() },
    ...files,
  };
  for (const [path, value] of Object.entries(all)) {
    zip.file(`bundle/${path}`, typeof value === 'string' ? value : YAML.stringify(value));
  }
  return zip.generateAsync({ type: 'nodebuffer' });
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

/** The YAML of one database, dataset, chart and dashboard, each with a fresh uuid. */
export function bundleFiles(database: { name: string; uri: string; uuid?: string }) {
  const databaseUuid = database.uuid ?? randomUUID();
  const datasetUuid = randomUUID();
  const chartUuid = randomUUID();
  const dashboardUuid = randomUUID();
  return {
    uuids: {
      database: databaseUuid,
      dataset: datasetUuid,
      chart: chartUuid,
      dashboard: dashboardUuid,
    },
    database: {
      database_name: database.name,
      sqlalchemy_uri: database.uri,
      uuid: databaseUuid,
      version: '1.0.0',
    },
    dataset: {
      table_name: 'sales',
      schema: 'main',
      sql: null,
      uuid: datasetUuid,
      database_uuid: databaseUuid,
      columns: [{ column_name: 'region', type: 'VARCHAR' }],
      metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
      version: '1.0.0',
    } as Record<string, unknown>,
    chart: {
      slice_name: 'Imported chart',
      viz_type: 'table',
      params: { viz_type: 'table' },
      uuid: chartUuid,
      dataset_uuid: datasetUuid,
      version: '1.0.0',
    } as Record<string, unknown>,
    dashboard: {
      dashboard_title: 'Imported board',
      uuid: dashboardUuid,
      position: {
        DASHBOARD_VERSION_KEY: 'v2',
        ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
        GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
        'ROW-1': {
          id: 'ROW-1',
          type: 'ROW',
          children: ['CHART-1'],
          parents: ['ROOT_ID', 'GRID_ID'],
          meta: { background: 'BACKGROUND_TRANSPARENT' },
        },
        'CHART-1': {
          id: 'CHART-1',
          type: 'CHART',
          children: [],
          parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
          meta: { chartId: 9001, uuid: chartUuid, width: 4, height: 50 },
        },
      },
      metadata: {},
      version: '1.0.0',
    } as Record<string, unknown>,
  };
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
