import { databaseRoutes as routes } from '@tessera/shared/api/routes/databases';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { describedRoute } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import {
  functionNames,
  listCatalogs,
  listSchemas,
  listTables,
  selectStar,
  tableExtra,
  tableMetadata,
} from './browse.ts';
import {
  availableEngines,
  createDatabase,
  deleteDatabase,
  getDatabase,
  getDatabaseConnection,
  listDatabases,
  testConnectionFor,
  updateDatabase,
} from './service.ts';

const tags = ['Database'];

/** `/api/v1/database/`: thin handlers; rules live in service.ts and browse.ts. */
export function databaseRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...describedRoute(routes.list, tags),
      handler: async (request) =>
        listDatabases(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    });

    r.route({
      ...describedRoute(routes.create, tags),
      handler: async (request, reply) => {
        const answer = await createDatabase(ctx, request.actor, request.body);
        return reply.status(201).send(answer);
      },
    });

    r.route({
      ...describedRoute(routes.available, tags),
      handler: async (request) => availableEngines(request.actor),
    });

    r.route({
      ...describedRoute(routes.testConnection, tags),
      handler: async (request) => testConnectionFor(ctx, request.actor, request.body),
    });

    r.route({
      ...describedRoute(routes.get, tags),
      handler: async (request) => getDatabase(ctx, request.actor, request.params.pk),
    });

    r.route({
      ...describedRoute(routes.update, tags),
      handler: async (request) =>
        updateDatabase(ctx, request.actor, request.params.pk, request.body),
    });

    r.route({
      ...describedRoute(routes.delete, tags),
      handler: async (request) => deleteDatabase(ctx, request.actor, request.params.pk),
    });

    r.route({
      ...describedRoute(routes.connection, tags),
      handler: async (request) => getDatabaseConnection(ctx, request.actor, request.params.pk),
    });

    r.route({
      ...describedRoute(routes.catalogs, tags),
      handler: async (request) => {
        // Only checked: a bad `q` answers 400 as Superset does; `force` changes nothing here.
        parseQ(routes.catalogs.q, request.query.q);
        return listCatalogs(ctx, request.actor, request.params.pk);
      },
    });

    r.route({
      ...describedRoute(routes.schemas, tags),
      handler: async (request) =>
        listSchemas(
          ctx,
          request.actor,
          request.params.pk,
          parseQ(routes.schemas.q, request.query.q),
        ),
    });

    r.route({
      ...describedRoute(routes.tables, tags),
      handler: async (request) =>
        listTables(ctx, request.actor, request.params.pk, parseQ(routes.tables.q, request.query.q)),
    });

    r.route({
      ...describedRoute(routes.tableMetadata, tags),
      handler: async (request) =>
        tableMetadata(ctx, request.actor, request.params.pk, request.query),
    });

    r.route({
      ...describedRoute(routes.tableMetadataExtra, tags),
      handler: async (request) => tableExtra(ctx, request.actor, request.params.pk, request.query),
    });

    r.route({
      ...describedRoute(routes.selectStar, tags),
      handler: async (request) => selectStar(ctx, request.actor, request.params.pk, request.params),
    });
    r.route({
      ...describedRoute(routes.selectStarInSchema, tags),
      handler: async (request) => selectStar(ctx, request.actor, request.params.pk, request.params),
    });

    r.route({
      ...describedRoute(routes.functionNames, tags),
      handler: async (request) => functionNames(ctx, request.actor, request.params.pk),
    });
  };
}
