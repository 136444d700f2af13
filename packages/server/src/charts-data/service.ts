import type {
  QueryContext,
  QueryObject,
  ResultFormat,
  ResultType,
} from '@tessera/shared/api/chartData';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { LoadedDataset } from '../datasets/model.ts';
import { TIME_GRAIN_NAMES, type TimeGrain } from '../engines/timeGrains.ts';
import type { Cache } from '../platform/cache/index.ts';
import { compileQuery } from '../query-engine/compiler.ts';
import { queryDialectFor } from '../query-engine/dialects/index.ts';
import { applyPostProcessing, checkPostProcessing } from '../query-engine/postprocessing/index.ts';
import { rlsClausesFor } from '../rls/service.ts';
import { type DataPart, dataPart } from './answer.ts';
import { cacheTimeout, chartDataCacheKey } from './cacheKey.ts';
import {
  datasetForQuery,
  datasetVersion,
  parseDatasourceId,
  readableDatasource,
} from './datasource.ts';
import { runSql } from './execute.ts';

/**
 * `POST /api/v1/chart/data`: one result per query object, in Superset's shape and semantics
 * (reference/superset-api.md, "Chart data"). Rules live here; routes.ts only reads the request.
 */

export interface ChartDataOptions {
  force: boolean;
}

export type QueryResult = Record<string, unknown>;

export interface ChartDataOutcome {
  format: ResultFormat;
  results: QueryResult[];
  /** The data parts, for CSV/XLSX rendering. */
  parts: DataPart[];
}

interface CachedEntry {
  dataset_id: number;
  cached_dttm: string;
  result: QueryResult;
}

/** The data part of a stored result (the data is stored once, inside the result). */
function partOf(result: QueryResult): DataPart {
  const data = (result.data ?? []) as DataPart['data'];
  return {
    colnames: (result.colnames ?? []) as string[],
    coltypes: (result.coltypes ?? []) as DataPart['coltypes'],
    data,
    rowcount: data.length,
    indexnames: data.map((_, i) => i),
    label_map: (result.label_map ?? {}) as DataPart['label_map'],
  };
}

