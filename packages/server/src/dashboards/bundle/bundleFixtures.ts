import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import YAML from 'yaml';

/**
 * Hand-made bundles for the import tests and the browser journeys: no server code is imported,
 * so the e2e project can use them without the server's types.
 */

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
