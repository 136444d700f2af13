import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * helmet's security headers (CSP, HSTS, X-Content-Type-Options, ...) on every answer, worked out
 * once. @fastify/helmet builds helmet's middleware anew on every request, parsing the CSP
 * directives each time: about a tenth of the CPU of a cached chart-data call. The headers depend
 * on the options only, so helmet runs once at start against a recording response and each reply
 * gets the recorded headers.
 */

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type HelmetMiddleware = (
  req: unknown,
  res: { setHeader(name: string, value: unknown): void; removeHeader(name: string): void },
  next: (error?: unknown) => void,
) => void;

// helmet is @fastify/helmet's own dependency: taken from there, it is the very version the plugin
// would run.
const requireHere = createRequire(import.meta.url);
const helmet = createRequire(requireHere.resolve('@fastify/helmet'))('helmet') as (
  options: HelmetOptions,
) => HelmetMiddleware;

/** The headers helmet sets with these options, by lower-case name. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({}, recorder, (error) => {
    if (error) throw error;
  });
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = Object.freeze(helmetHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
