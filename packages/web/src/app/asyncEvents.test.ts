import type { AsyncEvent, AsyncJob } from '@tessera/shared/api/async';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api.ts';
import {
  type AsyncEventsSettings,
  createAsyncEvents,
  fetchChartData,
  WS_MAX_RETRIES,
  WS_RETRY_DELAY_MS,
} from './asyncEvents.ts';

/** The client's side of global async queries, on fake timers against a scripted server. */

const job = (id: string): AsyncJob => ({
  channel_id: 'c1',
  job_id: id,
  user_id: 1,
  status: 'pending',
  errors: [],
  result_url: null,
});
let seq = 0;
const event = (id: string, status: AsyncEvent['status'], extra: Partial<AsyncEvent> = {}) => ({
  ...job(id),
  id: `1700000000000-${seq++}`,
  status,
  ...(status === 'done' ? { result_url: `/api/v1/chart/data/${'a'.repeat(48)}${id}` } : {}),
  ...extra,
});

/** A server whose events are handed out by the test; every request is recorded. */
function server() {
  const requests: string[] = [];
  let pending: AsyncEvent[] = [];
  const api = createApiClient({
    fetch: async (input, init) => {
      const url = String(input);
      if (url.includes('csrf_token')) return Response.json({ result: 'token' });
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.includes('/async_event/')) {
        const answer = { result: pending };
        pending = [];
        return Response.json(answer);
      }
      if (url.includes('/api/v1/chart/data/')) {
        return Response.json({ result: [{ rowcount: 1, data: [{ url }] }] });
      }
      if (url.endsWith('/api/v1/chart/data')) return Response.json(job('j9'), { status: 202 });
      return Response.json({ message: 'Not found' }, { status: 404 });
    },
  });
  return {
    api,
    requests,
    polls: () => requests.filter((r) => r.includes('/async_event/')),
    emit: (...events: AsyncEvent[]) => {
      pending.push(...events);
    },
  };
}

const POLLING: AsyncEventsSettings = {
  transport: 'polling',
  pollingDelayMs: 500,
  websocketUrl: null,
};

describe('async events by polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every 500 ms, ignores pending and running, and fetches result_url on done', async () => {
    const s = server();
    const events = createAsyncEvents(s.api, POLLING, { warn: () => undefined });
    const answer = events.waitForAsyncData(job('j1'));
    await vi.advanceTimersByTimeAsync(499);
    expect(s.polls()).toHaveLength(0);
    s.emit(event('j1', 'pending'), event('j1', 'running'));
    await vi.advanceTimersByTimeAsync(1);
    expect(s.polls()).toEqual(['GET /api/v1/async_event/']);
    const done = event('j1', 'done');
    s.emit(done);
    await vi.advanceTimersByTimeAsync(500);
    // The second poll resumes after the last event it saw.
    expect(s.polls()[1]).toMatch(/last_id=1700000000000-\d+$/);
    const data = await answer;
    expect(data.result[0]).toMatchObject({ rowcount: 1 });
    expect(s.requests).toContain(`GET ${done.result_url}`);
    events.close();
  });

  it('fails the call with the error of an error event', async () => {
    const s = server();
    const events = createAsyncEvents(s.api, POLLING, { warn: () => undefined });
    const answer = events.waitForAsyncData(job('j2'));
    const failed = expect(answer).rejects.toThrow('Column "nope" does not exist');
    s.emit(event('j2', 'error', { errors: [{ message: 'Column "nope" does not exist' }] }));
    await vi.advanceTimersByTimeAsync(500);
    await failed;
    events.close();
  });

  it('retries the listener lookup up to 6 times, 100 ms x the attempt apart', async () => {
    const s = server();
    const events = createAsyncEvents(s.api, POLLING, { warn: () => undefined });
    const first = events.waitForAsyncData(job('j3'));
    // j4's done arrives before anyone listens for it; j5's listener comes too late.
    s.emit(event('j3', 'done'), event('j4', 'done'), event('j5', 'done'));
    await vi.advanceTimersByTimeAsync(500);
    await first;
    // Looked up again 100, 300, 600, 1000, 1500 and 2100 ms after the poll that brought it.
    await vi.advanceTimersByTimeAsync(1700);
    const late = events.waitForAsyncData(job('j4'));
    await vi.advanceTimersByTimeAsync(400);
    await expect(late).resolves.toMatchObject({ result: [{ rowcount: 1 }] });
    await vi.advanceTimersByTimeAsync(100);
    const tooLate = events.waitForAsyncData(job('j5'));
    let settled = false;
    tooLate.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(settled).toBe(false);
    events.close();
  });

  it('gives up waiting when the caller aborts', async () => {
    const s = server();
    const events = createAsyncEvents(s.api, POLLING, { warn: () => undefined });
    const controller = new AbortController();
    const answer = events.waitForAsyncData(job('j6'), controller.signal);
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    events.close();
  });

  it('answers a 200 at once and a 202 after its job, through one call', async () => {
    const s = server();
    const events = createAsyncEvents(s.api, POLLING, { warn: () => undefined });
    const answer = fetchChartData(
      s.api,
      { body: { datasource: { id: 1, type: 'table' }, queries: [{}] } },
      events,
    );
    await vi.advanceTimersByTimeAsync(0);
    s.emit(event('j9', 'done'));
    await vi.advanceTimersByTimeAsync(500);
    await expect(answer).resolves.toMatchObject({ result: [{ rowcount: 1 }] });
    events.close();
  });
});

