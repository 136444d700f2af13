import type { QueryContext } from '@tessera/shared/api/chartData';
import { forbidden } from '@tessera/shared/errors';
import { parseJsonObject } from '@tessera/shared/json';
import type { AppContext } from '../context.ts';
import { dashboardContextOf } from '../dashboards/dataGrant.ts';
import type { Actor } from '../security/actor.ts';
import { type FilterTarget, filtersReading } from './guestAccess.ts';
import { embeddedRepository } from './repository.ts';

/**
 * A guest reads its charts' data as the charts were saved, not the dataset at large (Superset's
 * `query_context_modified`): the metrics, columns and orderings it asks for must be among the
 * saved chart's (its form data, or its stored query context), and its SQL `where`/`having` the
 * saved ones. Filters stay free (native filters and cross-filters add them) and only narrow the
 * rows; raw rows (samples, drill to detail) are refused, they read every column.
 */

export const GUEST_PAYLOAD_MESSAGE = 'Guest user cannot modify chart payload';

/** Form-data keys that name a chart's metrics, and those that name its columns. */
const METRIC_KEYS = [
  'metrics',
  'metric',
  'metric_2',
  'percent_metrics',
  'secondary_metric',
  'timeseries_limit_metric',
  'series_limit_metric',
  'size',
  'x',
  'y',
];
const COLUMN_KEYS = [
  'columns',
  'groupby',
  'all_columns',
  'x_axis',
  'series',
  'entity',
  'groupbyColumns',
  'groupbyRows',
];
const RAW_ROWS = new Set(['samples', 'drill_detail']);

type Json = Record<string, unknown>;

/** JSON with sorted keys, so the same value sent in another key order compares equal. */
function canonical(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sorted((v as Json)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sorted(value)) ?? 'null';
}

const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

const valuesOf = (source: Json | null | undefined, keys: string[]): unknown[] =>
  keys.flatMap((key) => listOf(source?.[key]));

/** What the saved chart shows: its metrics and columns, and the SQL of its own filters. */
function savedShape(params: Json, queries: Json[]) {
  const metrics = new Set(
    [
      ...valuesOf(params, METRIC_KEYS),
      ...queries.flatMap((q) => [
        ...listOf(q.metrics),
        ...listOf(q.series_limit_metric),
        ...listOf(q.orderby).map((pair) => (Array.isArray(pair) ? pair[0] : pair)),
      ]),
    ].map(canonical),
  );
  const columns = new Set(
    [
      ...valuesOf(params, COLUMN_KEYS),
      ...queries.flatMap((q) => [...listOf(q.columns), ...listOf(q.series_columns)]),
    ].map(canonical),
  );
  const sql = new Set(
    queries.flatMap((q) => {
      const extras = (q.extras ?? {}) as Json;
      return [extras.where, extras.having].filter((s) => typeof s === 'string' && s.trim());
    }),
  );
  return { metrics, columns, sql };
}

export async function assertGuestPayload(
  ctx: AppContext,
  actor: Actor,
  sent: QueryContext,
  fallback?: { dashboardId?: unknown; sliceId?: unknown },
): Promise<void> {
  if (!actor.guest) return;
  const refuse = () => forbidden(GUEST_PAYLOAD_MESSAGE);
  const types = [sent.result_type, ...sent.queries.map((q) => q.result_type)];
  if (types.some((type) => type && RAW_ROWS.has(type))) throw refuse();
  // Without a dashboard the data check refuses the request anyway.
  const context = dashboardContextOf(sent.form_data, fallback);
  if (!context) return;
  if (context.sliceId === null) {
    const datasetId = Number(String(sent.datasource.id).split('__')[0]);
    const filters = await filtersReading(ctx, context.dashboardId, datasetId);
    if (!asksFilterOptions(sent, filters)) throw refuse();
    return;
  }
  const chart = await embeddedRepository.chartDefinition(ctx.store.db, context.sliceId);
  if (!chart) throw refuse();
  const stored = parseJsonObject(chart.query_context);
  const queries = listOf(stored.queries).filter((q): q is Json => Boolean(q));
  const shape = savedShape(parseJsonObject(chart.params), queries);

  /** A column the chart shows, also when sent as an adhoc column over it (an x-axis). */
  const shownColumn = (column: unknown) =>
    shape.columns.has(canonical(column)) ||
    (typeof (column as Json | null)?.sqlExpression === 'string' &&
      shape.columns.has(canonical((column as Json).sqlExpression)));
  const shownMetric = (metric: unknown) => shape.metrics.has(canonical(metric));
  const shown = (value: unknown) => shownMetric(value) || shownColumn(value);

  const formData = (sent.form_data ?? {}) as Json;
  const asked = [formData, ...sent.queries] as Json[];
  const ok =
    asked.every((q) => listOf(q.metrics).every(shownMetric)) &&
    asked.every((q) => [...listOf(q.columns), ...listOf(q.groupby)].every(shownColumn)) &&
    asked.every((q) => listOf(q.orderby).every((p) => shown(Array.isArray(p) ? p[0] : p))) &&
    sent.queries.every(
      (q) =>
        listOf(q.series_columns).every(shownColumn) &&
        listOf(q.series_limit_metric).every(shown) &&
        [q.extras?.where, q.extras?.having].every((s) => !s?.trim() || shape.sql.has(s)),
    );
  if (!ok) throw refuse();
}

/**
 * Whether a request naming no chart asks only what the dashboard's native filters on its dataset
 * ask (`shared/dashboard/filterQueries.ts`): the distinct values of a filter's column, ordered by
 * it or by the filter's sort metric, or the column's minimum and maximum; no SQL of its own.
 */
function asksFilterOptions(sent: QueryContext, filters: FilterTarget[]): boolean {
  if (filters.length === 0) return false;
  const columns = new Set(filters.flatMap((f) => (f.column === null ? [] : [f.column])));
  const sortMetrics = new Set(filters.flatMap((f) => (f.sortMetric ? [f.sortMetric] : [])));
  const column = (value: unknown) => typeof value === 'string' && columns.has(value);
  const metric = (value: unknown) => {
    if (typeof value === 'string') return sortMetrics.has(value);
    const m = (value ?? {}) as Json;
    const on = (m.column as Json | null | undefined)?.column_name;
    return (
      m.expressionType === 'SIMPLE' &&
      (m.aggregate === 'MIN' || m.aggregate === 'MAX') &&
      column(on)
    );
  };
  const formData = (sent.form_data ?? {}) as Json;
  const asked = [formData, ...sent.queries] as Json[];
  return (
    asked.every((q) => [...listOf(q.columns), ...listOf(q.groupby)].every(column)) &&
    asked.every((q) => listOf(q.metrics).every(metric)) &&
    asked.every((q) =>
      listOf(q.orderby).every((p) => {
        const by = Array.isArray(p) ? p[0] : p;
        return column(by) || metric(by);
      }),
    ) &&
    sent.queries.every(
      (q) =>
        listOf(q.series_columns).length === 0 &&
        listOf(q.series_limit_metric).length === 0 &&
        [q.extras?.where, q.extras?.having].every((s) => !s?.trim()),
    )
  );
}
