import { fastifyRouteOptions, type RouteSpec } from '@tessera/shared/api/route';
import type { z } from 'zod';

type Schema<S> = S extends z.ZodType ? S : undefined;

/** A `q` route's query string: its other fields, plus `q` as the one rison string. */
type QueryString<R extends RouteSpec> = R['q'] extends z.ZodType
  ? z.ZodType<(R['query'] extends z.ZodType ? z.output<R['query']> : unknown) & { q?: string }>
  : Schema<R['query']>;

type Responses<R extends RouteSpec> = R['binary'] extends true
  ? undefined
  : R['responses'] extends Record<number, z.ZodType>
    ? R['responses']
    : { [S in R['status'] extends number ? R['status'] : 200]: R['answer'] };

/**
 * `fastifyRouteOptions` with the descriptor's own schemas in its type, so the zod type provider
 * types each handler's params, query, body and answer from the descriptor. `tags` group the
 * route in the OpenAPI document.
 */
export function describedRoute<const R extends RouteSpec>(r: R, tags: string[]) {
  const options = fastifyRouteOptions(r);
  return {
    method: r.method as R['method'],
    url: r.path as R['path'],
    schema: { ...options.schema, tags } as {
      tags: string[];
      params: Schema<R['params']>;
      querystring: QueryString<R>;
      body: R['bodyReadByHandler'] extends true ? undefined : Schema<R['body']>;
      response: Responses<R>;
    },
  };
}
