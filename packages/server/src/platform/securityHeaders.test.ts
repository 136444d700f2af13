import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, installSecurityHeaders } from './securityHeaders.ts';

/** The headers worked out once are exactly the ones @fastify/helmet sets on every request. */

const OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

async function answerHeaders(install: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify();
  await install(app);
  app.get('/', async () => 'ok');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.headers;
}

describe('security headers', () => {
  it('sets what @fastify/helmet sets, with the same values', async () => {
    const plugin = await answerHeaders(async (app) => {
      await app.register(fastifyHelmet, OPTIONS);
    });
    const once = await answerHeaders(async (app) => installSecurityHeaders(app, OPTIONS));
    const expected = helmetHeaders(OPTIONS);
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    for (const [name, value] of Object.entries(expected)) {
      expect(plugin[name]).toBe(value);
      expect(once[name]).toBe(value);
    }
    expect(once['content-security-policy']).toContain("script-src 'self';");
    expect(once['content-security-policy']).toContain("img-src 'self' data:;");
    expect(once['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('also marks answers of unknown paths', async () => {
    const app = Fastify();
    installSecurityHeaders(app, OPTIONS);
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
