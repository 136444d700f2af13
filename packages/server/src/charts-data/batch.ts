import {
  type ChartDataAnswer,
  type ChartDataBatchAnswer,
  type ChartDataBatchEntry,
  QueryContext,
} from '@tessera/shared/api/chartData';
import { badRequest, isTesseraError, TesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { humaniseZodMessage } from '../platform/http.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { chartData } from './service.ts';

/**
 * `POST /api/v1/chart/data/batch`: each query context runs exactly as `POST /api/v1/chart/data`
 * runs it (same service, so the same permission checks, cache-first path and errors), a few at a
 * time, and each entry answers on its own: one forbidden or broken chart never fails its
 * neighbours.
 */

/** How many entries run at once: enough to overlap engine round trips, few enough to be fair. */
export const BATCH_CONCURRENCY = 4;

export const BATCH_JSON_ONLY_MESSAGE =
  'A batch answers JSON only; export CSV or XLSX through POST /api/v1/chart/data';

/** Runs `work` over `items` with at most `limit` in flight, keeping the input order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The same field envelope the global handler gives a body that fails its schema. */
function invalidEntry(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_schema';
    fields[key] ??= [];
    fields[key].push(humaniseZodMessage(issue.message));
  }
  return new TesseraError(400, 'Invalid input', { fields });
}

async function runEntry(
  ctx: AppContext,
  actor: Actor,
  raw: unknown,
  force: boolean,
): Promise<ChartDataBatchEntry> {
  try {
    const parsed = QueryContext.safeParse(raw);
    if (!parsed.success) throw invalidEntry(parsed.error.issues);
    const format = parsed.data.result_format ?? 'json';
    if (format !== 'json') throw badRequest(BATCH_JSON_ONLY_MESSAGE);
    const outcome = await chartData(ctx, actor, parsed.data, { force });
    return { status: 200, result: outcome.results as ChartDataAnswer['result'] };
  } catch (error) {
    if (isTesseraError(error)) {
      if (error.status >= 500) actor.log.error({ err: error }, error.message);
      return { status: error.status, ...error.toBody() } as ChartDataBatchEntry;
    }
    actor.log.error({ err: error }, 'chart data batch entry failed');
    return { status: 500, message: 'Internal server error' };
  }
}

export async function chartDataBatch(
  ctx: AppContext,
  actor: Actor,
  queries: readonly unknown[],
  options: { force: boolean },
): Promise<ChartDataBatchAnswer> {
  // Checked once up front as well, so a caller with no chart access gets one 401/403, not N.
  requirePermission(actor, 'can_read', 'Chart');
  const result = await mapLimited(queries, BATCH_CONCURRENCY, (raw) =>
    runEntry(ctx, actor, raw, options.force),
  );
  return { result };
}
