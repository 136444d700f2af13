import type { DatasourceJson } from '@tessera/shared/api/datasets';
import { isDatasetType, isDatasourceType, parseDatasourceKey } from '@tessera/shared/datasourceKey';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import type { Actor } from '../security/actor.ts';
import { pickFields, toDatasourceJson, toItem } from './present.ts';
import { readableDataset } from './service.ts';

/** Reading one dataset: the API item (with `q` picking fields) and explore's datasource JSON. */

const SHOW_META = ['show_columns', 'label_columns', 'description_columns', 'show_title'] as const;

export interface ShowQuery {
  columns?: string[];
  keys?: string[];
}

const labelOf = (column: string) =>
  column
    .split(/[_.]/)
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');

/** GET /api/v1/dataset/{id_or_uuid}: `{id, result, show_columns, label_columns, ...}`. */
export async function showDataset(
  ctx: AppContext,
  actor: Actor,
  idOrUuid: string,
  q: ShowQuery,
): Promise<Record<string, unknown>> {
  const dataset = await readableDataset(ctx, actor, idOrUuid);
  const item = toItem(dataset) as unknown as Record<string, unknown>;
  const result = q.columns && q.columns.length > 0 ? pickFields(item, q.columns) : item;
  const showColumns = q.columns && q.columns.length > 0 ? q.columns : Object.keys(item);
  const meta: Record<string, unknown> = {
    show_columns: showColumns,
    label_columns: Object.fromEntries(showColumns.map((c) => [c, labelOf(c)])),
    description_columns: {},
    show_title: 'Show Sqla Table',
  };
  const answer: Record<string, unknown> = { id: dataset.row.id, result };
  for (const key of SHOW_META) if (!q.keys || q.keys.includes(key)) answer[key] = meta[key];
  return answer;
}

/**
 * The datasource JSON for `{type}/{id}`. `table`, `dataset` and `sl_table` name datasets; the
 * `query` and `saved_query` types belong to SQL Lab and are not served here.
 */
export async function datasourceJson(
  ctx: AppContext,
  actor: Actor,
  type: string,
  id: number,
): Promise<DatasourceJson> {
  if (!isDatasourceType(type)) throw badRequest(`Invalid datasource type: ${type}`);
  if (!isDatasetType(type)) throw notFound(`Datasource type ${type} is not available here`);
  const dataset = await readableDataset(ctx, actor, id);
  return toDatasourceJson(dataset);
}

/** `fetch_datasource_metadata?datasourceKey={id}__{type}`. */
export async function fetchDatasourceMetadata(
  ctx: AppContext,
  actor: Actor,
  datasourceKey: string | undefined,
): Promise<DatasourceJson> {
  const key = parseDatasourceKey(datasourceKey);
  if (!key) throw badRequest(`Invalid datasource key: ${datasourceKey ?? ''}`);
  return datasourceJson(ctx, actor, key.type, key.id);
}
