import {
  ASYNC_EVENTS_MAX,
  type AsyncChartDataAnswer,
  type AsyncEvent,
  type AsyncJob,
  isAsyncJob,
} from '@tessera/shared/api/async';
import type { ChartDataAnswer, QueryContext } from '@tessera/shared/api/chartData';
import { asyncRoutes } from '@tessera/shared/api/routes/async';
import { normaliseErrorReply } from '@tessera/shared/clientErrors';
import { type ApiClient, ClientError } from './api.ts';
import { readBootstrap } from './bootstrap.ts';

/**
 * Global async queries in the browser (GLOBAL_ASYNC_QUERIES): a chart-data call answered 202
 * waits for its job's events, which arrive by polling `GET /api/v1/async_event/` (the default,
 * every 500 ms) or by websocket (up to 6 reconnect attempts 2500 ms apart, then polling). A `done`
 * event fetches its `result_url`, an `error` event fails the call with its error, other statuses
 * are ignored. An event may come before its listener (the 202 is still being read): its lookup
 * is retried up to 6 times, 100 ms x the attempt apart.
 */

export const POLLING_DELAY_MS = 500;
export const WS_MAX_RETRIES = 6;
export const WS_RETRY_DELAY_MS = 2500;
export const LISTENER_MAX_RETRIES = 6;
export const LISTENER_RETRY_DELAY_MS = 100;

export interface AsyncEventsSettings {
  transport: 'polling' | 'ws';
  pollingDelayMs: number;
  /** The websocket's address: absolute, or a path on this origin. */
  websocketUrl: string | null;
}

/** What the browser provides; tests bring their own socket. */
export interface AsyncEventsEnvironment {
  WebSocket?: new (url: string) => WebSocket;
  /** The page's origin, for a websocket path (`http:` becomes `ws:`). */
  origin?: string;
  warn?: (message: string) => void;
}

export interface AsyncEvents {
  /** The chart data of a job: resolves on its `done` event, rejects on `error` or `signal`. */
  waitForAsyncData(job: AsyncJob, signal?: AbortSignal): Promise<ChartDataAnswer>;
  /** The transport in use now: `ws` until the websocket has failed for good. */
  readonly transport: 'polling' | 'ws';
  close(): void;
}

type Listener = (event: AsyncEvent) => void;