const nowText = () => new Date().toISOString().slice(0, 19);
const CACHED_TYPES = new Set<ResultType>([
  'full',
  'results',
  'post_processed',
  'samples',
  'drill_detail',
]);
const hasTemplate = (value: unknown) => /\{\{|\{%/.test(JSON.stringify(value ?? ''));

function effectiveQuery(
  query: QueryObject,
  type: ResultType,
  dataset: LoadedDataset,
  samplesLimit: number,
): QueryObject {
  if (type !== 'samples' && type !== 'drill_detail') return query;
  // Samples and drill-to-detail read raw rows of every column, keeping the query's filters.
  const columns = datasetForQuery(dataset).columns.map((c) => c.column_name);
  return {
    ...query,
    columns,
    metrics: [],
    orderby: [],
    post_processing: [],
    series_limit: 0,
    is_timeseries: false,
    row_limit:
      type === 'samples'
        ? Math.min(query.row_limit || samplesLimit, samplesLimit)
        : query.row_limit,
  };
}

export async function chartData(
  ctx: AppContext,
  cache: Cache,
  request: FastifyRequest,
  body: QueryContext,
  options: ChartDataOptions,
): Promise<ChartDataOutcome> {
  const datasourceId = parseDatasourceId(body.datasource.id, body.datasource.type);
  const dataset = await readableDatasource(ctx, request, datasourceId);
  const dialect = queryDialectFor(dataset.database.engine);
  const format: ResultFormat = body.result_format ?? 'json';
  const force = options.force || body.force === true;
  for (const query of body.queries) checkPostProcessing(query.post_processing);
  const user = request.user;
  const rls = await rlsClausesFor(
    ctx,
    user
      ? { id: user.id, username: user.username, email: user.email, roles: user.roles }
      : { roles: request.publicRoles },
    dataset.row.id,
  );
  const forQuery = datasetForQuery(dataset);
  const userDependent = hasTemplate(forQuery) || rls.length > 0;
  const results: QueryResult[] = [];
  const parts: DataPart[] = [];

  for (const rawQuery of body.queries) {
    const type: ResultType = rawQuery.result_type ?? body.result_type ?? 'full';
    if (type === 'timegrains') {
      const data = dialect.timeGrains.map((grain) => ({
        name: TIME_GRAIN_NAMES[grain as TimeGrain] ?? grain,
        function: dialect.timeGrainExpression(grain, '{col}') ?? '',
        duration: grain,
      }));
      results.push({ data, colnames: ['name', 'function', 'duration'], rowcount: data.length });
      continue;
    }
    if (type === 'columns') {
      const data = forQuery.columns.map((c) => ({
        column_name: c.column_name,
        verbose_name:
          dataset.columns.find((x) => x.column_name === c.column_name)?.verbose_name ?? null,
        dtype: c.type ?? null,
      }));
      results.push({
        data,
        colnames: ['column_name', 'verbose_name', 'dtype'],
        rowcount: data.length,
      });
      continue;
    }
    const query = effectiveQuery(rawQuery, type, dataset, ctx.config.samplesRowLimit);
    const compiled = compileQuery({
      dataset: forQuery,
      query,
      dialect,
      rlsClauses: rls,
      sqlMaxRow: ctx.config.sqlMaxRow,
      defaultRowLimit: ctx.config.rowLimit,
      timeZone: ctx.config.timeZone,
      user: user ? { id: user.id, username: user.username, email: user.email } : null,
    });
    if (type === 'query') {
      results.push({ query: compiled.sql, language: 'sql' });
      continue;
    }
    const key = chartDataCacheKey({
      query: rawQuery,
      datasourceId: dataset.row.id,
      datasourceVersion: datasetVersion(dataset),
      rlsClauses: rls,
      resultType: type,
      userId: userDependent || hasTemplate(rawQuery) ? (user?.id ?? null) : null,
    });
    const timeout = cacheTimeout(
      [body.custom_cache_timeout, dataset.row.cache_timeout, dataset.database.cache_timeout],
      ctx.config.dataCacheTimeout,
    );
    const useCache = CACHED_TYPES.has(type) && timeout >= 0;
    let entry: CachedEntry | null = null;
    if (useCache && !force) entry = await readCache(ctx, cache, key);
    if (entry) {
      results.push({
        ...entry.result,
        cache_key: key,
        is_cached: true,
        cached_dttm: entry.cached_dttm,
        result_format: format,
      });
      parts.push(partOf(entry.result));
      continue;
    }
    const run = await runSql(ctx, dataset.database.id, compiled.sql, {
      schema: dataset.row.schema,
      timeoutSeconds: ctx.config.webserverTimeout,
      maxRows: compiled.rowLimit,
      aliasToLabel: compiled.aliasToLabel,
    });
    const processed =
      type === 'samples' || type === 'drill_detail'
        ? run.frame
        : applyPostProcessing(run.frame, query.post_processing);
    const part = dataPart(processed, run.coltypes, compiled.labels);
    const result: QueryResult = {
      cache_key: key,
      cached_dttm: null,
      cache_timeout: timeout,
      applied_template_filters: compiled.appliedTemplateFilters,
      annotation_data: {},
      error: null,
      is_cached: false,
      query: compiled.sql,
      status: 'success',
      stacktrace: null,
      sql_rowcount: run.sqlRowcount,
      from_dttm: compiled.fromDttm ? compiled.fromDttm.getTime() : null,
      to_dttm: compiled.toDttm ? compiled.toDttm.getTime() : null,
      ...part,
      result_format: format,
      applied_filters: compiled.appliedFilters,
      rejected_filters: compiled.rejectedFilters,
    };
    if (type === 'results') {
      for (const field of [
        'query',
        'cache_timeout',
        'annotation_data',
        'stacktrace',
        'label_map',
        'indexnames',
      ]) {
        delete result[field];
      }
    }
    if (useCache) {
      const stored: CachedEntry = { dataset_id: dataset.row.id, cached_dttm: nowText(), result };
      await writeCache(ctx, cache, key, stored, timeout);
    }
    results.push(result);
    parts.push(part);
  }
  return { format, results, parts };
}

async function readCache(ctx: AppContext, cache: Cache, key: string): Promise<CachedEntry | null> {
  try {
    const text = await cache.get(key);
    return text ? (JSON.parse(text) as CachedEntry) : null;
  } catch (error) {
    // A cache outage slows answers down; it must not fail them.
    ctx.logger.warn({ error: (error as Error)?.name }, 'chart data cache read failed');
    return null;
  }
}

async function writeCache(
  ctx: AppContext,
  cache: Cache,
  key: string,
  entry: CachedEntry,
  timeout: number,
) {
  try {
    await cache.set(key, JSON.stringify(entry), timeout);
  } catch (error) {
    ctx.logger.warn({ error: (error as Error)?.name }, 'chart data cache write failed');
  }
}

/** `GET /api/v1/chart/data/{cache_key}`: a cached answer, after the same access check. */
export async function cachedChartData(
  ctx: AppContext,
  cache: Cache,
  request: FastifyRequest,
  key: string,
): Promise<QueryResult | null> {
  const entry = await readCache(ctx, cache, key);
  if (!entry) return null;
  await readableDatasource(ctx, request, entry.dataset_id);
  return { ...entry.result, cache_key: key, is_cached: true, cached_dttm: entry.cached_dttm };
}
