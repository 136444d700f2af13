import { IdParam, ListQuery, MessageAnswer } from '@tessera/shared/api/common';
import {
  AvailableAnswer,
  CatalogsQuery,
  DatabaseConnectionAnswer,
  DatabaseCreateBody,
  DatabaseItemAnswer,
  DatabaseListAnswer,
  DatabaseTestConnectionBody,
  DatabaseUpdateBody,
  FunctionNamesAnswer,
  SchemasQuery,
  SelectStarAnswer,
  StringListAnswer,
  TableExtraAnswer,
  TableMetadataAnswer,
  TableMetadataQuery,
  TablesAnswer,
  TablesQuery,
} from '@tessera/shared/api/databases';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
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

/** Rison `q` arrives as text and is decoded and validated by parseQ with Superset's messages. */
const QParam = z.object({ q: z.string().optional() });
const BASE = '/api/v1/database';
const tags = ['Database'];

/** `/api/v1/database/`: thin handlers; rules live in service.ts and browse.ts. */
export function databaseRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: DatabaseListAnswer } } },
      async (request) => listDatabases(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );

    r.post(
      `${BASE}/`,
      { schema: { tags, body: DatabaseCreateBody, response: { 201: DatabaseItemAnswer } } },
      async (request, reply) => {
        const answer = await createDatabase(ctx, request.actor, request.body);
        return reply.status(201).send(answer);
      },
    );

    r.get(
      `${BASE}/available/`,
      { schema: { tags, response: { 200: AvailableAnswer } } },
      async (request) => availableEngines(request.actor),
    );

    r.post(
      `${BASE}/test_connection/`,
      { schema: { tags, body: DatabaseTestConnectionBody, response: { 200: MessageAnswer } } },
      async (request) => testConnectionFor(ctx, request.actor, request.body),
    );

    r.get(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: DatabaseItemAnswer } } },
      async (request) => getDatabase(ctx, request.actor, request.params.pk),
    );

    r.put(
      `${BASE}/:pk`,
      {
        schema: {
          tags,
          params: IdParam,
          body: DatabaseUpdateBody,
          response: { 200: DatabaseItemAnswer },
        },
      },
      async (request) => updateDatabase(ctx, request.actor, request.params.pk, request.body),
    );

    r.delete(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => deleteDatabase(ctx, request.actor, request.params.pk),
    );

    r.get(
      `${BASE}/:pk/connection`,
      { schema: { tags, params: IdParam, response: { 200: DatabaseConnectionAnswer } } },
      async (request) => getDatabaseConnection(ctx, request.actor, request.params.pk),
    );

    r.get(
      `${BASE}/:pk/catalogs/`,
      {
        schema: { tags, params: IdParam, querystring: QParam, response: { 200: StringListAnswer } },
      },
      async (request) => {
        parseQ(CatalogsQuery, request.query.q);
        return listCatalogs(ctx, request.actor, request.params.pk);
      },
    );

    r.get(
      `${BASE}/:pk/schemas/`,
      {
        schema: { tags, params: IdParam, querystring: QParam, response: { 200: StringListAnswer } },
      },
      async (request) =>
        listSchemas(ctx, request.actor, request.params.pk, parseQ(SchemasQuery, request.query.q)),
    );

    r.get(
      `${BASE}/:pk/tables/`,
      { schema: { tags, params: IdParam, querystring: QParam, response: { 200: TablesAnswer } } },
      async (request) =>
        listTables(ctx, request.actor, request.params.pk, parseQ(TablesQuery, request.query.q)),
    );

    r.get(
      `${BASE}/:pk/table_metadata/`,
      {
        schema: {
          tags,
          params: IdParam,
          querystring: TableMetadataQuery,
          response: { 200: TableMetadataAnswer },
        },
      },
      async (request) => tableMetadata(ctx, request.actor, request.params.pk, request.query),
    );

    r.get(
      `${BASE}/:pk/table_metadata/extra/`,
      {
        schema: {
          tags,
          params: IdParam,
          querystring: TableMetadataQuery,
          response: { 200: TableExtraAnswer },
        },
      },
      async (request) => tableExtra(ctx, request.actor, request.params.pk, request.query),
    );

    const SelectStarParams = IdParam.extend({
      table_name: z.string().min(1),
      schema_name: z.string().min(1).optional(),
    });
    const selectStarOptions = {
      schema: { tags, params: SelectStarParams, response: { 200: SelectStarAnswer } },
    };
    r.get(`${BASE}/:pk/select_star/:table_name/`, selectStarOptions, async (request) =>
      selectStar(ctx, request.actor, request.params.pk, request.params),
    );
    r.get(`${BASE}/:pk/select_star/:table_name/:schema_name/`, selectStarOptions, async (request) =>
      selectStar(ctx, request.actor, request.params.pk, request.params),
    );

    r.get(
      `${BASE}/:pk/function_names/`,
      { schema: { tags, params: IdParam, response: { 200: FunctionNamesAnswer } } },
      async (request) => functionNames(ctx, request.actor, request.params.pk),
    );
  };
}
