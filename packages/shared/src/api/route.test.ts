import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastifyRouteOptions, RisonQueryString, route, routePath } from './route.ts';
import { chartRoutes } from './routes/charts.ts';
import { dashboardRoutes } from './routes/dashboards.ts';
import { databaseRoutes } from './routes/databases.ts';
import { sqllabRoutes } from './routes/sqllab.ts';

describe('routePath', () => {
  it('fills each :name with its value, encoded as one segment', () => {
    expect(routePath('/api/v1/database/:pk/tables/', { pk: 3 })).toBe('/api/v1/database/3/tables/');
    expect(routePath('/tabstateview/:id/query/:client_id', { id: 1, client_id: 'a/b c' })).toBe(
      '/tabstateview/1/query/a%2Fb%20c',
    );
  });

  it('refuses a missing parameter rather than calling a wrong address', () => {
    expect(() => routePath('/api/v1/chart/:pk', {})).toThrow('Missing path parameter "pk"');
  });
});

describe('fastifyRouteOptions', () => {
  it('gives Fastify the method, url and schemas of a descriptor', () => {
    const options = fastifyRouteOptions(chartRoutes.update);
    expect(options.method).toBe('PUT');
    expect(options.url).toBe('/api/v1/chart/:pk');
    expect(options.schema.params).toBe(chartRoutes.update.params);
    expect(options.schema.body).toBe(chartRoutes.update.body);
    expect(options.schema.response).toEqual({ 200: chartRoutes.update.answer });
  });

  it('takes `q` as one string in the query string, beside the route query fields', () => {
    expect(fastifyRouteOptions(chartRoutes.list).schema.querystring).toBe(RisonQueryString);
    const both = route({
      method: 'GET',
      path: '/x',
      q: z.object({ a: z.number() }),
      query: z.object({ b: z.string() }),
      answer: z.object({}),
    });
    const querystring = fastifyRouteOptions(both).schema.querystring as z.ZodObject;
    expect(Object.keys(querystring.shape).sort()).toEqual(['b', 'q']);
    expect(fastifyRouteOptions(databaseRoutes.tableMetadata).schema.querystring).toBe(
      databaseRoutes.tableMetadata.query,
    );
  });

  it('answers with the success status, every status of a multi-status route, none for bytes', () => {
    expect(fastifyRouteOptions(chartRoutes.create).schema.response).toEqual({
      201: chartRoutes.create.answer,
    });
    expect(Object.keys(fastifyRouteOptions(sqllabRoutes.execute).schema.response ?? {})).toEqual([
      '200',
      '202',
    ]);
    expect(fastifyRouteOptions(dashboardRoutes.export).schema.response).toBeUndefined();
  });
});

describe('list answers', () => {
  it('accept the rows `columns` leaves, nested parts included, and keep unnamed fields', () => {
    const answer = chartRoutes.list.answer.parse({
      count: 1,
      ids: [4],
      result: [{ id: 4, dashboards: [{ id: 2 }], extra_field: 'kept' }],
    });
    expect(answer.result[0]).toEqual({ id: 4, dashboards: [{ id: 2 }], extra_field: 'kept' });
  });

  it('refuse a field of the wrong type', () => {
    const bad = { count: 1, ids: [4], result: [{ id: 'four' }] };
    expect(chartRoutes.list.answer.safeParse(bad).success).toBe(false);
  });
});
