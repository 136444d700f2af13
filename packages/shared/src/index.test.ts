import { describe, expect, it } from 'vitest';
import * as shared from './index.ts';

describe('the public surface of shared', () => {
  it('offers every route table, the route helpers and the error model', () => {
    for (const name of [
      'annotationRoutes',
      'chartDataRoutes',
      'chartRoutes',
      'cssTemplateRoutes',
      'dashboardRoutes',
      'databaseRoutes',
      'datasetRoutes',
      'datasourceRoutes',
      'exploreRoutes',
      'queryRoutes',
      'rlsRoutes',
      'savedQueryRoutes',
      'securityRoutes',
      'sqllabRoutes',
      'sqllabStateRoutes',
      'route',
      'routePath',
      'fastifyRouteOptions',
      'TesseraError',
      'normaliseErrorReply',
    ]) {
      expect(shared, name).toHaveProperty(name);
    }
  });

  it('describes each route with a method, a path and an answer schema', () => {
    const tables = Object.entries(shared).filter(([name]) => name.endsWith('Routes'));
    for (const [table, routes] of tables) {
      for (const [name, r] of Object.entries(routes as Record<string, shared.RouteSpec>)) {
        expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], `${table}.${name}`).toContain(r.method);
        expect(r.path, `${table}.${name}`).toMatch(/^\//);
        expect(typeof r.answer.safeParse, `${table}.${name}`).toBe('function');
      }
    }
  });
});
