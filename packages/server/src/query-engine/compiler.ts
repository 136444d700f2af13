import type { Metric, QueryObject } from '@tessera/shared/api/chartData';
import { badRequest } from '@tessera/shared/errors';
import { formatWall, getSinceUntil, type TimeRange } from '@tessera/shared/time-range/index';
import type { Dialect } from '../engines/types.ts';
import { ExpressionResolver, metricLabel, type ResolvedExpression } from './expressions.ts';
import { buildFilters, type LatestPartitions, timeBounds } from './filters.ts';
import { checkVirtualSql } from './fragments.ts';
import { createRenderer } from './templates.ts';
import type { DatasetForQuery } from './types.ts';

/**
 * Query object -> SQL for one dialect, in the reference's order: templates; metrics and columns;
 * the x-axis grain; the virtual SQL as a subquery; WHERE from filters, time bounds, extras.where
 * and row-level security; GROUP BY when there are metrics; the series limit as an inner top-N
 * subquery joined back; HAVING; ORDER BY; LIMIT (capped by SQL_MAX_ROW) and OFFSET.
 */

export interface CompileInput {
  dataset: DatasetForQuery;
  query: QueryObject;
  dialect: Dialect;
  /** Row-level security clauses, rendered and combined by the caller (each one ANDed here). */
  rlsClauses?: readonly string[];
  sqlMaxRow: number;
  defaultRowLimit: number;
  timeZone?: string;
  now?: Date;
  user?: { id: number; username: string; email: string } | null;
  /** Latest partitions of the table, for LATEST PARTITION filters (read from the engine). */
  latestPartitions?: LatestPartitions;
}

export interface CompiledQuery {
  sql: string;
  /** Labels in select order: the answer's colnames once aliases are renamed back. */
  labels: string[];
  /** Alias -> label for aliases shortened to fit the engine. */
  aliasToLabel: Record<string, string>;
  metricLabels: string[];
  appliedFilters: Array<{ column: string }>;
  rejectedFilters: Array<{ reason: 'not_in_datasource'; column: string }>;
  appliedTemplateFilters: string[];
  fromDttm: Date | null;
  toDttm: Date | null;
  rowLimit: number;
}

export function effectiveRowLimit(
  rowLimit: number | null | undefined,
  defaultRowLimit: number,
  sqlMaxRow: number,
): number {
  return Math.min(rowLimit && rowLimit > 0 ? rowLimit : defaultRowLimit, sqlMaxRow);
}

function fromClause(dataset: DatasetForQuery, dialect: Dialect, render: (t: string) => string) {
  if (dataset.sql?.trim()) {
    const sql = checkVirtualSql(render(dataset.sql), dialect);
    // The newline keeps a trailing `--` comment of the user's SQL from swallowing the alias.
    return `(\n${sql}\n) AS virtual_table`;
  }
  const parts = [dataset.catalog, dataset.schema, dataset.table_name].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  );
  return parts.map((p) => dialect.quoteIdentifier(p)).join('.');
}

const sameMetric = (a: Metric, b: Metric) => JSON.stringify(a) === JSON.stringify(b);

