import { z } from 'zod';
import { IdParam } from '../common.ts';
import { route } from '../route.ts';
import {
  AsyncExecuteAnswer,
  EstimateAnswer,
  EstimateBody,
  ExecuteBody,
  FormatSqlAnswer,
  FormatSqlBody,
  PermalinkBody,
  PermalinkCreatedAnswer,
  PermalinkValue,
  QueryResultsPayload,
  ResultsQuery,
} from '../sqllab.ts';
import {
  ExpandedAnswer,
  IdAnswer,
  QueryEditorPayload,
  SqllabBootstrapAnswer,
  TableSchemaPayload,
  TabStateAnswer,
  TabStateUpdate,
} from '../sqllabState.ts';
import { ValidateSqlAnswer, ValidateSqlBody } from '../sqlValidation.ts';

const BASE = '/api/v1/sqllab';
const TabId = z.number().int();
const Ok = z.literal('OK');

/** SQL Lab: running statements, their results and the tools around the editor. */
export const sqllabRoutes = {
  bootstrap: route({ method: 'GET', path: `${BASE}/`, answer: SqllabBootstrapAnswer }),
  /** 200 with the rows when the run finished in time, 202 with the query when it runs on. */
  execute: route({
    method: 'POST',
    path: `${BASE}/execute/`,
    /**
     * The page's own URL parameters, which Jinja templates may read (`url_param`); a name given
     * twice arrives as a list.
     */
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    body: ExecuteBody,
    answer: z.union([QueryResultsPayload, AsyncExecuteAnswer]),
    responses: { 200: QueryResultsPayload, 202: AsyncExecuteAnswer },
  }),
  /** JSON rows; with the Arrow media type accepted, an Arrow stream (`callBinary`). */
  results: route({
    method: 'GET',
    path: `${BASE}/results/`,
    q: ResultsQuery,
    answer: QueryResultsPayload,
  }),
  estimate: route({
    method: 'POST',
    path: `${BASE}/estimate/`,
    body: EstimateBody,
    answer: EstimateAnswer,
  }),
  formatSql: route({
    method: 'POST',
    path: `${BASE}/format_sql/`,
    body: FormatSqlBody,
    answer: FormatSqlAnswer,
  }),
  createPermalink: route({
    method: 'POST',
    path: `${BASE}/permalink`,
    body: PermalinkBody,
    answer: PermalinkCreatedAnswer,
    status: 201,
  }),
  readPermalink: route({
    method: 'GET',
    path: `${BASE}/permalink/:key`,
    params: z.object({ key: z.string() }),
    answer: PermalinkValue,
  }),
  /** A run's full result as a file, streamed (a download link, not a fetch). */
  export: route({
    method: 'GET',
    path: `${BASE}/export/:client_id/`,
    params: z.object({ client_id: z.string().min(1).max(11) }),
    query: z.object({ format: z.enum(['csv', 'xlsx']).optional() }),
    answer: z.unknown(),
    binary: true,
  }),
  validateSql: route({
    method: 'POST',
    path: '/api/v1/database/:pk/validate_sql/',
    params: IdParam,
    body: ValidateSqlBody,
    answer: ValidateSqlAnswer,
  }),
} as const;

/** SQL Lab's saved editor state: tabs and the table schemas shown beside them. */
export const sqllabStateRoutes = {
  createTab: route({
    method: 'POST',
    path: '/tabstateview/',
    // Each field may also arrive as JSON text in a form.
    body: z.object({ queryEditor: z.union([z.string(), QueryEditorPayload]) }),
    bodyReadByHandler: true,
    answer: IdAnswer,
  }),
  getTab: route({
    method: 'GET',
    path: '/tabstateview/:pk',
    params: IdParam,
    answer: TabStateAnswer,
  }),
  updateTab: route({
    method: 'PUT',
    path: '/tabstateview/:pk',
    params: IdParam,
    body: TabStateUpdate,
    bodyReadByHandler: true,
    answer: TabId,
  }),
  deleteTab: route({ method: 'DELETE', path: '/tabstateview/:pk', params: IdParam, answer: Ok }),
  activateTab: route({
    method: 'POST',
    path: '/tabstateview/:pk/activate',
    params: IdParam,
    answer: TabId,
  }),
  migrateQuery: route({
    method: 'POST',
    path: '/tabstateview/:pk/migrate_query',
    params: IdParam,
    body: z.object({ queryId: z.string().min(1) }),
    bodyReadByHandler: true,
    answer: TabId,
  }),
  deleteTabQuery: route({
    method: 'DELETE',
    path: '/tabstateview/:pk/query/:client_id',
    params: IdParam.extend({ client_id: z.string().min(1).max(11) }),
    answer: Ok,
  }),
  addTableSchema: route({
    method: 'POST',
    path: '/tableschemaview/',
    body: z.object({ table: z.union([z.string(), TableSchemaPayload]) }),
    bodyReadByHandler: true,
    answer: IdAnswer,
  }),
  setTableSchemaExpanded: route({
    method: 'POST',
    path: '/tableschemaview/:pk/expanded',
    params: IdParam,
    body: z.object({ expanded: z.boolean() }),
    bodyReadByHandler: true,
    answer: ExpandedAnswer,
  }),
  deleteTableSchema: route({
    method: 'DELETE',
    path: '/tableschemaview/:pk',
    params: IdParam,
    answer: Ok,
  }),
} as const;
