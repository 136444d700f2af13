import {
  type AsyncExecuteAnswer,
  DISPLAY_MAX_ROW,
  type ExecuteBody,
  newClientId,
  type QueryResultsPayload,
} from '@tessera/shared/api/sqllab';
import { notFound, TesseraError } from '@tessera/shared/errors';
import type { Table } from 'apache-arrow';
import type { AppContext } from '../context.ts';
import { canSeeDatabase, principalOf } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import { type DatabaseRow, databaseRepository } from '../databases/repository.ts';
import type { ResultColumn } from '../engines/types.ts';
import type { TemplateContext } from '../platform/templates/context.ts';
import { type Actor, type CurrentUser, requirePermission, requireUser } from '../security/actor.ts';
import { checkQueryAccess } from './access.ts';
import { errorsExtra } from './executor.ts';
import { capInput } from './limits.ts';
import { rowsOf, wireColumns } from './payload.ts';
import { buildPlan } from './plan.ts';
import { toQueryRecord } from './present.ts';
import { type QueryRowWithNames, queryRepository } from './repository.ts';
import type { SqlLabRuntime } from './runtime.ts';
import { parseTemplateParams, renderSqlTemplate } from './templates.ts';

export const DATABASE_NOT_FOUND_MESSAGE = 'The database referenced in this query was not found.';

/** The database a SQL Lab call names: 404 when it does not exist, 403 when it is not visible. */
export async function sqllabDatabase(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<DatabaseRow> {
  const database = await databaseRepository.get(ctx.store.db, id);
  if (!database)
    throw new TesseraError(404, DATABASE_NOT_FOUND_MESSAGE, {
      errorType: 'DATABASE_NOT_FOUND_ERROR',
    });
  if (!canSeeDatabase(principalOf(actor), database)) {
    throw new TesseraError(403, 'You do not have access to this database.', {
      errorType: 'DATABASE_SECURITY_ACCESS_ERROR',
    });
  }
  return database;
}

/** The query string of the request a template runs for (`url_param`; the editor passes its URL). */
export type UrlParams = Record<string, unknown>;

/**
 * What templates can call besides the parameters: the page's query string and who is running
 * the query, as Superset's Jinja context offers.
 */
export function templateContext(
  user: CurrentUser,
  params: Record<string, unknown>,
  urlParams: UrlParams = {},
): TemplateContext {
  return {
    params,
    urlParams,
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      roles: Object.keys(user.roles ?? {}),
    },
  };
}

export type ExecuteAnswer =
  | { status: 200; body: QueryResultsPayload }
  | { status: 202; body: AsyncExecuteAnswer };

export async function executeSql(
  ctx: AppContext,
  runtime: SqlLabRuntime,
  actor: Actor,
  body: ExecuteBody,
  urlParams: UrlParams = {},
): Promise<ExecuteAnswer> {
  requirePermission(actor, 'can_execute_sql_query', 'SQLLab');
  const user = requireUser(actor);
  capInput({
    sql: ['sql', body.sql],
    names: [
      ['schema', body.schema],
      ['catalog', body.catalog],
      ['tmp_table_name', body.tmp_table_name],
      // Stored on the run (refused ones too) in columns of 256 characters.
      ['tab', body.tab],
      ['sql_editor_id', body.sql_editor_id],
    ],
    templateParams: ['templateParams', body.templateParams],
  });
  const database = await sqllabDatabase(ctx, actor, body.database_id);

  const clientId = body.client_id || newClientId();
  if (await queryRepository.getByClientId(ctx.store.db, clientId)) {
    throw new TesseraError(
      400,
      `A query with client id "${clientId}" already exists; send a new client id.`,
    );
  }
  const schema = body.schema || null;
  const catalog = body.catalog || null;
  const run: RunIdentity = { clientId, database, userId: user.id, body, schema, catalog };

  let plan: ReturnType<typeof buildPlan>;
  try {
    plan = planRun(ctx, actor, user, run, urlParams);
  } catch (error) {
    // As Superset saves the query before validating it: a refused run is in the history with its
    // error, and the tab that names it as its latest run stays consistent.
    if (error instanceof TesseraError && error.status < 500)
      await recordRefusedRun(ctx, run, error);
    throw error;
  }

  const runAsync = Boolean(database.allow_run_async);
  const now = Date.now();
  const queryId = await queryRepository.insert(ctx.store.db, {
    client_id: clientId,
    database_id: database.id,
    user_id: user.id,
    status: runAsync ? 'pending' : 'running',
    tab_name: body.tab ?? null,
    sql_editor_id: body.sql_editor_id ?? null,
    catalog,
    schema,
    sql: body.sql,
    select_sql: plan.ctas?.selectSql ?? null,
    executed_sql: plan.statements.join(';\n'),
    limit: plan.limit,
    limiting_factor: plan.limitingFactor,
    select_as_cta: body.select_as_cta ? 1 : 0,
    select_as_cta_used: plan.ctas ? 1 : 0,
    ctas_method: plan.ctas?.method ?? body.ctas_method ?? 'TABLE',
    tmp_table_name: plan.ctas?.table ?? null,
    tmp_schema_name: plan.ctas?.schema ?? null,
    progress: 0,
    rows: null,
    error_message: null,
    results_key: null,
    start_time: now,
    start_running_time: runAsync ? null : now,
    end_time: null,
    end_result_backend_time: null,
    tracking_url: null,
    heartbeat_ms: now,
  });

  if (runAsync) {
    // Read before queueing: the answer says `pending` even if a worker starts at once.
    const pending = toQueryRecord(await mustGet(ctx, queryId));
    try {
      await runtime.enqueue(queryId, clientId);
    } catch (error) {
      ctx.logger.error({ err: error, queryId }, 'could not queue a SQL Lab run');
      const message = 'Failed to start the query on a worker. Please try again.';
      await queryRepository.update(ctx.store.db, queryId, {
        status: 'failed',
        error_message: message,
        end_time: Date.now(),
      });
      throw new TesseraError(503, message, { errorType: 'GENERIC_BACKEND_ERROR' });
    }
    return { status: 202, body: { query: pending } };
  }

  const outcome = await runtime.runSync(queryId, clientId);
  if (outcome.status === 'stopped') throw new TesseraError(400, 'The query was stopped.');
  if (outcome.status !== 'success') throw outcome.error;
  const row = await mustGet(ctx, queryId);
  return {
    status: 200,
    body: resultsPayload(row, outcome.table, outcome.columns, DISPLAY_MAX_ROW),
  };
}