export function compileQuery(input: CompileInput): CompiledQuery {
  const { dataset, query, dialect } = input;
  const extras = query.extras ?? {};
  const rangeOptions = {
    now: input.now,
    timeZone: input.timeZone,
    relativeStart: extras.relative_start ?? undefined,
    relativeEnd: extras.relative_end ?? undefined,
  };
  const ranges = new Map<string, TimeRange>();
  const rangeOf = (text: string) => {
    let range = ranges.get(text);
    if (!range) {
      range = getSinceUntil(text, rangeOptions);
      ranges.set(text, range);
    }
    return range;
  };

  // The first time range (a TEMPORAL_RANGE filter, or the legacy time_range) is the answer's
  // from_dttm/to_dttm and what templates see. A time_range is read even without a time column
  // to bound, as Superset reads every query object's: a reversed one is a 400.
  const filters = query.filters ?? [];
  const temporal = filters.find((f) => f.op === 'TEMPORAL_RANGE');
  const legacyRange = query.time_range ? rangeOf(query.time_range) : null;
  const mainRange: TimeRange = temporal
    ? rangeOf(typeof temporal.val === 'string' ? temporal.val : '')
    : (legacyRange ?? { since: null, until: null });

  const renderer = createRenderer({
    fromDttm: mainRange.since ? formatWall(mainRange.since) : null,
    toDttm: mainRange.until ? formatWall(mainRange.until) : null,
    urlParams: query.url_params ?? {},
    filters: filters.map((f) => ({
      col: typeof f.col === 'string' ? f.col : f.col.sqlExpression,
      op: f.op,
      val: f.val,
    })),
    user: input.user ?? null,
    params: dataset.template_params ?? {},
  });
  const resolver = new ExpressionResolver(dataset, dialect, renderer);
  const q = (name: string) => dialect.quoteIdentifier(name);

  const columns: ResolvedExpression[] = [];
  if (query.is_timeseries && query.granularity) {
    columns.push(resolver.timestampColumn(query.granularity, extras.time_grain_sqla));
  }
  for (const column of query.columns ?? []) {
    columns.push(resolver.column(column, extras.time_grain_sqla));
  }
  const metricsIn = query.metrics ?? [];
  const metrics = metricsIn.map((m) => resolver.metric(m));
  if (columns.length === 0 && metrics.length === 0) throw badRequest('Empty query?');

  const from = fromClause(dataset, dialect, (t) => renderer.render(t));
  const outcome = buildFilters(filters, resolver, rangeOf, input.latestPartitions);
  const where = [...outcome.conditions];
  if (legacyRange && !temporal && query.granularity) {
    const col = resolver.column(query.granularity);
    const bounds = timeBounds(col.sql, legacyRange, resolver);
    if (bounds) where.push(bounds);
  }
  if (extras.where?.trim()) where.push(resolver.fragment(extras.where));
  // RLS clauses arrive rendered by the rls service; rendering them again could run user text.
  for (const clause of input.rlsClauses ?? []) {
    if (clause.trim()) where.push(`(${clause})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';

  const selected = [...columns, ...metrics];
  const aliasToLabel: Record<string, string> = {};
  const selectSql = selected
    .map((e) => {
      const alias = resolver.alias(e.label);
      if (alias !== e.label) aliasToLabel[alias] = e.label;
      return `${e.sql} AS ${q(alias)}`;
    })
    .join(', ');
  // As Superset: a query object that names metrics, even none (`metrics: []`, a value filter's
  // distinct values), groups by its columns; one without `metrics` reads raw rows.
  const grouped = Array.isArray(query.metrics);
  const groupBy =
    grouped && columns.length ? `GROUP BY ${columns.map((c) => c.sql).join(', ')}` : '';
  const orderDesc = query.order_desc !== false;

  // Series limit: keep only the top N series (by the limit metric) and join them back.
  let join = '';
  const seriesInput =
    query.series_columns ??
    (query.is_timeseries
      ? (query.columns ?? []).filter((c) => typeof c === 'string' || c.columnType !== 'BASE_AXIS')
      : []);
  if (metrics.length && query.series_limit && query.series_limit > 0 && seriesInput.length) {
    const series = seriesInput.map((c) => resolver.column(c));
    const limitMetric = resolver.metric(query.series_limit_metric ?? (metricsIn[0] as Metric));
    const inner = [
      `SELECT ${series.map((s, i) => `${s.sql} AS ${q(`__series_${i}`)}`).join(', ')}`,
      `FROM ${from}`,
      whereSql,
      `GROUP BY ${series.map((s) => s.sql).join(', ')}`,
      `ORDER BY ${limitMetric.sql} ${orderDesc ? 'DESC' : 'ASC'}`,
      `LIMIT ${query.series_limit}`,
    ].filter(Boolean);
    const on = series.map((s, i) => `${s.sql} = series_limit.${q(`__series_${i}`)}`).join(' AND ');
    join = `JOIN (${inner.join(' ')}) AS series_limit ON ${on}`;
  }

  const having =
    extras.having?.trim() && metrics.length ? `HAVING ${resolver.fragment(extras.having)}` : '';

  const orderTerms: string[] = [];
  for (const [item, ascending] of query.orderby ?? []) {
    const direction = ascending ? 'ASC' : 'DESC';
    const label = typeof item === 'string' ? item : metricLabel(item);
    const match = selected.find((e) => e.label === label);
    let sql: string;
    if (match && (typeof item === 'string' || metricsIn.some((m) => sameMetric(m, item)))) {
      sql = q(resolver.alias(match.label));
    } else if (typeof item === 'string' && resolver.datasetColumn(item)) {
      sql = resolver.column(item).sql;
    } else {
      sql = resolver.metric(item).sql;
    }
    orderTerms.push(`${sql} ${direction}`);
  }
  if (orderTerms.length === 0 && metrics.length) {
    orderTerms.push(
      `${q(resolver.alias((metrics[0] as ResolvedExpression).label))} ${orderDesc ? 'DESC' : 'ASC'}`,
    );
  }

  const rowLimit = effectiveRowLimit(query.row_limit, input.defaultRowLimit, input.sqlMaxRow);
  const body = [`SELECT ${selectSql}`, `FROM ${from}`, join, whereSql, groupBy, having];
  let sql: string;
  if (query.is_rowcount) {
    sql = `SELECT COUNT(*) AS ${q('rowcount')} FROM (${body.filter(Boolean).join('\n')}) AS rowcount_qry`;
  } else {
    const tail = [
      orderTerms.length ? `ORDER BY ${orderTerms.join(', ')}` : '',
      `LIMIT ${rowLimit}`,
      query.row_offset && query.row_offset > 0 ? `OFFSET ${query.row_offset}` : '',
    ];
    sql = [...body, ...tail].filter(Boolean).join('\n');
  }

  return {
    sql,
    labels: query.is_rowcount ? ['rowcount'] : selected.map((e) => e.label),
    aliasToLabel,
    metricLabels: metrics.map((m) => m.label),
    appliedFilters: outcome.applied,
    rejectedFilters: outcome.rejected,
    appliedTemplateFilters: renderer.appliedFilters(),
    fromDttm: mainRange.since,
    toDttm: mainRange.until,
    rowLimit,
  };
}
