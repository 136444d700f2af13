import { badRequest, forbidden } from '@tessera/shared/errors';
import { hasPermission } from '@tessera/shared/permissions';
import { formatWall } from '@tessera/shared/time-range/index';
import { annotationRepository } from '../annotations/repository.ts';
import { annotationsInRange } from '../annotations/service.ts';
import type { AppContext } from '../context.ts';
import { type Actor, rolesOf } from '../security/actor.ts';

/**
 * `annotation_data` of a chart answer for native annotation layers (`sourceType: "NATIVE"`,
 * `value`: the layer id): per layer name, Superset's `{columns, records}` with the layer's
 * annotations overlapping the query's time range, times as epoch milliseconds as chart data
 * serialises them. Formula layers are computed by the client; chart-sourced layers (line,
 * table, event, interval) are not served here. Layers need ('can_read', 'Annotation').
 */

const COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'];

export type AnnotationData = Record<
  string,
  { columns: string[]; records: Array<Record<string, unknown>> }
>;

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
