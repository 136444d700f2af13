import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandling } from '../platform/http.ts';
import { rememberJsonBodies } from './bodyMemo.ts';

/** A body sent again is the same validated, frozen object; nothing else about parsing changes. */

const Body = z.looseObject({ queries: z.array(z.object({ row_limit: z.number().int() })) });

describe('remembered JSON bodies', () => {
  let app: FastifyInstance;
  const seen: unknown[] = [];
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    installErrorHandling(app);
    await app.register(async (scope) => {
      rememberJsonBodies(scope);
      scope.post('/remembered', { schema: { body: Body } }, async (request) => {
        seen.push(request.body);
        return { frozen: Object.isFrozen(request.body) };
      });
    });
    await app.register(async (scope) => {
      scope.post('/elsewhere', { schema: { body: Body } }, async (request) => {
        seen.push(request.body);
        return { frozen: Object.isFrozen(request.body) };
      });
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  const post = (url: string, payload: string) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it('gives an identical body the same frozen, validated object', async () => {
    const text = JSON.stringify({ queries: [{ row_limit: 10 }] });
    seen.length = 0;
    expect((await post('/remembered', text)).json()).toEqual({ frozen: true });
    expect((await post('/remembered', text)).json()).toEqual({ frozen: true });
    await post('/remembered', JSON.stringify({ queries: [{ row_limit: 11 }] }));
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
    expect(seen[2]).toEqual({ queries: [{ row_limit: 11 }] });
  });

  it('refuses a bad body every time it comes', async () => {
    for (let i = 0; i < 2; i += 1) {
      const invalid = await post('/remembered', JSON.stringify({ queries: [{ row_limit: 'x' }] }));
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toHaveProperty(['queries.0.row_limit']);
      const broken = await post('/remembered', '{"queries": [');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe('Request body is not valid JSON');
      const poisoned = await post('/remembered', '{"queries": [], "__proto__": {"x": 1}}');
      expect(poisoned.statusCode).toBe(400);
    }
  });

  it('parses bodies past 16 KiB every time, and leaves other plugins alone', async () => {
    const big = JSON.stringify({ queries: [{ row_limit: 1 }], padding: 'x'.repeat(20_000) });
    seen.length = 0;
    expect((await post('/remembered', big)).json()).toEqual({ frozen: false });
    await post('/remembered', big);
    expect(seen[0]).not.toBe(seen[1]);
    const small = JSON.stringify({ queries: [{ row_limit: 2 }] });
    expect((await post('/elsewhere', small)).json()).toEqual({ frozen: false });
  });
});
