import type { FastifyInstance } from 'fastify';
import helmetMiddleware, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, HSTS, X-Content-Type-Options, ...) on every answer, worked out
 * once. @fastify/helmet builds helmet's middleware anew on every request, parsing the CSP
 * directives each time: about a tenth of the CPU of a cached chart-data call. The headers depend
 * on the options only, so helmet runs once at start against a recording response and each reply
 * gets the recorded headers.
 */

type HelmetMiddleware = (
  req: unknown,
  res: { setHeader(name: string, value: unknown): void; removeHeader(name: string): void },
  next: (error?: unknown) => void,
) => void;

// helmet is a direct dependency, the same major version @fastify/helmet (used by the test that
// checks the headers match) runs.
const helmet = helmetMiddleware as unknown as (options: HelmetOptions) => HelmetMiddleware;

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
