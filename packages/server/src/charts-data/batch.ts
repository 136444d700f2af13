import { type ChartDataBatchEntry, QueryContext } from '@tessera/shared/api/chartData';
import { badRequest, isTesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { logFailedChartQuery } from '../logs/service.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { invalidInput } from './invalidInput.ts';
import { chartData, NotCached } from './service.ts';

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

/**
 * One entry as JSON text: a success is `{"status":200,"result":[...]}` around the results' text
 * as the service wrote it (a cached result is its stored text, never parsed and written again).
 */
async function runEntry(
  ctx: AppContext,
  actor: Actor,
  raw: unknown,
  options: BatchOptions,
): Promise<string> {
  const { force, jobFor } = options;
  try {
    const parsed = QueryContext.safeParse(raw);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const format = parsed.data.result_format ?? 'json';
    if (format !== 'json') throw badRequest(BATCH_JSON_ONLY_MESSAGE);
    const asJob = jobFor?.accepts(parsed.data) ?? false;
    try {
      const outcome = await chartData(ctx, actor, parsed.data, { force, cachedOnly: asJob });
      return `{"status":200,"result":[${outcome.json.join(',')}]}`;
    } catch (error) {
      if (!(error instanceof NotCached) || !jobFor) throw error;
      // GLOBAL_ASYNC_QUERIES: a miss is this entry's own job (the other entries go on).
      return JSON.stringify({ status: 202, job: await jobFor.enqueue(parsed.data) });
    }
  } catch (error) {
    logFailedChartQuery(ctx, actor, raw, error);
    return JSON.stringify(failedEntry(actor, error));
  }
}

function failedEntry(actor: Actor, error: unknown): ChartDataBatchEntry {
  if (isTesseraError(error)) {
    if (error.status >= 500) actor.log.error({ err: error }, error.message);
    return { status: error.status, ...error.toBody() } as ChartDataBatchEntry;
  }
  actor.log.error({ err: error }, 'chart data batch entry failed');
  return { status: 500, message: 'Internal server error' };
}

/**
 * The batch's answer (`ChartDataBatchAnswer`) as JSON text, entries in request order; the route
 * sends it as it is.
 */
export interface BatchOptions {
  force: boolean;
  /**
   * With GLOBAL_ASYNC_QUERIES: which entries may become jobs, and how one is queued (the async
   * feature's, handed over by routes.ts). A cached entry still answers 200 with its data.
   */
  jobFor?: {
    accepts(body: QueryContext): boolean;
    enqueue(body: QueryContext): Promise<unknown>;
  };
}

export async function chartDataBatch(
  ctx: AppContext,
  actor: Actor,
  queries: readonly unknown[],
  options: BatchOptions,
): Promise<string> {
  // Checked once up front as well, so a caller with no chart access gets one 401/403, not N.
  requirePermission(actor, 'can_read', 'Chart');
  const entries = await mapLimited(queries, BATCH_CONCURRENCY, (raw) =>
    runEntry(ctx, actor, raw, options),
  );
  return `{"result":[${entries.join(',')}]}`;
}
