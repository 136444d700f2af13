import { z } from 'zod';
import { IdParam, ListQuery, MessageAnswer } from '../common.ts';
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
} from '../databases.ts';
import { route } from '../route.ts';

const BASE = '/api/v1/database';

/** `/api/v1/database/`: connections and what they contain. */
export const databaseRoutes = {
  list: route({ method: 'GET', path: `${BASE}/`, q: ListQuery, answer: DatabaseListAnswer }),
  create: route({
    method: 'POST',
    path: `${BASE}/`,
    body: DatabaseCreateBody,
    answer: DatabaseItemAnswer,
    status: 201,
  }),
  available: route({ method: 'GET', path: `${BASE}/available/`, answer: AvailableAnswer }),
  testConnection: route({
    method: 'POST',
    path: `${BASE}/test_connection/`,
    body: DatabaseTestConnectionBody,
    answer: MessageAnswer,
  }),
  get: route({ method: 'GET', path: `${BASE}/:pk`, params: IdParam, answer: DatabaseItemAnswer }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:pk`,
    params: IdParam,
    body: DatabaseUpdateBody,
    answer: DatabaseItemAnswer,
  }),
  delete: route({ method: 'DELETE', path: `${BASE}/:pk`, params: IdParam, answer: MessageAnswer }),
  connection: route({
    method: 'GET',
    path: `${BASE}/:pk/connection`,
    params: IdParam,
    answer: DatabaseConnectionAnswer,
  }),
  catalogs: route({
    method: 'GET',
    path: `${BASE}/:pk/catalogs/`,
    params: IdParam,
    q: CatalogsQuery,
    answer: StringListAnswer,
  }),
  schemas: route({
    method: 'GET',
    path: `${BASE}/:pk/schemas/`,
    params: IdParam,
    q: SchemasQuery,
    answer: StringListAnswer,
  }),
  tables: route({
    method: 'GET',
    path: `${BASE}/:pk/tables/`,
    params: IdParam,
    q: TablesQuery,
    answer: TablesAnswer,
  }),
  tableMetadata: route({
    method: 'GET',
    path: `${BASE}/:pk/table_metadata/`,
    params: IdParam,
    query: TableMetadataQuery,
    answer: TableMetadataAnswer,
  }),
  tableMetadataExtra: route({
    method: 'GET',
    path: `${BASE}/:pk/table_metadata/extra/`,
    params: IdParam,
    query: TableMetadataQuery,
    answer: TableExtraAnswer,
  }),
  selectStar: route({
    method: 'GET',
    path: `${BASE}/:pk/select_star/:table_name/`,
    params: IdParam.extend({ table_name: z.string().min(1) }),
    answer: SelectStarAnswer,
  }),
  selectStarInSchema: route({
    method: 'GET',
    path: `${BASE}/:pk/select_star/:table_name/:schema_name/`,
    params: IdParam.extend({ table_name: z.string().min(1), schema_name: z.string().min(1) }),
    answer: SelectStarAnswer,
  }),
  functionNames: route({
    method: 'GET',
    path: `${BASE}/:pk/function_names/`,
    params: IdParam,
    answer: FunctionNamesAnswer,
  }),
} as const;
