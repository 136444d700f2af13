import type {
  DashboardChart,
  DashboardItem,
  DashboardListRow,
} from '@tessera/shared/api/dashboards';
import { toWireJsonMetadata } from '@tessera/shared/dashboard/metadata';
import { dashboardUrl } from '@tessera/shared/dashboard/slug';
import { parseJsonObject } from '@tessera/shared/json';
import { humanizeAge } from '../databases/present.ts';
import type { DashboardRecord, PersonRow, SliceRow } from './repository.ts';

/** Stored dashboards and charts to the wire shapes of `/api/v1/dashboard/`. */

/** By slug, except a slug that reads as an id or uuid: that path would open another dashboard. */

const person = (p: PersonRow | null) =>
  p ? { id: p.id, first_name: p.first_name, last_name: p.last_name } : null;
const fullName = (p: PersonRow | null) => (p ? `${p.first_name} ${p.last_name}`.trim() : '');

/** Epoch seconds of a stored time, whole seconds as Superset answers last_modified_time. */
export const epochSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export function toItem(
  record: DashboardRecord,
  sliceNames: string[],
  now = new Date(),
): DashboardItem {
  const { row } = record;
  return {
    id: row.id,
    uuid: row.uuid,
    slug: row.slug,
    url: dashboardUrl(row),
    dashboard_title: row.dashboard_title,
    thumbnail_url: null,
    published: row.published === 1,
    css: row.css,
    json_metadata: toWireJsonMetadata(row.json_metadata),
    position_json: row.position_json,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    description: row.description,
    changed_on: row.changed_on,
    changed_on_humanized: humanizeAge(row.changed_on, now),
    changed_on_delta_humanized: humanizeAge(row.changed_on, now),
    changed_by: person(record.changedBy),
    changed_by_name: fullName(record.changedBy),
    created_on_delta_humanized: humanizeAge(row.created_on, now),
    created_by: person(record.createdBy),
    charts: sliceNames,
    owners: record.owners.map((o) => person(o) as NonNullable<ReturnType<typeof person>>),
    roles: record.roles,
    tags: [],
    is_managed_externally: row.is_managed_externally === 1,
    external_url: row.external_url,
  };
}

export function toListRow(record: DashboardRecord, now = new Date()): DashboardListRow {
  const { row } = record;
  return {
    id: row.id,
    uuid: row.uuid,
    dashboard_title: row.dashboard_title,
    slug: row.slug,
    url: dashboardUrl(row),
    published: row.published === 1,
    status: row.published === 1 ? 'published' : 'draft',
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    changed_by: person(record.changedBy),
    changed_by_name: fullName(record.changedBy),
    changed_on_delta_humanized: humanizeAge(row.changed_on, now),
    changed_on_utc: new Date(row.changed_on).toISOString(),
    created_by: person(record.createdBy),
    created_on_delta_humanized: humanizeAge(row.created_on, now),
    owners: record.owners.map((o) => ({
      id: o.id,
      first_name: o.first_name,
      last_name: o.last_name,
    })),
    roles: record.roles,
    tags: [],
    thumbnail_url: null,
    is_managed_externally: row.is_managed_externally === 1,
  };
}

export function toDashboardChart(
  slice: SliceRow,
  owners: PersonRow[],
  datasourceName: string | null,
  now = new Date(),
): DashboardChart {
  const formData = parseJsonObject(slice.params);
  const datasource =
    slice.datasource_id !== null
      ? `${slice.datasource_id}__${slice.datasource_type ?? 'table'}`
      : '';
  return {
    id: slice.id,
    uuid: slice.uuid,
    slice_name: slice.slice_name,
    slice_url: `/explore/?slice_id=${slice.id}`,
    viz_type: slice.viz_type,
    // The saved form data, completed with what identifies the chart, as Superset's form_data.
    form_data: {
      ...formData,
      slice_id: slice.id,
      viz_type: slice.viz_type,
      ...(datasource ? { datasource } : {}),
    },
    description: slice.description,
    description_markdown: slice.description ?? '',
    cache_timeout: slice.cache_timeout,
    certified_by: slice.certified_by,
    certification_details: slice.certification_details,
    changed_on: slice.changed_on,
    changed_on_humanized: humanizeAge(slice.changed_on, now),
    modified: humanizeAge(slice.changed_on, now),
    datasource_id: slice.datasource_id,
    datasource_type: slice.datasource_type,
    datasource_name_text: datasourceName ?? slice.datasource_name,
    datasource_url:
      slice.datasource_id !== null
        ? `/explore/?datasource_type=table&datasource_id=${slice.datasource_id}`
        : null,
    is_managed_externally: slice.is_managed_externally === 1,
    owners: owners.map((o) => ({ id: o.id, first_name: o.first_name, last_name: o.last_name })),
    thumbnail_url: null,
  };
}

/** A list row with only the (possibly dotted) `columns` asked for. */
export function pickColumns(
  item: Record<string, unknown>,
  columns: string[] | undefined,
): Record<string, unknown> {
  if (!columns || columns.length === 0) return item;
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    const [head, tail] = column.split('.', 2) as [string, string | undefined];
    const value = item[head];
    if (value === undefined) continue;
    if (tail === undefined) {
      out[head] = value;
    } else if (Array.isArray(value)) {
      const prior =
        (out[head] as Array<Record<string, unknown>> | undefined) ?? value.map(() => ({}));
      value.forEach((v, i) => {
        (prior[i] as Record<string, unknown>)[tail] = (v as Record<string, unknown>)[tail];
      });
      out[head] = prior;
    } else if (value === null) {
      out[head] = null;
    } else {
      const nested = (out[head] ?? {}) as Record<string, unknown>;
      nested[tail] = (value as Record<string, unknown>)[tail];
      out[head] = nested;
    }
  }
  return out;
}
