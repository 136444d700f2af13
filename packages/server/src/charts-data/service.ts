import type {
  QueryContext,
  QueryObject,
  ResultFormat,
  ResultType,
} from '@tessera/shared/api/chartData';
import type { AppContext } from '../context.ts';
import { dashboardContextOf } from '../dashboards/dataGrant.ts';
import { withoutGeneratedSql } from '../embedded/guestAccess.ts';
import { assertGuestPayload } from '../embedded/guestPayload.ts';
import { TIME_GRAIN_NAMES, type TimeGrain } from '../engines/timeGrains.ts';
import { deepFreeze } from '../platform/deepFreeze.ts';
import { type CompiledQuery, compileQuery } from '../query-engine/compiler.ts';
import { queryDialectFor } from '../query-engine/dialects/index.ts';
import { applyPostProcessing, checkPostProcessing } from '../query-engine/postprocessing/index.ts';
import { parseTimeOffset } from '../query-engine/timeOffsets.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { chartAnnotationData, hasServerLayers, nativeAnnotationData } from './annotations.ts';
import { type DataPart, dataPart } from './answer.ts';
import { cacheTimeout, chartDataCacheKey, hasTemplateText, queryJsonOf } from './cacheKey.ts';
import {
  type ChartSource,
  type DatasourceKind,
  parseDatasource,
  resolveSource,
} from './datasource.ts';
import { hasDeprecatedFields, withCurrentFieldNames } from './deprecatedFields.ts';
import { runSql } from './execute.ts';
import { checkInputSizes } from './inputLimits.ts';
import { latestPartitionsFor } from './partitions.ts';
import { withTimeOffsets } from './timeOffsets.ts';

/**
 * `POST /api/v1/chart/data`: one result per query object, in Superset's shape and semantics
 * (reference/superset-api.md, "Chart data"). Rules live here; routes.ts only reads the request.
 */

export interface ChartDataOptions {
  force: boolean;
  /**
   * The query string's dashboard context (`dashboard_id`, `form_data.slice_id`), used when the
   * query context's own `form_data` names none: with DASHBOARD_RBAC a dashboard's roles grant
   * its charts' data.
   */
  dashboard?: { dashboardId?: unknown; sliceId?: unknown };
  /** Saved charts being drawn as annotation layers further up this request (cycle guard). */
  annotationCharts?: readonly number[];
  /**
   * Answer only from the cache (GLOBAL_ASYNC_QUERIES: a miss becomes a job): the first query
   * that would run throws `NotCached`, after every access check has passed.
   */
  cachedOnly?: boolean;
}

/** A `cachedOnly` call met a query whose result is not in the cache. */
export class NotCached extends Error {
  constructor() {
    super('chart data not cached');
    this.name = 'NotCached';
  }
}

export type QueryResult = Record<string, unknown>;

export interface ChartDataOutcome {
  format: ResultFormat;
  results: QueryResult[];
  /** The data parts, for CSV/XLSX rendering (none for JSON answers). */
  parts: DataPart[];
  /** Each result as JSON text: a cached one is mostly its stored text, never parsed and rebuilt. */
  json: string[];
  /**
   * The whole JSON answer (`{"result":[...]}`) as bytes when it is one cached result without
   * annotations read anew: made once per entry and format and sent as it is, so a repeated hit
   * is neither concatenated nor encoded again.
   */
  answer?: Buffer;
}

