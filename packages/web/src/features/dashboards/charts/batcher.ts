import { isAsyncJob } from '@tessera/shared/api/async';
import type {
  ChartDataAnswer,
  ChartDataBatchEntry,
  QueryContext,
} from '@tessera/shared/api/chartData';
import { chartDataRoutes } from '@tessera/shared/api/routes/charts';
import { normaliseErrorReply } from '@tessera/shared/clientErrors';
import { type ApiClient, ClientError } from '../../../app/api.ts';
import { type AsyncEvents, asyncEventsFor, fetchChartData } from '../../../app/asyncEvents.ts';

/**
 * A browser opens at most six connections to a host, so 50 charts asking one call each wait in
 * line. The batcher gathers the calls made in one tick and posts them together to
 * `POST /api/v1/chart/data/batch` (a Tessera extension). A server without that route answers
 * 404 once; from then on every chart gets its own `POST /api/v1/chart/data`.
 *
 * With GLOBAL_ASYNC_QUERIES a chart whose data is not cached answers as a job (a 202, or a batch
 * entry `{status: 202, job}`): that chart alone waits for its job's `done` event and fetches the
 * result, so each chart draws as its own job ends.
 */

export const CHART_DATA_BATCH_PATH = chartDataRoutes.batch.path;
/** Enough to fill a few connections in parallel rather than one long call. */
export const MAX_BATCH_SIZE = 10;

export interface ChartDataRequest {
  queryContext: QueryContext;
  sliceId?: number;
  dashboardId?: number;
  force?: boolean;
  signal?: AbortSignal;
}

export interface ChartDataBatcher {
  fetch(request: ChartDataRequest): Promise<ChartDataAnswer>;
  /**
   * Sends what is queued now rather than at the end of the tick: the dashboard's first charts
   * go out before the page's first render, which holds the thread for a while.
   */
  flush(): void;
  /** True/false once the server said whether it has the batch route; null before. */
  readonly supported: boolean | null;
}

interface Pending {
  request: ChartDataRequest;
  resolve: (answer: ChartDataAnswer) => void;
  reject: (error: unknown) => void;
}

function entryFailure(entry: Partial<ChartDataBatchEntry>): ClientError {
  const status = entry.status && entry.status >= 400 ? entry.status : 400;
  return new ClientError(normaliseErrorReply(status, JSON.stringify(entry)));
}

function isAnswer(entry: ChartDataBatchEntry): entry is ChartDataBatchEntry & ChartDataAnswer {
  return 'result' in entry && Array.isArray(entry.result) && entry.status < 400;
}

export function createChartDataBatcher(
  api: ApiClient,
  options: {
    maxBatchSize?: number;
    schedule?: (flush: () => void) => void;
    /** Where jobs' events are heard (the app's, made at the first job, unless a test brings one). */
    events?: AsyncEvents;
  } = {},
): ChartDataBatcher {
  const events = () => options.events ?? asyncEventsFor(api);
  const maxBatchSize = options.maxBatchSize ?? MAX_BATCH_SIZE;
  const schedule = options.schedule ?? ((flush) => setTimeout(flush, 0));
  let supported: boolean | null = null;
  let queue: Pending[] = [];
  let scheduled = false;

  const single = (request: ChartDataRequest) =>
    fetchChartData(
      api,
      {
        body: request.queryContext,
        signal: request.signal,
        query: {
          form_data: request.sliceId ? JSON.stringify({ slice_id: request.sliceId }) : undefined,
          dashboard_id: request.dashboardId === undefined ? undefined : String(request.dashboardId),
          force: request.force ? 'true' : undefined,
        },
      },
      options.events,
    );

  const settleSingly = (items: Pending[]) => {
    for (const item of items) single(item.request).then(item.resolve, item.reject);
  };

  async function sendBatch(items: Pending[]) {
    try {
      const answer = await api.call(chartDataRoutes.batch, {
        body: {
          queries: items.map((item) => ({
            ...item.request.queryContext,
            ...(item.request.force ? { force: true } : {}),
          })),
        },
      });
      supported = true;
      items.forEach((item, index) => {
        const entry = answer.result[index];
        const job = (entry as { job?: unknown } | undefined)?.job;
        if (!entry) item.reject(entryFailure({ message: 'No answer for this chart' }));
        else if (entry.status === 202 && isAsyncJob(job)) {
          events().waitForAsyncData(job, item.request.signal).then(item.resolve, item.reject);
        } else if (isAnswer(entry)) item.resolve({ result: entry.result });
        else item.reject(entryFailure(entry));
      });
    } catch (error) {
      if (error instanceof ClientError && (error.status === 404 || error.status === 405)) {
        supported = false;
        settleSingly(items);
        return;
      }
      for (const item of items) item.reject(error);
    }
  }

  function flush() {
    if (queue.length === 0) return;
    const items = queue.filter((item) => !item.request.signal?.aborted);
    for (const item of queue) {
      if (item.request.signal?.aborted) {
        item.reject(new DOMException('The call was aborted', 'AbortError'));
      }
    }
    queue = [];
    if (supported === false || items.length === 1) {
      settleSingly(items);
      return;
    }
    for (let start = 0; start < items.length; start += maxBatchSize) {
      void sendBatch(items.slice(start, start + maxBatchSize));
    }
  }

  return {
    get supported() {
      return supported;
    },
    flush,
    fetch(request) {
      return new Promise<ChartDataAnswer>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          schedule(() => {
            scheduled = false;
            flush();
          });
        }
      });
    },
  };
}
