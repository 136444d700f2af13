import { databaseRoutes as routes } from '@tessera/shared/api/routes/databases';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
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
    const serve = describedRoutes(app, tags);

    serve(routes.list, async (request) =>
      listDatabases(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );

    serve(routes.create, async (request) => createDatabase(ctx, request.actor, request.body));

    serve(routes.available, async (request) => availableEngines(request.actor));

    serve(routes.testConnection, async (request) =>
      testConnectionFor(ctx, request.actor, request.body),
    );

    serve(routes.get, async (request) => getDatabase(ctx, request.actor, request.params.pk));

    serve(routes.update, async (request) =>
      updateDatabase(ctx, request.actor, request.params.pk, request.body),
    );

    serve(routes.delete, async (request) => deleteDatabase(ctx, request.actor, request.params.pk));

    serve(routes.connection, async (request) =>
      getDatabaseConnection(ctx, request.actor, request.params.pk),
    );

    serve(routes.catalogs, async (request) => {
      // Only checked: a bad `q` answers 400 as Superset does; `force` changes nothing here.
      parseQ(routes.catalogs.q, request.query.q);
      return listCatalogs(ctx, request.actor, request.params.pk);
    });

    serve(routes.schemas, async (request) =>
      listSchemas(ctx, request.actor, request.params.pk, parseQ(routes.schemas.q, request.query.q)),
    );

    serve(routes.tables, async (request) =>
      listTables(ctx, request.actor, request.params.pk, parseQ(routes.tables.q, request.query.q)),
    );

    serve(routes.tableMetadata, async (request) =>
      tableMetadata(ctx, request.actor, request.params.pk, request.query),
    );

    serve(routes.tableMetadataExtra, async (request) =>
      tableExtra(ctx, request.actor, request.params.pk, request.query),
    );

    serve(routes.selectStar, async (request) =>
      selectStar(ctx, request.actor, request.params.pk, request.params),
    );
    serve(routes.selectStarInSchema, async (request) =>
      selectStar(ctx, request.actor, request.params.pk, request.params),
    );

    serve(routes.functionNames, async (request) =>
      functionNames(ctx, request.actor, request.params.pk),
    );
  };
}
