import { type QueryContext, QueryObject } from '@tessera/shared/api/chartData';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { chartRepository } from './repository.ts';
import { chartData, type QueryResult } from './service.ts';

/**
 * Superset's legacy chart data: `form_data` (a saved chart's `slice_id`, and the explore
 * controls the legacy `POST /superset/explore_json/` takes) turned into a query context.
 */

type FormData = Record<string, unknown>;

/** `form_data` JSON text (query string or body field) or an object; anything else is a 400. */
export function parseFormData(raw: unknown): FormData {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'object' && !Array.isArray(raw)) return raw as FormData;
  if (typeof raw === 'string') {
    try {
      const value = JSON.parse(raw) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as FormData;
    } catch {
      // fall through
    }
  }
  throw badRequest('form_data is not valid JSON');
}

/** A `slice_id` in form_data names a saved chart, which must exist. */
export async function checkSliceId(ctx: AppContext, formData: FormData): Promise<void> {
  if (formData.slice_id === undefined || formData.slice_id === null) return;
  const id = Number(formData.slice_id);
  if (!Number.isInteger(id) || id <= 0) throw badRequest('slice_id must be a chart id');
  if (!(await chartRepository.get(ctx.store, id))) throw notFound('Chart not found');
}

interface AdhocFilter {
  expressionType?: string;
  clause?: string;
  subject?: unknown;
  operator?: string;
  comparator?: unknown;
  sqlExpression?: string;
}

const LEGACY_OPERATORS: Record<string, string> = {
  in: 'IN',
  'not in': 'NOT IN',
  like: 'LIKE',
  ilike: 'ILIKE',
  'is null': 'IS NULL',
  'is not null': 'IS NOT NULL',
};

/** The query object of the generic (table-like) legacy chart. */
export function queryObjectFromFormData(formData: FormData): QueryObject {
  const raw = formData.query_mode === 'raw';
  const filters: unknown[] = [];
  const where: string[] = [];
  const having: string[] = [];
  const adhoc = formData.adhoc_filters ?? [];
  if (!Array.isArray(adhoc)) throw badRequest('adhoc_filters must be a list');
  for (const item of adhoc as AdhocFilter[]) {
    if (!item || typeof item !== 'object') throw badRequest('adhoc_filters must hold objects');
    const clause = String(item.clause ?? 'WHERE').toUpperCase();
    if (item.expressionType === 'SQL') {
      if (typeof item.sqlExpression !== 'string' || !item.sqlExpression.trim()) continue;
      (clause === 'HAVING' ? having : where).push(`(${item.sqlExpression})`);
      continue;
    }
    const op = String(item.operator ?? '');
    filters.push({
      col: item.subject,
      op: LEGACY_OPERATORS[op.toLowerCase()] ?? op,
      val: item.comparator,
    });
  }
  const metrics = raw
    ? []
    : ((formData.metrics as unknown[]) ?? (formData.metric ? [formData.metric] : []));
  const columns = raw
    ? (formData.all_columns ?? formData.columns ?? [])
    : (formData.groupby ?? formData.columns ?? []);
  const orderDesc = formData.order_desc === undefined ? true : Boolean(formData.order_desc);
  const sortBy = formData.timeseries_limit_metric ?? formData.series_limit_metric;
  const candidate = {
    columns,
    metrics,
    filters,
    extras: {
      where: where.join(' AND ') || undefined,
      having: having.join(' AND ') || undefined,
      time_grain_sqla: formData.time_grain_sqla ?? undefined,
    },
    granularity: formData.granularity_sqla ?? formData.granularity ?? undefined,
    time_range: formData.time_range ?? undefined,
    row_limit: formData.row_limit === undefined ? undefined : Number(formData.row_limit),
    order_desc: orderDesc,
    orderby: sortBy ? [[sortBy, !orderDesc]] : undefined,
    url_params: formData.url_params ?? undefined,
  };
  const parsed = QueryObject.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      `Invalid form_data: ${issue?.path.join('.') || 'value'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

function datasourceOf(
  formData: FormData,
  fromPath: { type?: string; id?: string },
): QueryContext['datasource'] {
  if (fromPath.type && fromPath.id) return { id: fromPath.id, type: fromPath.type };
  const key = formData.datasource;
  if (typeof key === 'string' && /^\d+__\w+$/.test(key)) {
    const [id, type] = key.split('__') as [string, string];
    return { id: Number(id), type };
  }
  throw badRequest('form_data has no datasource (such as "1__table")');
}

/** `POST /superset/explore_json/`: the legacy payload of a viz, for the generic case. */
export async function exploreJson(
  ctx: AppContext,
  actor: Actor,
  formData: FormData,
  options: { force: boolean; path: { type?: string; id?: string }; cachedOnly?: boolean },
): Promise<QueryResult> {
  requirePermission(actor, 'can_read', 'Chart');
  if (Object.keys(formData).length === 0) throw badRequest('form_data is required');
  await checkSliceId(ctx, formData);
  const query = queryObjectFromFormData(formData);
  const outcome = await chartData(
    ctx,
    actor,
    {
      datasource: datasourceOf(formData, options.path),
      queries: [query],
      result_type: 'full',
      result_format: 'json',
      force: options.force,
    },
    { force: options.force, cachedOnly: options.cachedOnly },
  );
  const result = outcome.results[0] as QueryResult;
  return {
    cache_key: result.cache_key,
    cached_dttm: result.cached_dttm ?? null,
    cache_timeout: result.cache_timeout,
    applied_template_filters: result.applied_template_filters ?? [],
    applied_filters: result.applied_filters ?? [],
    rejected_filters: result.rejected_filters ?? [],
    annotation_data: result.annotation_data ?? {},
    error: null,
    errors: [],
    form_data: formData,
    is_cached: result.is_cached,
    query: result.query,
    from_dttm: result.from_dttm ?? null,
    to_dttm: result.to_dttm ?? null,
    status: 'success',
    stacktrace: null,
    rowcount: result.rowcount,
    colnames: result.colnames,
    coltypes: result.coltypes,
    data: result.data,
  };
}
