import type { QueryContext, QueryObject } from '@tessera/shared/api/chartData';
import { badRequest, forbidden, isTesseraError } from '@tessera/shared/errors';
import { hasPermission } from '@tessera/shared/permissions';
import { formatWall } from '@tessera/shared/time-range/index';
import { annotationRepository } from '../annotations/repository.ts';
import { annotationsInRange } from '../annotations/service.ts';
import type { AppContext } from '../context.ts';
import { type Actor, rolesOf } from '../security/actor.ts';
import { savedQueryContext } from './savedContext.ts';

/**
 * `annotation_data` of a chart answer. Native annotation layers (`sourceType: "NATIVE"`,
 * `value`: the layer id): per layer name, Superset's `{columns, records}` with the layer's
 * annotations overlapping the query's time range, times as epoch milliseconds as chart data
 * serialises them; they need ('can_read', 'Annotation'). Chart-sourced layers (`sourceType`
 * `line` or `table`, `value`: a saved chart): `{records}`, the first result's rows of that
 * chart's saved query context, its time range and grain replaced by the layer's `overrides`
 * when they hold one, as Superset's get_viz_annotation_data answers. Formula layers are the
 * client's.
 */

const COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'];

export type AnnotationData = Record<
  string,
  { columns?: string[]; records: Array<Record<string, unknown>> }
>;

const CHART_SOURCES = new Set(['line', 'table']);

/** Whether any layer is answered by the server (native or chart-sourced). */
export const hasServerLayers = (
  layers: ReadonlyArray<Record<string, unknown>> | null | undefined,
) =>
  (layers ?? []).some(
    (layer) => layer.sourceType === 'NATIVE' || CHART_SOURCES.has(String(layer.sourceType)),
  );

/** Charts whose data is being drawn as annotations further up: a cycle is refused. */
const MAX_CHART_DEPTH = 4;

/**
 * A chart-sourced layer's saved chart, run through `run` (chart data as the caller, with the
 * same `force`). `stack`: the charts already being drawn as annotations of this request.
 */
export async function chartAnnotationData(
  ctx: AppContext,
  actor: Actor,
  layers: ReadonlyArray<Record<string, unknown>> | null | undefined,
  stack: readonly number[],
  run: (context: QueryContext, stack: readonly number[]) => Promise<Array<Record<string, unknown>>>,
): Promise<AnnotationData> {
  const data: AnnotationData = {};
  for (const layer of layers ?? []) {
    if (!CHART_SOURCES.has(String(layer.sourceType)) || layer.show === false) continue;
    const name = String(layer.name ?? layer.value);
    const id = Number(layer.value);
    if (!Number.isInteger(id) || id <= 0) {
      throw badRequest(`Annotation layer "${name}" does not name a chart`);
    }
    if (stack.includes(id) || stack.length >= MAX_CHART_DEPTH) {
      throw badRequest('Circular chart annotation dependency detected');
    }
    let context: QueryContext;
    try {
      context = await savedQueryContext(ctx, actor, id);
    } catch (error) {
      if (isTesseraError(error) && error.status === 404) {
        throw badRequest(
          `Chart with ID ${id} (referenced by annotation layer "${name}") was not found`,
        );
      }
      throw error;
    }
    const [first] = await run(withOverrides(context, layer.overrides), [...stack, id]);
    data[name] = { records: (first?.data ?? []) as Array<Record<string, unknown>> };
  }
  return data;
}

/** The saved context with the layer's time range and grain, where `overrides` holds them. */
function withOverrides(context: QueryContext, overrides: unknown): QueryContext {
  const given = (overrides ?? {}) as Record<string, unknown>;
  const range = typeof given.time_range === 'string' && given.time_range ? given.time_range : null;
  const grain =
    typeof given.time_grain_sqla === 'string' && given.time_grain_sqla
      ? given.time_grain_sqla
      : null;
  if (!range && !grain) return context;
  const queries = context.queries.map((query): QueryObject => {
    const filters = range
      ? (query.filters ?? []).map((f) => (f.op === 'TEMPORAL_RANGE' ? { ...f, val: range } : f))
      : query.filters;
    const columns = grain
      ? (query.columns ?? []).map((c) =>
          typeof c === 'object' && c.columnType === 'BASE_AXIS' ? { ...c, timeGrain: grain } : c,
        )
      : query.columns;
    return {
      ...query,
      filters,
      columns,
      ...(range ? { time_range: range } : {}),
      ...(grain ? { extras: { ...query.extras, time_grain_sqla: grain } } : {}),
    };
  });
  return { ...context, queries };
}

const epoch = (text: string | null) => (text ? Date.parse(`${text.slice(0, 19)}Z`) : null);

export async function nativeAnnotationData(
  ctx: AppContext,
  actor: Actor,
  layers: ReadonlyArray<Record<string, unknown>> | null | undefined,
  range: { since: Date | null; until: Date | null },
): Promise<AnnotationData> {
  const native = (layers ?? []).filter((layer) => layer.sourceType === 'NATIVE');
  const data: AnnotationData = {};
  if (native.length === 0) return data;
  const names = native.map((layer) => String(layer.name ?? layer.value));
  if (!hasPermission(rolesOf(actor), 'can_read', 'Annotation')) {
    throw forbidden(
      `You do not have permission to read the annotation layer ${names.map((n) => `"${n}"`).join(', ')} (can_read on Annotation)`,
    );
  }
  for (const [i, layer] of native.entries()) {
    const name = names[i] as string;
    const id = Number(layer.value);
    const row =
      Number.isInteger(id) && id > 0
        ? await annotationRepository.layer(ctx.store.db, id)
        : undefined;
    if (!row) {
      throw badRequest(
        `Annotation layer ${String(layer.value)} (referenced as "${name}") was not found`,
      );
    }
    const annotations = await annotationsInRange(ctx, id, {
      from: range.since ? formatWall(range.since) : null,
      to: range.until ? formatWall(range.until) : null,
    });
    data[name] = {
      columns: COLUMNS,
      records: annotations.map((a) => ({
        start_dttm: epoch(a.start_dttm),
        end_dttm: epoch(a.end_dttm),
        short_descr: a.short_descr,
        long_descr: a.long_descr,
        json_metadata: a.json_metadata,
      })),
    };
  }
  return data;
}
