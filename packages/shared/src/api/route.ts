import { z } from 'zod';
import { IdParam, ListQuery, MessageAnswer } from './common.ts';

/**
 * A route described once: the server registers it from this (see `fastifyRouteOptions`) and the
 * web client calls it through `call(route, args)`, so neither side restates a path or a shape.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  method: HttpMethod;
  /** Fastify's syntax: `/api/v1/chart/:pk`. */
  path: string;
  /** The path parameters named in `path`. */
  params?: z.ZodType;
  /** The decoded rison value of the `q` query parameter (Superset's list and metadata reads). */
  q?: z.ZodType;
  /** Query-string fields other than `q`, as the server reads them (strings, coerced). */
  query?: z.ZodType;
  body?: z.ZodType;
  /** The successful answer. Binary answers (exports, Arrow) say so with `binary`. */
  answer: z.ZodType;
  /** The status of a successful answer; 200 unless said. */
  status?: number;
  /** For a route whose success takes several statuses: the schema of each (`answer` is their union). */
  responses?: Record<number, z.ZodType>;
  /** The answer is bytes (a file, an Arrow stream); `answer` then describes nothing on the wire. */
  binary?: boolean;
  /**
   * The handler reads the body itself (JSON or a form, as Superset's SQL Lab sends either), so
   * Fastify does not check it against `body`.
   */
  bodyReadByHandler?: boolean;
  /** A POST that only reads (chart data): the web client keeps its prefetched answers. */
  readsOnly?: boolean;
}

/** Keeps the literal types of a descriptor, so `call` knows its params, body and answer. */
export function route<const R extends RouteSpec>(spec: R): R {
  return spec;
}

/** The rison `q` travels as one string; its decoded value is checked by the route's `q` schema. */
export const RisonQueryString = z.object({ q: z.string().optional() });

export type RouteAnswer<R extends RouteSpec> = z.output<R['answer']>;

/**
 * What a caller sends for a schema: its input type, except where the schema coerces (a path id
 * or a query-string number accepts anything), where the parsed type is the honest one.
 */
type Sent<S extends z.ZodType> =
  z.input<S> extends infer In
    ? In extends Record<string, unknown>
      ? {
          [K in keyof In]: unknown extends In[K]
            ? K extends keyof z.output<S>
              ? z.output<S>[K]
              : never
            : In[K];
        }
      : In
    : never;

type Part<R extends RouteSpec, K extends 'params' | 'q' | 'query' | 'body'> = R[K] extends z.ZodType
  ? undefined extends Sent<R[K]>
    ? { [P in K]?: Sent<R[K]> }
    : Record<string, never> extends Sent<R[K]>
      ? { [P in K]?: Sent<R[K]> }
      : { [P in K]: Sent<R[K]> }
  : { [P in K]?: never };

/** The arguments of a call: path params, `q`, other query fields and body, each as required. */
export type RouteArgs<R extends RouteSpec> = Part<R, 'params'> &
  Part<R, 'q'> &
  Part<R, 'query'> &
  Part<R, 'body'>;

/** `path` with its `:name` parts filled in, each encoded as one path segment. */
export function routePath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" of ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The options Fastify registers a route with: `app.route({ ...fastifyRouteOptions(r), handler })`.
 * `q` joins the query string as one string; the handler decodes it with the route's `q` schema.
 */
export function fastifyRouteOptions<R extends RouteSpec>(r: R) {
  const querystring = r.q
    ? r.query instanceof z.ZodObject
      ? r.query.extend(RisonQueryString.shape)
      : RisonQueryString
    : r.query;
  const schema: {
    params?: z.ZodType;
    querystring?: z.ZodType;
    body?: z.ZodType;
    response?: Record<number, z.ZodType>;
  } = {};
  if (r.params) schema.params = r.params;
  if (querystring) schema.querystring = querystring;
  if (r.body && !r.bodyReadByHandler) schema.body = r.body;
  if (!r.binary) schema.response = r.responses ?? { [r.status ?? 200]: r.answer };
  return { method: r.method, url: r.path, schema };
}

const Ids = z.array(z.number().int());

/**
 * The six routes of an entity kept the Superset way: list and bulk delete on `base/` (rison `q`),
 * create there too, and read, update, delete on `base/:pk`.
 */
export function crudRoutes<
  List extends z.ZodType,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Written extends z.ZodType,
  BulkIds extends z.ZodType = typeof Ids,
>(
  base: string,
  schemas: {
    list: List;
    item: Item;
    create: Create;
    update: Update;
    /** What create and update answer. */
    written: Written;
    /** The ids of a bulk delete; any integers unless said. */
    ids?: BulkIds;
  },
) {
  return {
    list: route({ method: 'GET', path: `${base}/`, q: ListQuery, answer: schemas.list }),
    create: route({
      method: 'POST',
      path: `${base}/`,
      body: schemas.create,
      answer: schemas.written,
      status: 201,
    }),
    bulkDelete: route({
      method: 'DELETE',
      path: `${base}/`,
      q: (schemas.ids ?? Ids) as BulkIds,
      answer: MessageAnswer,
    }),
    get: route({ method: 'GET', path: `${base}/:pk`, params: IdParam, answer: schemas.item }),
    update: route({
      method: 'PUT',
      path: `${base}/:pk`,
      params: IdParam,
      body: schemas.update,
      answer: schemas.written,
    }),
    delete: route({
      method: 'DELETE',
      path: `${base}/:pk`,
      params: IdParam,
      answer: MessageAnswer,
    }),
  };
}
