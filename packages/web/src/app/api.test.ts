import {
  NETWORK_ERROR,
  REQUEST_TIMED_OUT,
  SESSION_TIMED_OUT_MESSAGE,
  UNKNOWN_ERROR,
} from '@tessera/shared/clientErrors';
import { describe, expect, it, vi } from 'vitest';
import {
  ClientError,
  CSRF_TOKEN_PATH,
  createApiClient,
  isAbortError,
  PREFETCH_LIFETIME_MS,
} from './api.ts';

/**
 * The client's only collaborator is `fetch`; these tests answer it the way the server does
 * (Superset envelopes, CSRF refusals) and look at what the client sends and throws.
 */

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  credentials?: RequestCredentials;
}

type Reply = { status: number; body?: unknown; contentType?: string } | 'network-failure' | 'hang';

function fakeServer(handler: (call: Call, index: number) => Reply) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body as string | undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const reply = handler(call, calls.length - 1);
    if (reply === 'network-failure') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }
    const text =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: {
        'content-type':
          reply.contentType ?? (typeof reply.body === 'string' ? 'text/html' : 'application/json'),
      },
    });
  });
  return { calls, fetch: fetchImpl as unknown as typeof fetch };
}

async function failure(promise: Promise<unknown>): Promise<ClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ClientError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client: successful calls', () => {
  it('sends cookies of this site only and parses JSON answers', async () => {
    const server = fakeServer(() => ({ status: 200, body: { result: [1, 2] } }));
    const api = createApiClient({ fetch: server.fetch });
    await expect(api.get('/api/v1/database/')).resolves.toEqual({ result: [1, 2] });
    expect(server.calls[0]?.credentials).toBe('same-origin');
    expect(server.calls[0]?.headers['X-CSRFToken']).toBeUndefined();
  });

  it('rison-encodes q as Superset list endpoints read it', async () => {
    const server = fakeServer(() => ({ status: 200, body: {} }));
    const api = createApiClient({ fetch: server.fetch });
    await api.get('/api/v1/database/', { q: { page: 0, page_size: 25, order_direction: 'desc' } });
    const url = new URL(server.calls[0]?.url ?? '', 'http://local');
    expect(url.searchParams.get('q')).toBe('(order_direction:desc,page:0,page_size:25)');
  });
});

