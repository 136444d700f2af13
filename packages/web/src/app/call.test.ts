import { route } from '@tessera/shared/api/route';
import { dashboardRoutes } from '@tessera/shared/api/routes/dashboards';
import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ClientError, CSRF_TOKEN_PATH, createApiClient } from './api.ts';

/** `call(route, args)`: one typed way in, checked against the route's answer schema. */

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

function fakeServer(answer: (sent: Sent) => unknown, status = 200) {
  const sent: Sent[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Sent = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body as string | undefined,
    };
    sent.push(call);
    const body = call.url === CSRF_TOKEN_PATH ? { result: 'tok' } : answer(call);
    return new Response(JSON.stringify(body), {
      status: call.url === CSRF_TOKEN_PATH ? 200 : status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { sent, fetch: fetchImpl as unknown as typeof fetch };
}

const tables = { count: 1, result: [{ value: 'sales', type: 'table', extra: null }] };

describe('call', () => {
  it('fills and encodes path params, rison-encodes q and sends the query fields', async () => {
    const server = fakeServer(() => tables);
    const api = createApiClient({ fetch: server.fetch, validateAnswers: false });
    await api.call(databaseRoutes.tables, {
      params: { pk: 7 },
      q: { schema_name: 'main', force: false },
    });
    await api.call(dashboardRoutes.get, { params: { id_or_slug: 'sales/ü' } });
    await api.call(databaseRoutes.tableMetadata, {
      params: { pk: 7 },
      query: { name: 'a b', schema: 'main' },
    });
    expect(server.sent.map((s) => s.url)).toEqual([
      '/api/v1/database/7/tables/?q=%28force%3A%21f%2Cschema_name%3Amain%29',
      '/api/v1/dashboard/sales%2F%C3%BC',
      '/api/v1/database/7/table_metadata/?name=a+b&schema=main',
    ]);
  });

  it('sends the body as JSON with the CSRF token on a write', async () => {
    const server = fakeServer(() => ({ message: 'OK' }));
    const api = createApiClient({ fetch: server.fetch, validateAnswers: true });
    await expect(
      api.call(databaseRoutes.testConnection, { body: { sqlalchemy_uri: 'duckdb://' } }),
    ).resolves.toEqual({ message: 'OK' });
    const post = server.sent.find((s) => s.method === 'POST');
    expect(post?.url).toBe('/api/v1/database/test_connection/');
    expect(post?.headers['X-CSRFToken']).toBe('tok');
    expect(post?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ sqlalchemy_uri: 'duckdb://' });
  });

  it('fails when a fake answers a shape the route schema refuses', async () => {
    const server = fakeServer(() => ({ count: 'one', result: [{ value: 3 }] }));
    const api = createApiClient({ fetch: server.fetch, validateAnswers: true });
    const failure = await api
      .call(databaseRoutes.tables, { params: { pk: 1 }, q: { schema_name: 'main' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientError);
    expect((failure as ClientError).message).toMatch(
      /^The answer of GET \/api\/v1\/database\/1\/tables\/ does not match its schema \(count: /,
    );
  });

  it('checks answers in tests and development builds by default', async () => {
    const odd = route({ method: 'GET', path: '/api/v1/odd/', answer: z.object({ n: z.number() }) });
    const api = createApiClient({ fetch: fakeServer(() => ({ n: 'x' })).fetch });
    await expect(api.call(odd)).rejects.toBeInstanceOf(ClientError);
  });

  it('hands the answer over unchanged when checks are off (production)', async () => {
    const odd = route({ method: 'GET', path: '/api/v1/odd/', answer: z.object({ n: z.number() }) });
    const api = createApiClient({
      fetch: fakeServer(() => ({ n: 'x' })).fetch,
      validateAnswers: false,
    });
    await expect(api.call(odd)).resolves.toEqual({ n: 'x' });
  });

  it('refuses a call whose path parameter is missing before anything is sent', async () => {
    const server = fakeServer(() => ({}));
    const api = createApiClient({ fetch: server.fetch });
    const params = {} as { pk: number };
    await expect(api.call(databaseRoutes.get, { params })).rejects.toThrow(
      'Missing path parameter "pk" of /api/v1/database/:pk',
    );
    expect(server.sent).toEqual([]);
  });

  it('keeps the error envelope of a refused call', async () => {
    const server = fakeServer(() => ({ message: 'Not found' }), 404);
    const api = createApiClient({ fetch: server.fetch });
    const failure: unknown = await api
      .call(databaseRoutes.get, { params: { pk: 9 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientError);
    expect((failure as ClientError).status).toBe(404);
    expect((failure as ClientError).info.error).toBe('Not found');
  });

  it('reads a binary route as bytes', async () => {
    const server = fakeServer(() => 'zip');
    const api = createApiClient({ fetch: server.fetch });
    const reply = await api.callBinary(dashboardRoutes.export, { q: [1, 2] });
    expect(new TextDecoder().decode(reply.body)).toBe('"zip"');
    expect(server.sent[0]?.url).toBe('/api/v1/dashboard/export/?q=%21%281%2C2%29');
  });
});
