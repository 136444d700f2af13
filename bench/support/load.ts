import autocannon from 'autocannon';

/** Concurrent HTTP load on one request, with autocannon (loopback addresses only). */

export interface LoadOptions {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
}

export interface LoadFigures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  durationSeconds: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  // A benchmark must never aim its load at another machine.
  if (!LOOPBACK.has(new URL(options.url).hostname)) {
    throw new Error(`Load goes to loopback addresses only, not ${options.url}`);
  }
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: options.durationSeconds,
    // One request in flight per connection: 50 clients, each waiting for its answer.
    pipelining: 1,
  });
  return {
    name: options.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    durationSeconds: result.duration,
  };
}

export function formatLoad(figures: LoadFigures): string {
  const failures =
    figures.non2xx || figures.errors
      ? `, ${figures.non2xx} non-2xx, ${figures.errors} errors`
      : ', all 2xx';
  return (
    `${figures.name}: ${Math.round(figures.requestsPerSecond)} req/s, ` +
    `p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms ` +
    `(${figures.total} requests in ${figures.durationSeconds.toFixed(1)} s${failures})`
  );
}
