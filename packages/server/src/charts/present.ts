import { createHash } from 'node:crypto';
import {
  type ChartItem,
  type ChartListRow,
  type ChartWriteResult,
  chartUrl,
} from '@tessera/shared/api/charts';
import type { UserRef } from '@tessera/shared/api/common';
import { toWireJsonMetadata } from '@tessera/shared/dashboard/metadata';
import { humanizeAge } from '../databases/present.ts';
import { exploreUrl } from '../datasets/present.ts';
import type { ChartLookups, ChartRecord } from './model.ts';

/** Stored charts to the wire shapes of `/api/v1/chart/`. */

function person(lookups: ChartLookups, id: number | null): UserRef | null {
  if (id === null) return null;
  const user = lookups.users.get(id);
  return user ? { id, first_name: user.first_name, last_name: user.last_name } : null;
}

function owners(lookups: ChartLookups, record: ChartRecord): UserRef[] {
  return record.ownerIds.map((id) => person(lookups, id)).filter((u): u is UserRef => u !== null);
}

/** Superset's dataset name: `schema.table` when there is a schema. */
export function datasourceNameOf(record: ChartRecord): string | null {
  const dataset = record.dataset;
  if (!dataset) return record.row.datasource_name;
  const { schema, table_name } = dataset.row;
  return schema ? `${schema}.${table_name}` : table_name;
}

/** No thumbnail renderer yet; the address changes with the chart, as Superset's digest does. */
export function thumbnailUrl(record: ChartRecord): string {
  const digest = createHash('sha1')
    .update(`${record.row.uuid}:${record.row.changed_on}`)
    .digest('hex');
  return `/api/v1/chart/${record.row.id}/thumbnail/${digest}/`;
}

export function toItem(record: ChartRecord, lookups: ChartLookups): ChartItem {
  const { row } = record;
  return {
    id: row.id,
    uuid: row.uuid,
    slice_name: row.slice_name,
    viz_type: row.viz_type,
    params: row.params,
    query_context: row.query_context,
    description: row.description,
    cache_timeout: row.cache_timeout,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    owners: owners(lookups, record),
    dashboards: record.dashboardIds
      .map((id) => lookups.dashboards.get(id))
      .filter((d) => d !== undefined)
      .map((d) => ({
        id: d.id,
        dashboard_title: d.dashboard_title,
        json_metadata: toWireJsonMetadata(d.json_metadata),
      })),
    tags: [],
    changed_on_delta_humanized: humanizeAge(row.changed_on),
    url: chartUrl(row.id),
    thumbnail_url: thumbnailUrl(record),
    is_managed_externally: Boolean(row.is_managed_externally),
  };
}

export function toListRow(record: ChartRecord, lookups: ChartLookups, now: Date): ChartListRow {
  const { row } = record;
  const changedBy = person(lookups, row.changed_by_fk);
  return {
    id: row.id,
    uuid: row.uuid,
    slice_name: row.slice_name,
    url: chartUrl(row.id),
    viz_type: row.viz_type,
    params: row.params,
    description: row.description,
    cache_timeout: row.cache_timeout,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    datasource_name_text: datasourceNameOf(record),
    datasource_url: record.dataset ? exploreUrl(record.dataset) : null,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    changed_on_delta_humanized: humanizeAge(row.changed_on, now),
    changed_on_utc: row.changed_on,
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    created_by: person(lookups, row.created_by_fk),
    created_on_delta_humanized: humanizeAge(row.created_on, now),
    owners: owners(lookups, record),
    dashboards: record.dashboardIds
      .map((id) => lookups.dashboards.get(id))
      .filter((d) => d !== undefined)
      .map((d) => ({ id: d.id, dashboard_title: d.dashboard_title })),
    last_saved_at: row.last_saved_at,
    last_saved_by: person(lookups, row.last_saved_by_fk),
    thumbnail_url: thumbnailUrl(record),
    is_managed_externally: Boolean(row.is_managed_externally),
    tags: [],
  };
}

export function toWriteResult(record: ChartRecord): ChartWriteResult {
  const { row } = record;
  return {
    slice_name: row.slice_name,
    viz_type: row.viz_type,
    params: row.params,
    query_context: row.query_context,
    description: row.description,
    cache_timeout: row.cache_timeout,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    owners: record.ownerIds,
    dashboards: record.dashboardIds,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
  };
}