interface CachedEntry {
  /** The datasource, re-checked when the entry is read by its key. */
  dataset_id: number;
  datasource_type?: DatasourceKind;
  /** Who the entry was computed for, as its key has it (see `Audience`). */
  audience?: Audience;
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

let compileCount = 0;
/** How many queries chart data has compiled in this process: tests read it to see a hit skip it. */
export const chartDataCompileCount = () => compileCount;

const nowText = () => new Date().toISOString().slice(0, 19);
const CACHED_TYPES = new Set<ResultType>([
  'full',
  'results',
  'post_processed',
  'samples',
  'drill_detail',
]);

function effectiveQuery(
  query: QueryObject,
  type: ResultType,
  source: ChartSource,
  samplesLimit: number,
): QueryObject {
  if (type !== 'samples' && type !== 'drill_detail') return query;
  // Samples and drill-to-detail read raw rows of every column, keeping the query's filters.
  const columns = source.forQuery.columns.map((c) => c.column_name);
  return {
    ...query,
    columns,
    metrics: undefined,
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

/** What compiling a query object of a request needs besides the query object. */
interface CompileScope {
  ctx: AppContext;
  source: ChartSource;
  dialect: ReturnType<typeof queryDialectFor>;
  user: Actor['user'];
  latestPartitions: Awaited<ReturnType<typeof latestPartitionsFor>>;
}

/** Compiles one query object (a module function: a cached hit makes no closure per request). */
function compileFor(scope: CompileScope, query: QueryObject): CompiledQuery {
  compileCount += 1;
  const { ctx, source, user } = scope;
  return compileQuery({
    dataset: source.forQuery,
    query,
    dialect: scope.dialect,
    rlsClauses: source.rlsClauses,
    sqlMaxRow: ctx.config.sqlMaxRow,
    defaultRowLimit: ctx.config.rowLimit,
    timeZone: ctx.config.timeZone,
    user: user ? { id: user.id, username: user.username, email: user.email } : null,
    latestPartitions: scope.latestPartitions,
  });
}

export async function chartData(
  ctx: AppContext,
  actor: Actor,
  sent: QueryContext,
  options: ChartDataOptions,
): Promise<ChartDataOutcome> {
  const source = await resolveSource(
    ctx,
    actor,
    parseDatasource(sent.datasource.id, sent.datasource.type),
    dashboardContextOf(sent.form_data, options.dashboard),
  );
  // After the access checks (an anonymous caller hears 401 first), before anything compiles.
  const body = withCurrentNames(sent);
  await assertGuestPayload(ctx, actor, body, options.dashboard);
  checkInputSizes(body);
  const dialect = queryDialectFor(source.database.engine);
  const format: ResultFormat = body.result_format ?? 'json';
  const force = options.force || body.force === true;
  for (const query of body.queries) checkPostProcessing(query.post_processing);
  const user = actor.user;
  const rls = source.rlsClauses;
  const forQuery = source.forQuery;
  const userDependent = source.templated || rls.length > 0;
  const latestPartitions = await latestPartitionsFor(ctx, source, body.queries);
  const scope: CompileScope = { ctx, source, dialect, user, latestPartitions };
  const results: QueryResult[] = [];
  const parts: DataPart[] = [];
  const json: string[] = [];
  let answer: Buffer | undefined;

  for (const rawQuery of body.queries) {
    const type: ResultType = rawQuery.result_type ?? body.result_type ?? 'full';
    if (type === 'timegrains') {
      const data = dialect.timeGrains.map((grain) => ({
        name: TIME_GRAIN_NAMES[grain as TimeGrain] ?? grain,
        function: dialect.timeGrainExpression(grain, '{col}') ?? '',
        duration: grain,
      }));
      results.push({ data, colnames: ['name', 'function', 'duration'], rowcount: data.length });
      json.push(JSON.stringify(results[results.length - 1]));
      continue;
    }
    if (type === 'columns') {
      const data = forQuery.columns.map((c) => ({
        column_name: c.column_name,
        verbose_name: source.verboseNames[c.column_name] ?? null,
        dtype: c.type ?? null,
      }));
      results.push({
        data,
        colnames: ['column_name', 'verbose_name', 'dtype'],
        rowcount: data.length,
      });
      json.push(JSON.stringify(results[results.length - 1]));
      continue;
    }
    const query = effectiveQuery(rawQuery, type, source, ctx.config.samplesRowLimit);
    const raw = type === 'samples' || type === 'drill_detail';
    const offsets = raw ? [] : (query.time_offsets ?? []);
    offsets.forEach(parseTimeOffset);
    if (type === 'query') {
      results.push({ query: compileFor(scope, query).sql, language: 'sql' });
      json.push(JSON.stringify(results[results.length - 1]));
      continue;
    }
    // The key needs nothing compiled (the query object as sent, the datasource's version, RLS,
    // the user when templates may read it), so a cached answer is found before any SQL is built.
    // An entry is only ever stored after its query compiled, and everything compiling depends on
    // is in the key, so a hit cannot hide a refusal.
    const queryJson = queryJsonOf(rawQuery);
    const audience: Audience = {
      rls,
      user: userDependent || hasTemplateText(queryJson) ? (user?.id ?? null) : null,
    };
    const key = chartDataCacheKey({
      queryJson,
      datasourceId: source.kind === 'query' ? `query:${source.id}` : source.id,
      // A new partition changes what LATEST PARTITION means, so it is part of the key.
      datasourceVersion: latestPartitions ? [source.version, latestPartitions] : source.version,
      rlsClauses: audience.rls,
      resultType: type,
      userId: audience.user,
    });
    const timeout = cacheTimeout(
      [body.custom_cache_timeout, source.cacheTimeout, source.database.cache_timeout],
      ctx.config.dataCacheTimeout,
    );
    const useCache = CACHED_TYPES.has(type) && timeout >= 0;
    const read = useCache && !force ? await readCache(ctx, key) : null;
    const entry = read?.entry;
    const wantsAnnotations = !raw && type !== 'results';
    if (entry) {
      // Annotations are read on every call (never from the cache), so edits show at once; only
      // then is the time range (resolved now, for relative ranges) worth compiling for.
      const annotationData =
        wantsAnnotations && hasServerLayers(query.annotation_layers)
          ? await annotationsFor(ctx, actor, query, compileFor(scope, query), options)
          : null;
      const fresh = {
        ...(annotationData ? { annotation_data: annotationData } : {}),
        cache_key: key,
        is_cached: true,
        cached_dttm: entry.cached_dttm,
        result_format: format,
      };
      results.push({ ...entry.result, ...fresh });
      if (annotationData) json.push(hitJson(read, fresh));
      else {
        json.push(rememberedHitJson(read, fresh, format));
        if (body.queries.length === 1) answer = rememberedAnswer(read, fresh, format);
      }
      if (format !== 'json') parts.push(partOf(entry.result));
      continue;
    }
    if (options.cachedOnly) throw new NotCached();
    const compile = (q: QueryObject) => compileFor(scope, q);
    const compiled = compile(query);
    const annotationData = wantsAnnotations
      ? await annotationsFor(ctx, actor, query, compiled, options)
      : null;
    const runCompiled = (c: CompiledQuery) =>
      runSql(ctx, source.database.id, c.sql, {
        schema: source.schema,
        timeoutSeconds: ctx.config.webserverTimeout,
        maxRows: c.rowLimit,
        aliasToLabel: c.aliasToLabel,
      });
    const run = await runCompiled(compiled);
    let frame = run.frame;
    let statements = [compiled.sql];
    if (offsets.length > 0) {
      const joined = await withTimeOffsets(query, { compiled, run }, compile, runCompiled);
      frame = joined.frame;
      statements = joined.sql;
    }
    const processed = raw ? frame : applyPostProcessing(frame, query.post_processing);
    const part = dataPart(processed, run.coltypes, compiled.labels);
    const result: QueryResult = {
      cache_key: key,
      cached_dttm: null,
      cache_timeout: timeout,
      applied_template_filters: compiled.appliedTemplateFilters,
      annotation_data: annotationData ?? {},
      error: null,
      is_cached: false,
      query: statements.join(';\n\n'),
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
      const stored: CachedEntry = {
        dataset_id: source.id,
        datasource_type: source.kind,
        audience,
        cached_dttm: nowText(),
        result,
      };
      await writeCache(ctx, key, stored, timeout);
    }
    results.push(result);
    json.push(JSON.stringify(result));
    if (format !== 'json') parts.push(part);
  }
  // Answers to a guest carry no generated SQL (Superset pops `query` for guests).
  return withoutGeneratedSql(actor, { format, results, parts, json, answer });
}

/** The context with every query object under current field names (`deprecatedFields.ts`). */
function withCurrentNames(body: QueryContext): QueryContext {
  if (!body.queries.some(hasDeprecatedFields)) return body;
  return { ...body, queries: body.queries.map(withCurrentFieldNames) };
}

/** Native layers overlapping the query's range, and chart-sourced layers' charts run as well. */
async function annotationsFor(
  ctx: AppContext,
  actor: Actor,
  query: QueryObject,
  compiled: CompiledQuery,
  options: ChartDataOptions,
) {
  const native = await nativeAnnotationData(ctx, actor, query.annotation_layers, {
    since: compiled.fromDttm,
    until: compiled.toDttm,
  });
  const charts = await chartAnnotationData(
    ctx,
    actor,
    query.annotation_layers,
    options.annotationCharts ?? [],
    async (context, stack) =>
      (await chartData(ctx, actor, context, { force: options.force, annotationCharts: stack }))
        .results,
  );
  return { ...native, ...charts };
}

/** A cache entry as read: parsed, and its result as JSON without the fields a hit sets anew. */
interface CacheRead {
  entry: CachedEntry;
  /** The stored result's JSON less `HIT_FIELDS`, its opening brace dropped ('}' when empty). */
  rest: string;
  /** A hit's whole JSON by result format, when no annotations were read for it. */
  hitJsonByFormat: Map<ResultFormat, string>;
  /** The answer of a context of this hit alone, as bytes, by result format. */
  answerByFormat: Map<ResultFormat, Buffer>;
}

const HIT_FIELDS = new Set([
  'annotation_data',
  'cache_key',
  'is_cached',
  'cached_dttm',
  'result_format',
]);

/** A hit's JSON: the fields it sets anew, the stored annotations unless replaced, the rest as stored. */
function hitJson(read: CacheRead, fresh: Record<string, unknown>): string {
  const stored = read.entry.result;
  const head =
    'annotation_data' in stored && !('annotation_data' in fresh)
      ? { ...fresh, annotation_data: stored.annotation_data }
      : fresh;
  const text = JSON.stringify(head);
  return read.rest === '}' ? text : `${text.slice(0, -1)},${read.rest}`;
}

/**
 * A hit without annotations read anew is the same text for the same entry and format (its
 * `cache_key` is the entry's key, `cached_dttm` the entry's), so it is written once per entry.
 */
function rememberedHitJson(read: CacheRead, fresh: Record<string, unknown>, format: ResultFormat) {
  let text = read.hitJsonByFormat.get(format);
  if (text === undefined) {
    text = hitJson(read, fresh);
    read.hitJsonByFormat.set(format, text);
  }
  return text;
}

/** `{"result":[<the hit>]}` as bytes, made once per entry and format (see `answer`). */
function rememberedAnswer(read: CacheRead, fresh: Record<string, unknown>, format: ResultFormat) {
  let bytes = read.answerByFormat.get(format);
  if (bytes === undefined) {
    bytes = Buffer.from(`{"result":[${rememberedHitJson(read, fresh, format)}]}`);
    read.answerByFormat.set(format, bytes);
  }
  return bytes;
}

/**
 * The last entries read, by key with their text: a hit on an unchanged entry skips parsing it.
 * Their entries are frozen, since every request that hits shares them.
 */
const recentReads = new Map<string, { text: string; read: CacheRead }>();
const RECENT_READS_MAX = 256;

function parseEntry(key: string, text: string): CacheRead {
  const recent = recentReads.get(key);
  if (recent && recent.text === text) return recent.read;
  const entry = deepFreeze(JSON.parse(text) as CachedEntry);
  const rest = Object.fromEntries(
    Object.entries(entry.result ?? {}).filter(([field]) => !HIT_FIELDS.has(field)),
  );
  const read = {
    entry,
    rest: JSON.stringify(rest).slice(1),
    hitJsonByFormat: new Map(),
    answerByFormat: new Map(),
  };
  if (recentReads.size >= RECENT_READS_MAX) recentReads.clear();
  recentReads.set(key, { text, read });
  return read;
}

async function readCache(ctx: AppContext, key: string): Promise<CacheRead | null> {
  try {
    const text = await ctx.dataCache.get(key);
    return text ? parseEntry(key, text) : null;
  } catch (error) {
    // A cache outage slows answers down; it must not fail them.
    ctx.logger.warn({ error: (error as Error)?.name }, 'chart data cache read failed');
    return null;
  }
}

async function writeCache(ctx: AppContext, key: string, entry: CachedEntry, timeout: number) {
  try {
    await ctx.dataCache.set(key, JSON.stringify(entry), timeout);
  } catch (error) {
    ctx.logger.warn({ error: (error as Error)?.name }, 'chart data cache write failed');
  }
}

/**
 * Whom an entry was computed for: the row-level security clauses applied and, when templates or
 * RLS may read the user, the user. Both are in the key, so `POST` never serves one caller's rows
 * to another; reading by key must check them again, since the key is all the caller brings.
 */
interface Audience {
  rls: readonly string[];
  user: number | null;
}

function sameAudience(stored: Audience | undefined, caller: Audience): boolean {
  // Entries written before audiences were stored cannot be matched: recompute instead.
  if (!stored || !Array.isArray(stored.rls)) return false;
  if ((stored.user ?? null) !== null && stored.user !== caller.user) return false;
  const mine = [...caller.rls].sort();
  const theirs = [...stored.rls].sort();
  return mine.length === theirs.length && mine.every((clause, i) => clause === theirs[i]);
}

/**
 * `GET /api/v1/chart/data/{cache_key}`: a cached answer, only to a caller who may read its
 * datasource now and whose row-level security (and user, where the entry depends on it) is the
 * one the entry was computed with. Any other caller gets the same 404 as a missing entry, so a
 * key learnt from someone else reveals neither their rows nor that the entry exists.
 */
export async function cachedChartData(
  ctx: AppContext,
  actor: Actor,
  key: string,
): Promise<QueryResult | null> {
  requirePermission(actor, 'can_read', 'Chart');
  const entry = (await readCache(ctx, key))?.entry;
  if (!entry || typeof entry.dataset_id !== 'number' || !entry.result) return null;
  const source = await resolveSource(ctx, actor, {
    kind: entry.datasource_type ?? 'table',
    id: entry.dataset_id,
  });
  const caller = { rls: source.rlsClauses, user: actor.user?.id ?? null };
  if (!sameAudience(entry.audience, caller)) return null;
  return { ...entry.result, cache_key: key, is_cached: true, cached_dttm: entry.cached_dttm };
}
