import { MAX_EVENTS_PER_BATCH } from '@tessera/shared/api/logs';
import { routePath } from '@tessera/shared/api/route';
import { logRoutes } from '@tessera/shared/api/routes/logs';
import { securityRoutes } from '@tessera/shared/api/routes/security';
import type { ApiClient } from '../../app/api.ts';
import { addLogListener, type LogEvent } from '../../app/eventLogger.ts';

/**
 * Sends the client's events to `POST /superset/log/` in batches, as Superset's logger does: a
 * batch goes a second after its first event (when the browser is idle), at once when it reaches
 * 1024 events, and by `sendBeacon` when the page is hidden or left, so the last events are not
 * lost. Sending never blocks the page and never shows an error: a lost batch is only a lost log.
 */

/** How long events wait to be batched, as Superset's queue (`delayThreshold`). */
export const FLUSH_DELAY_MS = 1000;
/** How long a due batch may wait for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/** What sending needs from the page; tests bring their own. */
export interface SenderDeps {
  post(events: LogEvent[]): Promise<unknown>;
  /** `navigator.sendBeacon` with the batch as a form; false when it could not queue it. */
  beacon(events: LogEvent[]): boolean;
  /** Whether someone is signed in: events of a signed-out page are dropped. */
  signedIn(): boolean;
  schedule(run: () => void, delayMs: number): unknown;
}

export interface EventLogSender {
  append(event: LogEvent): void;
  /** Sends what is queued now (by beacon when the page is going away). */
  flush(how: 'post' | 'beacon'): void;
  pending(): number;
}

export function createEventLogSender(deps: SenderDeps): EventLogSender {
  let queue: LogEvent[] = [];
  let scheduled = false;

  const flush = (how: 'post' | 'beacon') => {
    scheduled = false;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_EVENTS_PER_BATCH);
      queue = queue.slice(batch.length);
      if (!deps.signedIn()) continue;
      if (how === 'beacon' && deps.beacon(batch)) continue;
      deps.post(batch).catch(() => undefined);
    }
  };

  return {
    append(event) {
      queue.push(event);
      if (queue.length >= MAX_EVENTS_PER_BATCH) flush('post');
      else if (!scheduled) {
        scheduled = true;
        deps.schedule(() => flush('post'), FLUSH_DELAY_MS);
      }
    },
    flush,
    pending: () => queue.length,
  };
}

/** Runs `run` after `delayMs`, then when the browser is idle (if it can say). */
function whenIdle(run: () => void, delayMs: number) {
  return setTimeout(() => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    } else run();
  }, delayMs);
}

/** Set by the event-log benchmark to measure a page without the sender. */
declare global {
  var __TESSERA_EVENT_LOG_OFF__: boolean | undefined;
}

/**
 * Installs the sender for the page's lifetime. A beacon cannot send headers, so it carries the
 * CSRF token as a form field; the token is fetched with the first batch.
 */
export function installEventLogSender(api: ApiClient, signedIn: () => boolean): () => void {
  if (globalThis.__TESSERA_EVENT_LOG_OFF__) return () => undefined;
  let csrfToken: string | null = null;
  const sender = createEventLogSender({
    signedIn,
    schedule: whenIdle,
    async post(events) {
      await api.call(logRoutes.legacyPost, { body: { events } });
      csrfToken ??= (await api.call(securityRoutes.csrfToken)).result;
    },
    beacon(events) {
      if (!csrfToken || typeof navigator.sendBeacon !== 'function') return false;
      const form = new URLSearchParams({ events: JSON.stringify(events), csrf_token: csrfToken });
      return navigator.sendBeacon(`${routePath(logRoutes.legacyPost.path)}?explode=events`, form);
    },
  });
  const stop = addLogListener((event) => sender.append(event));
  const hidden = () => {
    if (document.visibilityState === 'hidden') sender.flush('beacon');
  };
  const leaving = () => sender.flush('beacon');
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', leaving);
  return () => {
    stop();
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', leaving);
  };
}