describe('api client: CSRF', () => {
  it('fetches the token once and sends it as X-CSRFToken on every mutating call', async () => {
    const server = fakeServer((call) =>
      call.url === CSRF_TOKEN_PATH
        ? { status: 200, body: { result: 'tok-1' } }
        : { status: 200, body: { id: 1 } },
    );
    const api = createApiClient({ fetch: server.fetch });
    await api.post('/api/v1/database/', { database_name: 'x' });
    await api.put('/api/v1/database/1', { database_name: 'y' });
    await api.delete('/api/v1/database/1');
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${CSRF_TOKEN_PATH}`,
      'POST /api/v1/database/',
      'PUT /api/v1/database/1',
      'DELETE /api/v1/database/1',
    ]);
    for (const call of server.calls.slice(1)) expect(call.headers['X-CSRFToken']).toBe('tok-1');
    expect(server.calls[1]?.headers['Content-Type']).toBe('application/json');
    expect(server.calls[1]?.body).toBe('{"database_name":"x"}');
  });

  it('retries once with a fresh token when the server refuses the token', async () => {
    let tokens = 0;
    const server = fakeServer((call) => {
      if (call.url === CSRF_TOKEN_PATH) return { status: 200, body: { result: `tok-${++tokens}` } };
      return call.headers['X-CSRFToken'] === 'tok-2'
        ? { status: 201, body: { id: 5 } }
        : { status: 400, body: { message: 'The CSRF token is invalid.' } };
    });
    const api = createApiClient({ fetch: server.fetch });
    await expect(api.post('/api/v1/database/', {})).resolves.toEqual({ id: 5 });
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('gives the session-timed-out message when the retry is refused too', async () => {
    const server = fakeServer((call) =>
      call.url === CSRF_TOKEN_PATH
        ? { status: 200, body: { result: 'stale' } }
        : { status: 400, body: { message: 'The CSRF token is missing.' } },
    );
    const api = createApiClient({ fetch: server.fetch });
    const error = await failure(api.post('/api/v1/database/', {}));
    expect(error.message).toBe(SESSION_TIMED_OUT_MESSAGE);
    expect(error.message).toBe('Your session timed out, please refresh your page and try again.');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('still sends the call when no token can be fetched, and reports the real refusal', async () => {
    const server = fakeServer((call) =>
      call.url === CSRF_TOKEN_PATH
        ? 'network-failure'
        : { status: 401, body: { message: 'Invalid login. Please try again.' } },
    );
    const api = createApiClient({ fetch: server.fetch });
    const error = await failure(api.post('/login/', { username: 'a', password: 'b' }));
    expect(error.message).toBe('Invalid login. Please try again.');
    expect(error.status).toBe(401);
  });
});

describe('api client: every failure is normalised', () => {
  const failWith = async (reply: Reply) => {
    const server = fakeServer(() => reply);
    return failure(createApiClient({ fetch: server.fetch }).get('/api/v1/x/'));
  };

  it('takes message, description and link from the first item of errors', async () => {
    const error = await failWith({
      status: 500,
      body: {
        errors: [
          {
            message: 'Could not connect',
            description: 'The host is down',
            error_type: 'CONNECTION_HOST_DOWN_ERROR',
            level: 'error',
            extra: {
              link: 'https://docs.example/help',
              issue_codes: [{ code: 1009, message: 'Issue 1009 - x' }],
            },
          },
          { message: 'second', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: {} },
        ],
      },
    });
    expect(error.info).toMatchObject({
      error: 'Could not connect',
      description: 'The host is down',
      link: 'https://docs.example/help',
      status: 500,
    });
    expect(error.info.errors?.[0]?.extra?.issue_codes?.[0]?.code).toBe(1009);
  });

  it('takes the first entry of a message object', async () => {
    const error = await failWith({
      status: 400,
      body: { message: { database_name: ['Shorter than minimum length 1.'] } },
    });
    expect(error.message).toBe('Shorter than minimum length 1.');
  });

  it('says Invalid input for a message object without a usable entry', async () => {
    const error = await failWith({ status: 400, body: { message: {} } });
    expect(error.message).toBe('Invalid input');
  });

  it('says Unexpected error with the stack for a stack trace', async () => {
    const error = await failWith({ status: 500, body: { stack: 'Error: boom\n  at x' } });
    expect(error.message).toBe('Unexpected error: Error: boom\n  at x');
  });

  it.each([
    [404, 'Not found'],
    [403, 'Forbidden'],
    [413, 'Payload too large'],
    [502, 'Bad gateway'],
    [504, 'Gateway timeout'],
  ])('uses the status text table for a %i without a body', async (status, text) => {
    const error = await failWith({ status, body: '<html>proxy page</html>' });
    expect(error.message).toBe(text);
  });

  it('says Unknown error for a status outside the table', async () => {
    const error = await failWith({ status: 470, body: '' });
    expect(error.message).toBe(UNKNOWN_ERROR);
  });

  it('says Network error when fetch itself fails', async () => {
    const error = await failWith('network-failure');
    expect(error.message).toBe(NETWORK_ERROR);
    expect(error.status).toBe(599);
  });

  it('gives up after the configured timeout with issues 1000 and 1001', async () => {
    const server = fakeServer(() => 'hang');
    const api = createApiClient({ fetch: server.fetch, timeoutSeconds: 0.05 });
    const error = await failure(api.get('/api/v1/chart/data'));
    expect(error.message).toBe(REQUEST_TIMED_OUT);
    expect(error.info.timeout).toBe(0.05);
    const issues = error.info.errors?.[0]?.extra?.issue_codes ?? [];
    expect(issues.map((issue) => issue.code)).toEqual([1000, 1001]);
    expect(issues[0]?.message).toBe('Issue 1000 - The dataset is too large to query.');
    expect(issues[1]?.message).toBe('Issue 1001 - The database is under an unusual load.');
  });

  it('rejects with the AbortError, not a ClientError, when the caller cancels', async () => {
    const server = fakeServer(() => 'hang');
    const api = createApiClient({ fetch: server.fetch });
    const controller = new AbortController();
    const pending = api.get('/api/v1/x/', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
  });

  it('tells the app when the session has ended (401)', async () => {
    const onUnauthorized = vi.fn();
    const server = fakeServer(() => ({ status: 401, body: { message: 'Not authorized' } }));
    const api = createApiClient({ fetch: server.fetch, onUnauthorized });
    await failure(api.get('/api/v1/me/'));
    expect(onUnauthorized).toHaveBeenCalledWith('/api/v1/me/');
  });
});

describe('api client: prefetched reads', () => {
  it("hands a prefetched answer to the page's own GET of the same path, once", async () => {
    let served = 0;
    const server = fakeServer(() => ({ status: 200, body: { result: ++served } }));
    const api = createApiClient({ fetch: server.fetch });
    api.prefetch('/api/v1/dashboard/3');
    await expect(api.get('/api/v1/dashboard/3')).resolves.toEqual({ result: 1 });
    expect(server.calls).toHaveLength(1);
    // Used up: a later read asks the server again.
    await expect(api.get('/api/v1/dashboard/3')).resolves.toEqual({ result: 2 });
    expect(server.calls).toHaveLength(2);
  });

  it('asks again for another path, other parameters or another media type', async () => {
    const server = fakeServer(() => ({ status: 200, body: {} }));
    const api = createApiClient({ fetch: server.fetch });
    api.prefetch('/api/v1/dashboard/3');
    await api.get('/api/v1/dashboard/4');
    await api.get('/api/v1/dashboard/3', { query: { force: true } });
    await api.get('/api/v1/dashboard/3', { accept: 'text/csv' });
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/v1/dashboard/3',
      '/api/v1/dashboard/4',
      '/api/v1/dashboard/3?force=true',
      '/api/v1/dashboard/3',
    ]);
  });

  it('does not hand out an answer older than its lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let served = 0;
      const server = fakeServer(() => ({ status: 200, body: { result: ++served } }));
      const api = createApiClient({ fetch: server.fetch });
      api.prefetch('/api/v1/dashboard/3');
      vi.setSystemTime(Date.now() + PREFETCH_LIFETIME_MS + 1);
      await expect(api.get('/api/v1/dashboard/3')).resolves.toEqual({ result: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('discards prefetched answers when a write goes out', async () => {
    let reads = 0;
    const server = fakeServer((call) => {
      if (call.url === CSRF_TOKEN_PATH) return { status: 200, body: { result: 'tok' } };
      if (call.method === 'PUT') return { status: 200, body: {} };
      return { status: 200, body: { result: ++reads } };
    });
    const api = createApiClient({ fetch: server.fetch });
    api.prefetch('/api/v1/dashboard/3');
    await api.put('/api/v1/dashboard/3', { dashboard_title: 'new' });
    await expect(api.get('/api/v1/dashboard/3')).resolves.toEqual({ result: 2 });
  });

  it('keeps prefetched answers across a POST that only reads (chart data)', async () => {
    let reads = 0;
    const server = fakeServer((call) => {
      if (call.url === CSRF_TOKEN_PATH) return { status: 200, body: { result: 'tok' } };
      if (call.method === 'POST') return { status: 200, body: { result: [] } };
      return { status: 200, body: { result: ++reads } };
    });
    const api = createApiClient({ fetch: server.fetch });
    api.prefetch('/api/v1/dashboard/3/datasets');
    await api.post('/api/v1/chart/data', { queries: [] }, { readsOnly: true });
    await expect(api.get('/api/v1/dashboard/3/datasets')).resolves.toEqual({ result: 1 });
  });

  it('gives the failure of a prefetch to the page that reads it, and to nobody else', async () => {
    const onUnauthorized = vi.fn();
    const server = fakeServer(() => ({ status: 404, body: { message: 'Not found' } }));
    const api = createApiClient({ fetch: server.fetch, onUnauthorized });
    api.prefetch('/api/v1/dashboard/missing');
    api.prefetch('/api/v1/dashboard/never-read');
    const error = await failure(api.get('/api/v1/dashboard/missing'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Not found');
    expect(server.calls).toHaveLength(2);
  });

  it("rejects with the AbortError when the reader cancels, leaving the answer's call alone", async () => {
    const server = fakeServer(() => 'hang');
    const api = createApiClient({ fetch: server.fetch });
    api.prefetch('/api/v1/dashboard/3');
    const controller = new AbortController();
    const pending = api.get('/api/v1/dashboard/3', { signal: controller.signal });
    controller.abort();
    expect(isAbortError(await pending.catch((e: unknown) => e))).toBe(true);
  });
});
