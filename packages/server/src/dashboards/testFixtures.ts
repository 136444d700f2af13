import { randomUUID } from 'node:crypto';
import { nowIso } from '../platform/metadata/store.ts';
import type { Caller, TestApp } from '../testing/harness.ts';

/** Shared set-up of the dashboard API tests. */

export const BASE = '/api/v1/dashboard';
export const rison = (text: string) => encodeURIComponent(text);

/** A chart on a dataset, written straight to the store (the charts API is another feature's). */
export async function insertChart(
  t: TestApp,
  name: string,
  datasetId: number | null,
  params: Record<string, unknown> = {},
): Promise<number> {
  const now = nowIso();
  const row = await t.store.db
    .insertInto('slices')
    .values({
      uuid: randomUUID(),
      slice_name: name,
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: datasetId === null ? null : 'table',
      datasource_name: null,
      params: JSON.stringify({ viz_type: 'table', metrics: ['count'], ...params }),
      query_context: null,
      description: null,
      cache_timeout: null,
      certified_by: null,
      certification_details: null,
      external_url: null,
      last_saved_at: now,
      last_saved_by_fk: null,
      created_by_fk: null,
      changed_by_fk: null,
      created_on: now,
      changed_on: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createDashboard(
  t: TestApp,
  body: Record<string, unknown>,
  caller: Caller = 'admin',
): Promise<number> {
  const res = await t.call(caller, { method: 'POST', url: `${BASE}/`, payload: body });
  if (res.statusCode !== 201) throw new Error(`creating a dashboard failed: ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** A layout of one row holding the given charts. */
export function layoutOf(chartIds: number[]): Record<string, unknown> {
  const charts = Object.fromEntries(
    chartIds.map((id, i) => [
      `CHART-${i + 1}`,
      {
        id: `CHART-${i + 1}`,
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
        meta: { chartId: id, width: 4, height: 50 },
      },
    ]),
  );
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Sales' } },
    'ROW-1': {
      id: 'ROW-1',
      type: 'ROW',
      children: Object.keys(charts),
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    ...charts,
  };
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const row = await t.store.db
    .selectFrom('ab_user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}