function websocketAddress(url: string, origin: string | undefined): string {
  if (/^wss?:\/\//.test(url)) return url;
  const base = new URL(url, origin ?? 'http://localhost/');
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return base.toString();
}

/** The failure of an `error` event, as a failed call would carry it. */
function jobFailure(event: AsyncEvent): ClientError {
  return new ClientError(normaliseErrorReply(500, JSON.stringify({ errors: event.errors })));
}

export function createAsyncEvents(
  api: ApiClient,
  settings: AsyncEventsSettings,
  env: AsyncEventsEnvironment = {},
): AsyncEvents {
  const warn = env.warn ?? ((message: string) => console.warn(message));
  const listeners = new Map<string, Listener>();
  let lastId: string | null = null;
  let transport: 'polling' | 'ws' =
    settings.transport === 'ws' && settings.websocketUrl && env.WebSocket ? 'ws' : 'polling';
  let pollTimer: ReturnType<typeof setTimeout> | null = null;
  let socket: WebSocket | null = null;
  let wsRetries = 0;
  let closed = false;
  let started = false;

  function deliver(event: AsyncEvent, attempt = 0) {
    const listener = listeners.get(event.job_id);
    if (listener) {
      listener(event);
      return;
    }
    // Only final events matter; one that beat its listener here is looked up again shortly.
    if (event.status !== 'done' && event.status !== 'error') return;
    if (attempt < LISTENER_MAX_RETRIES) {
      setTimeout(() => deliver(event, attempt + 1), LISTENER_RETRY_DELAY_MS * (attempt + 1));
    }
  }

  function processEvents(events: AsyncEvent[]) {
    for (const event of events) {
      lastId = event.id;
      deliver(event);
    }
  }

  async function poll() {
    pollTimer = null;
    if (closed || transport !== 'polling') return;
    let full = false;
    if (listeners.size > 0) {
      try {
        const answer = await api.call(asyncRoutes.events, {
          query: lastId ? { last_id: lastId } : {},
        });
        processEvents(answer.result);
        // A full page means more are waiting (a long-lived channel): read on at once.
        full = answer.result.length >= ASYNC_EVENTS_MAX;
      } catch (error) {
        warn(`async events: ${(error as Error).message}`);
      }
    }
    if (!closed && transport === 'polling') {
      pollTimer = setTimeout(() => void poll(), full ? 0 : settings.pollingDelayMs);
    }
  }

  function fallBackToPolling() {
    warn('WebSocket not available, falling back to async polling');
    transport = 'polling';
    pollTimer = setTimeout(() => void poll(), settings.pollingDelayMs);
  }

  function connect() {
    if (closed) return;
    const Socket = env.WebSocket as NonNullable<AsyncEventsEnvironment['WebSocket']>;
    const base = websocketAddress(settings.websocketUrl as string, env.origin);
    const url = lastId ? `${base}${base.includes('?') ? '&' : '?'}last_id=${lastId}` : base;
    const ws = new Socket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      wsRetries = 0;
    });
    ws.addEventListener('message', (message: MessageEvent) => {
      try {
        processEvents([JSON.parse(String(message.data)) as AsyncEvent]);
      } catch {
        warn('async events: an unreadable websocket message');
      }
    });
    ws.addEventListener('close', () => {
      if (socket !== ws || closed) return;
      socket = null;
      if (wsRetries < WS_MAX_RETRIES) {
        wsRetries += 1;
        setTimeout(connect, WS_RETRY_DELAY_MS);
      } else fallBackToPolling();
    });
  }

  function start() {
    if (started) return;
    started = true;
    if (transport === 'ws') connect();
    else pollTimer = setTimeout(() => void poll(), settings.pollingDelayMs);
  }

  async function fetchResult(event: AsyncEvent): Promise<ChartDataAnswer> {
    const url = event.result_url ?? '';
    const key = url.slice(url.lastIndexOf('/') + 1);
    return api.call(asyncRoutes.result, { params: { cache_key: key } }) as Promise<ChartDataAnswer>;
  }

  return {
    get transport() {
      return transport;
    },
    waitForAsyncData(job, signal) {
      start();
      return new Promise<ChartDataAnswer>((resolve, reject) => {
        const jobId = job.job_id;
        const onAbort = () => {
          listeners.delete(jobId);
          reject(new DOMException('The call was aborted', 'AbortError'));
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        listeners.set(jobId, (event) => {
          if (event.status !== 'done' && event.status !== 'error') return;
          listeners.delete(jobId);
          signal?.removeEventListener('abort', onAbort);
          if (event.status === 'error') reject(jobFailure(event));
          else fetchResult(event).then(resolve, reject);
        });
      });
    },
    close() {
      closed = true;
      if (pollTimer) clearTimeout(pollTimer);
      socket?.close();
      listeners.clear();
    },
  };
}

/** The settings of the page's bootstrap (polling every 500 ms when it says nothing). */
export function bootstrapAsyncSettings(): AsyncEventsSettings {
  const root = typeof document === 'undefined' ? null : document.getElementById('app');
  const conf = readBootstrap(root)?.common.conf;
  return {
    transport: conf?.GLOBAL_ASYNC_QUERIES_TRANSPORT ?? 'polling',
    pollingDelayMs: conf?.GLOBAL_ASYNC_QUERIES_POLLING_DELAY ?? POLLING_DELAY_MS,
    websocketUrl: conf?.GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL ?? null,
  };
}

const perClient = new WeakMap<ApiClient, AsyncEvents>();

/** One event listener per API client (the app has one), made at its first job. */
export function asyncEventsFor(api: ApiClient): AsyncEvents {
  let events = perClient.get(api);
  if (!events) {
    events = createAsyncEvents(api, bootstrapAsyncSettings(), {
      WebSocket: typeof WebSocket === 'undefined' ? undefined : WebSocket,
      origin: typeof window === 'undefined' ? undefined : window.location.origin,
    });
    perClient.set(api, events);
  }
  return events;
}

/** Routes a job to whoever waits for it: the data, whether answered at once or by a job. */
export function settleChartData(
  api: ApiClient,
  answer: AsyncChartDataAnswer,
  signal?: AbortSignal,
  events?: AsyncEvents,
): Promise<ChartDataAnswer> {
  if (isAsyncJob(answer)) {
    return (events ?? asyncEventsFor(api)).waitForAsyncData(answer, signal);
  }
  return Promise.resolve(answer);
}

export interface ChartDataArgs {
  body: QueryContext;
  signal?: AbortSignal;
  query?: { form_data?: string; dashboard_id?: string; force?: string };
}

/**
 * `POST /api/v1/chart/data` as it answers with or without GLOBAL_ASYNC_QUERIES: the data at
 * once (200), or after its job ends (202), so callers see one answer either way.
 */
export async function fetchChartData(
  api: ApiClient,
  args: ChartDataArgs,
  events?: AsyncEvents,
): Promise<ChartDataAnswer> {
  const answer = await api.call(asyncRoutes.chartData, args);
  return settleChartData(api, answer, args.signal, events);
}