interface RunIdentity {
  clientId: string;
  database: DatabaseRow;
  userId: number;
  body: ExecuteBody;
  schema: string | null;
  catalog: string | null;
}

/** Renders the templates, plans the statements and checks them: what may refuse a run. */
function planRun(
  ctx: AppContext,
  actor: Actor,
  user: CurrentUser,
  { body, database, schema, catalog }: RunIdentity,
  urlParams: UrlParams,
): ReturnType<typeof buildPlan> {
  const spec = lookupSpec(database.engine);
  const params = parseTemplateParams(body.templateParams);
  const rendered = renderSqlTemplate(body.sql, templateContext(user, params, urlParams));
  const plan = buildPlan({
    sql: rendered,
    dialect: spec.dialect,
    database,
    schema,
    userId: user.id,
    queryLimit: body.queryLimit,
    sqlMaxRow: ctx.config.sqlMaxRow,
    defaultLimit: ctx.config.defaultSqllabLimit,
    selectAsCta: Boolean(body.select_as_cta),
    ctasMethod: body.ctas_method ?? 'TABLE',
    tmpTableName: body.tmp_table_name,
  });
  checkQueryAccess(principalOf(actor), database, plan.analyzed, { schema, catalog });
  // Statements no user may run (SET/RESET of shared settings, PRAGMAs that write, functions that
  // change state): pooled connections would make them everyone's. After the access check, so a
  // statement that reaches for a file is refused as such.
  for (const statement of plan.analyzed) {
    const refusal = spec.refusesStatement(statement.sql);
    if (refusal) throw refusal;
  }
  return plan;
}

/** A run refused before it reached the engine, kept `failed` with its error. */
async function recordRefusedRun(
  ctx: AppContext,
  run: RunIdentity,
  error: TesseraError,
): Promise<void> {
  const now = Date.now();
  await queryRepository.insert(ctx.store.db, {
    client_id: run.clientId,
    database_id: run.database.id,
    user_id: run.userId,
    status: 'failed',
    tab_name: run.body.tab ?? null,
    sql_editor_id: run.body.sql_editor_id ?? null,
    catalog: run.catalog,
    schema: run.schema,
    sql: run.body.sql,
    select_sql: null,
    executed_sql: null,
    limit: null,
    select_as_cta: run.body.select_as_cta ? 1 : 0,
    ctas_method: run.body.ctas_method ?? 'TABLE',
    tmp_table_name: null,
    tmp_schema_name: null,
    progress: 0,
    rows: null,
    error_message: error.message,
    results_key: null,
    start_time: now,
    start_running_time: null,
    end_time: now,
    end_result_backend_time: null,
    tracking_url: null,
    heartbeat_ms: null,
    extra_json: errorsExtra(null, error),
  });
}

async function mustGet(ctx: AppContext, queryId: number): Promise<QueryRowWithNames> {
  const row = await queryRepository.get(ctx.store.db, queryId);
  if (!row) throw notFound();
  return row;
}

/** The synchronous payload, its rows cut at `displayRows` with `displayLimitReached` then. */
export function resultsPayload(
  row: QueryRowWithNames,
  table: Table,
  columns: ResultColumn[] | ReturnType<typeof wireColumns>,
  displayRows: number,
): QueryResultsPayload {
  const shown = table.numRows > displayRows ? table.slice(0, displayRows) : table;
  const wire =
    columns.length > 0 && 'column_name' in columns[0]
      ? (columns as ReturnType<typeof wireColumns>)
      : wireColumns(columns as ResultColumn[]);
  const payload: QueryResultsPayload = {
    query_id: row.id,
    status: 'success',
    data: rowsOf(shown),
    columns: wire,
    selected_columns: wire,
    expanded_columns: [],
    query: toQueryRecord(row),
  };
  if (table.numRows > displayRows) payload.displayLimitReached = true;
  return payload;
}