/** A websocket the test opens, closes and feeds. */
class FakeSocket extends EventTarget {
  static opened: FakeSocket[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.opened.push(this);
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  message(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  close() {
    this.dispatchEvent(new Event('close'));
  }
}

describe('async events by websocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const WS: AsyncEventsSettings = { transport: 'ws', pollingDelayMs: 500, websocketUrl: '/ws/' };

  it('takes events from the socket, resuming from last_id when it reconnects', async () => {
    const s = server();
    const events = createAsyncEvents(s.api, WS, {
      WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
      origin: 'https://tessera.example',
      warn: () => undefined,
    });
    const answer = events.waitForAsyncData(job('w1'));
    const first = FakeSocket.opened[0] as FakeSocket;
    expect(first.url).toBe('wss://tessera.example/ws/');
    first.open();
    const running = event('w1', 'running');
    first.message(running);
    first.close();
    await vi.advanceTimersByTimeAsync(WS_RETRY_DELAY_MS);
    const second = FakeSocket.opened[1] as FakeSocket;
    expect(second.url).toBe(`wss://tessera.example/ws/?last_id=${running.id}`);
    second.open();
    second.message(event('w1', 'done'));
    await expect(answer).resolves.toMatchObject({ result: [{ rowcount: 1 }] });
    expect(s.polls()).toHaveLength(0);
    events.close();
  });

  it('reconnects up to 6 times 2500 ms apart, then falls back to polling', async () => {
    const s = server();
    const warnings: string[] = [];
    const events = createAsyncEvents(s.api, WS, {
      WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
      origin: 'http://localhost:8088',
      warn: (message) => warnings.push(message),
    });
    const answer = events.waitForAsyncData(job('w2'));
    (FakeSocket.opened[0] as FakeSocket).close();
    for (let attempt = 1; attempt <= WS_MAX_RETRIES; attempt += 1) {
      await vi.advanceTimersByTimeAsync(WS_RETRY_DELAY_MS - 1);
      expect(FakeSocket.opened).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.opened).toHaveLength(attempt + 1);
      (FakeSocket.opened[attempt] as FakeSocket).close();
    }
    expect(events.transport).toBe('polling');
    expect(warnings).toContain('WebSocket not available, falling back to async polling');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.opened).toHaveLength(WS_MAX_RETRIES + 1);
    s.emit(event('w2', 'done'));
    await vi.advanceTimersByTimeAsync(500);
    await expect(answer).resolves.toMatchObject({ result: [{ rowcount: 1 }] });
    expect(s.polls().length).toBeGreaterThan(0);
    events.close();
  });
});
