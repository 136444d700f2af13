import { fastifyRouteOptions, type RouteSpec } from '@tessera/shared/api/route';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a described route's handler gets: params, query and body as the descriptor parses them. */
export type DescribedRequest<R extends RouteSpec> = FastifyRequest<{
  Params: Out<R['params']>;
  Querystring: Out<QueryString<R>>;
  Body: R['bodyReadByHandler'] extends true ? unknown : Out<R['body']>;
}>;

/** What a handler may answer: the descriptor's answer (before serialisation), or the reply itself. */
type Answer<R extends RouteSpec> = R['binary'] extends true
  ? unknown
  : R['responses'] extends Record<number, z.ZodType>
    ? z.input<R['responses'][keyof R['responses']]> | FastifyReply
    : z.input<R['answer']> | FastifyReply;

export type DescribedHandler<R extends RouteSpec> = (
  request: DescribedRequest<R>,
  reply: FastifyReply,
) => Promise<Answer<R>>;

/** Route options beside the descriptor's: a hook that runs before the body is read. */
export interface RouteHooks {
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * Registers routes from their shared descriptors: `serve(routes.get, (request) => ...)`. A route
 * whose descriptor names a success status (201 for a create) answers with it.
 */
export function describedRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  return <const R extends RouteSpec>(spec: R, handler: DescribedHandler<R>, hooks?: RouteHooks) => {
    const status = spec.status;
    r.route({
      ...describedRoute(spec, tags),
      ...hooks,
      handler: (async (request: DescribedRequest<R>, reply: FastifyReply) => {
        if (status !== undefined) reply.code(status);
        return handler(request, reply);
      }) as never,
    });
  };
}
