import { randomUUID } from 'node:crypto';
import { nowIso } from '../platform/metadata/store.ts';
import type { TestApp, TestUser } from '../testing/harness.ts';

/** Shared set-up of the chart and explore API tests. */

export const CHARTS = '/api/v1/chart';
export const rison = (text: string) => encodeURIComponent(text);

export async function userId(t: TestApp, username: TestUser): Promise<number> {
  const row = await t.store.db
    .selectFrom('ab_user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A dashboard written straight into the store (the dashboards API is another feature), owned by
 * `owner`, with an optional layout.
 */
export async function makeDashboard(
  t: TestApp,
  title: string,
  owner: TestUser,
  positionJson: string | null = null,
): Promise<number> {
  const now = nowIso();
  const row = await t.store.db
    .insertInto('dashboards')
    .values({
      uuid: randomUUID(),
      dashboard_title: title,
      position_json: positionJson,
      json_metadata: '{}',
      created_on: now,
      changed_on: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.store.db
    .insertInto('dashboard_user')
    .values({ dashboard_id: row.id, user_id: await userId(t, owner) })
    .execute();
  return row.id;
}

export async function dashboardPosition(t: TestApp, id: number): Promise<Record<string, unknown>> {
  const row = await t.store.db
    .selectFrom('dashboards')
    .select('position_json')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.position_json ?? '{}') as Record<string, unknown>;
}

export function chartBody(datasetId: number, extra: Record<string, unknown> = {}) {
  return {
    slice_name: 'Sales by region',
    viz_type: 'pie',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({
      datasource: `${datasetId}__table`,
      viz_type: 'pie',
      groupby: ['region'],
    }),
    ...extra,
  };
}

export async function saveChart(
  t: TestApp,
  caller: TestUser,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await t.call(caller, { method: 'POST', url: `${CHARTS}/`, payload: body });
  if (res.statusCode !== 201)
    throw new Error(`saving a chart failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}
