import {
  type ExploreQuery,
  type ExploreResult,
  type ExploreSlice,
  explorePermissions,
  MISSING_DATASET_MESSAGE,
} from '@tessera/shared/api/explore';
import { isDatasourceType, parseDatasourceKey } from '@tessera/shared/datasourceKey';
import { badRequest } from '@tessera/shared/errors';
import type { ChartRecord } from '../charts/model.ts';
import { datasourceNameOf, thumbnailUrl } from '../charts/present.ts';
import { visibleChart } from '../charts/service.ts';
import type { AppContext } from '../context.ts';
import { humanizeAge } from '../databases/present.ts';
import { parseJsonObject } from '../datasets/model.ts';
import { exploreUrl, toDatasourceJson } from '../datasets/present.ts';
import { type Actor, requirePermission, requireUser, rolesOf } from '../security/actor.ts';
import { readableDatasource } from './access.ts';
import { findFormData } from './formData.ts';
import { readExplorePermalink } from './permalink.ts';

/**
 * `GET /api/v1/explore/` (Superset's GetExploreCommand): what the explore page opens with. The
 * form data comes from a permalink, else the form-data cache, else the saved chart; the dataset
 * from the URL, else the form data, else the chart. Gaps take the configured defaults.
 */

const CACHE_MISS_CHART = 'Form data not found in cache, reverting to chart metadata.';
const CACHE_MISS_DATASET = 'Form data not found in cache, reverting to dataset metadata.';

function parseParams(text: string | null): Record<string, unknown> {
  return parseJsonObject(text);
}

function toExploreSlice(record: ChartRecord): ExploreSlice {
  const { row } = record;
  const formData: Record<string, unknown> = {
    ...parseParams(row.params),
    slice_id: row.id,
    viz_type: row.viz_type,
  };
  const datasource =
    row.datasource_id !== null ? `${row.datasource_id}__${row.datasource_type ?? 'table'}` : null;
  if (datasource) formData.datasource = datasource;
  return {
    slice_id: row.id,
    slice_name: row.slice_name,
    slice_url: `/explore/?slice_id=${row.id}`,
    viz_type: row.viz_type,
    description: row.description,
    description_markeddown: row.description ?? '',
    cache_timeout: row.cache_timeout,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    changed_on: row.changed_on,
    changed_on_humanized: humanizeAge(row.changed_on),
    modified: humanizeAge(row.changed_on),
    datasource,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    datasource_name: datasourceNameOf(record),
    datasource_url: record.dataset ? exploreUrl(record.dataset) : null,
    edit_url: `/chart/edit/${row.id}`,
    form_data: formData,
    query_context: row.query_context,
    owners: record.ownerIds,
    created_by: row.created_by_fk,
    thumbnail_url: thumbnailUrl(record),
    is_managed_externally: Boolean(row.is_managed_externally),
  };
}

export async function exploreContext(
  ctx: AppContext,
  actor: Actor,
  q: ExploreQuery,
): Promise<ExploreResult> {
  requirePermission(actor, 'can_read', 'Explore');
  const user = requireUser(actor);
  let formData: Record<string, unknown> | null = null;
  let message: string | null = null;
  let sliceId = q.slice_id ?? null;
  let cacheMissed = false;

  if (q.permalink_key) {
    const value = await readExplorePermalink(ctx, actor, q.permalink_key);
    formData = { ...value.state.formData };
    if (value.state.urlParams?.length) {
      formData.url_params = Object.fromEntries(value.state.urlParams);
    }
    sliceId ??= value.chartId;
  } else if (q.form_data_key) {
    const entry = await findFormData(ctx, q.form_data_key);
    if (entry) {
      formData = parseJsonObject(entry.form_data);
      sliceId ??= entry.chart_id;
    } else {
      cacheMissed = true;
    }
  }
  if (sliceId === null && typeof formData?.slice_id === 'number') sliceId = formData.slice_id;

  let record: ChartRecord | null = null;
  if (sliceId !== null) {
    record = (await visibleChart(ctx, actor, sliceId)).record;
    formData ??= parseParams(record.row.params);
  }
  formData ??= {};
  if (cacheMissed) message = record ? CACHE_MISS_CHART : CACHE_MISS_DATASET;

  const key = parseDatasourceKey(
    typeof formData.datasource === 'string' ? formData.datasource : null,
  );
  const datasourceId = q.datasource_id ?? key?.id ?? record?.row.datasource_id ?? null;
  const datasourceType =
    q.datasource_type ??
    key?.type ??
    record?.row.datasource_type ??
    (datasourceId ? 'table' : null);
  if (datasourceType !== null && !isDatasourceType(datasourceType)) {
    throw badRequest(`Invalid datasource type: ${datasourceType}`);
  }

  let dataset: ExploreResult['dataset'] = null;
  if (datasourceId !== null && datasourceType !== null) {
    try {
      dataset = toDatasourceJson(
        await readableDatasource(ctx, actor, datasourceType, datasourceId),
      );
    } catch (error) {
      // A saved chart whose dataset is gone still opens, as Superset shows "[Missing Dataset]";
      // a dataset asked for by id that the caller cannot see stays a 404.
      if (!record || record.dataset) throw error;
      message = MISSING_DATASET_MESSAGE;
    }
    formData.datasource = `${datasourceId}__${dataset ? 'table' : datasourceType}`;
  }
  if (record) formData.slice_id = record.row.id;
  formData.viz_type =
    q.viz_type ||
    (typeof formData.viz_type === 'string' && formData.viz_type) ||
    record?.row.viz_type ||
    ctx.config.defaultVizType;
  if (typeof formData.time_range !== 'string' || formData.time_range === '') {
    formData.time_range = ctx.config.defaultTimeFilter;
  }

  const subject = { ...rolesOf(actor), userId: user.id };
  return {
    dataset,
    form_data: formData,
    slice: record ? toExploreSlice(record) : null,
    message,
    ...explorePermissions(subject, record ? record.ownerIds : null),
  };
}
