import { badRequest, forbidden, isTesseraError, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { type DashboardContext, dashboardGrantsDataset } from '../dashboards/dataGrant.ts';
import { canSeeDatabase } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import { type DatabaseRow, databaseRepository } from '../databases/repository.ts';
import { canAccessDataset } from '../datasets/access.ts';
import { activeColumns, type LoadedDataset, parseJsonObject } from '../datasets/model.ts';
import { readVirtualColumns } from '../datasets/source.ts';
import { typeGenericOf } from '../datasets/typeGeneric.ts';
import { guestGrantsDataset } from '../embedded/guestAccess.ts';
import type { DatasetForQuery } from '../query-engine/types.ts';
import { rlsClausesOf } from '../rls/service.ts';
import { savedQueryRepository } from '../saved-queries/repository.ts';
import { type Actor, requirePermission, rolesOf } from '../security/actor.ts';
import { queryRepository } from '../sqllab/repository.ts';
import { tokenizeOptions } from '../sqllab/statements.ts';
import { splitStatements } from '../sqllab/tokens.ts';
import { hasTemplateText } from './cacheKey.ts';
import { datasetSnapshot } from './sourceMemo.ts';

/**
 * The datasource of a query context. `table` (aliases `dataset` and `sl_table`, the spec's
 * datasource types for the same table): a dataset the caller may read, with ('can_read',
 * 'Chart') and data access (`datasource_access` on `[db].[table](id:N)`, a schema, database or
 * all-datasource grant, or ownership). `query`: a SQL Lab query explored without saving, its
 * executed SQL as the source, for its owner only. `saved_query`: a saved query's SQL, for its
 * creator only (as the saved-query API shows it), with ('can_read', 'SavedQuery').
 */

export type DatasourceKind = 'table' | 'query' | 'saved_query';

const KIND_OF_TYPE: Readonly<Record<string, DatasourceKind>> = {
  table: 'table',
  dataset: 'table',
  sl_table: 'table',
  query: 'query',
  saved_query: 'saved_query',
};

/** Everything chart data needs of a datasource, whatever its kind. */
export interface ChartSource {
  kind: DatasourceKind;
  id: number;
  name: string;
  forQuery: DatasetForQuery;
  database: DatabaseRow;
  schema: string | null;
  /** The datasource's own cache timeout (a dataset's), before the database's. */
  cacheTimeout: number | null;
  /** Part of cache keys: any edit of the datasource moves it. */
  version: unknown;
  verboseNames: Record<string, string | null>;
  rlsClauses: string[];
  /** Whether the source's definition holds Jinja (then the user is part of cache keys). */
  templated: boolean;
  /** The dataset when the source is one (annotation layers and the like need nothing more). */
  dataset: LoadedDataset | null;
}

export function parseDatasource(
  raw: number | string,
  type: string,
): { kind: DatasourceKind; id: number } {
  const kind = Object.hasOwn(KIND_OF_TYPE, type) ? KIND_OF_TYPE[type] : undefined;
  if (!kind) throw badRequest(`Datasource type "${type}" is not supported for chart data`);
  const id = typeof raw === 'number' ? raw : Number(String(raw).split('__')[0]);
  if (!Number.isInteger(id) || id <= 0) throw badRequest('Invalid datasource id');
  return { kind, id };
}

/** Kept for callers that only take datasets. */
export function parseDatasourceId(raw: number | string, type: string): number {
  const parsed = parseDatasource(raw, type);
  if (parsed.kind !== 'table') throw badRequest(`Datasource type "${type}" is not supported`);
  return parsed.id;
}

/**
 * Data access to the dataset, or, with DASHBOARD_RBAC, the roles of the dashboard the request is
 * drawn for (`dashboards/dataGrant.ts`); looked up only when the ordinary grants fall short.
 */
async function assertDataAccess(
  ctx: AppContext,
  actor: Actor,
  dataset: LoadedDataset,
  dashboard: DashboardContext | null,
) {
  // A guest reads only the data of its embedded dashboards' charts, whatever its role grants.
  if (!actor.guest && canAccessDataset(rolesOf(actor), dataset, actor.user?.id)) return;
  if (dashboard && (await dashboardGrantsDataset(ctx, actor, dashboard, dataset.row.id))) return;
  if (await guestGrantsDataset(ctx, actor, dashboard, dataset.row.id)) return;
  throw forbidden(
    `This endpoint requires the datasource ${dataset.row.table_name}, database or \`all_datasource_access\` permission`,
    { errorType: 'DATASOURCE_SECURITY_ACCESS_ERROR' },
  );
}

function rlsSubjectOf(actor: Actor) {
  const user = actor.user;
  return user
    ? { id: user.id, username: user.username, email: user.email, roles: user.roles }
    : { roles: actor.roles };
}

/** A guest token's own row filters: those for this dataset, and those for every dataset. */
function guestClauses(actor: Actor, datasetId: number): string[] {
  return (actor.guest?.rls ?? [])
    .filter((rule) => rule.dataset === undefined || rule.dataset === datasetId)
    .map((rule) => `(${rule.clause})`);
}

/** The compiler's view of a loaded dataset: active columns, metrics, virtual SQL. */
export function datasetForQuery(dataset: LoadedDataset): DatasetForQuery {
  const engine = dataset.database.engine;
  return {
    id: dataset.row.id,
    table_name: dataset.row.table_name,
    schema: dataset.row.schema,
    catalog: dataset.row.catalog,
    sql: dataset.row.sql,
    main_dttm_col: dataset.row.main_dttm_col,
    template_params: parseJsonObject(dataset.row.template_params),
    columns: activeColumns(dataset).map((c) => ({
      column_name: c.column_name,
      expression: c.expression,
      is_dttm: c.is_dttm === 1,
      type: c.type,
      type_generic: c.is_dttm === 1 ? 2 : typeGenericOf(engine, c.type),
      filterable: c.filterable === 1,
      groupby: c.groupby === 1,
    })),
    metrics: dataset.metrics.map((m) => ({
      metric_name: m.metric_name,
      expression: m.expression,
      verbose_name: m.verbose_name,
    })),
  };
}

/**
 * Everything of the dataset that changes its data: its row's change time and each column and
 * metric (a deleted column changes the list), so an edit gives every query a new cache key.
 */
export function datasetVersion(dataset: LoadedDataset): unknown {
  return [
    dataset.row.changed_on,
    dataset.database.changed_on,
    dataset.columns.map((c) => [c.id, c.changed_on]),
    dataset.metrics.map((m) => [m.id, m.changed_on]),
  ];
}

/** What chart data computes once per dataset snapshot rather than per request. */
function derivedOf(dataset: LoadedDataset) {
  const forQuery = datasetForQuery(dataset);
  return {
    forQuery,
    templated: hasTemplateText(JSON.stringify(forQuery)),
    // A string, so the cache key does not walk the column list on every request.
    version: JSON.stringify(datasetVersion(dataset)),
    verboseNames: Object.fromEntries(dataset.columns.map((c) => [c.column_name, c.verbose_name])),
  };
}

async function tableSource(
  ctx: AppContext,
  actor: Actor,
  id: number,
  dashboard: DashboardContext | null,
): Promise<ChartSource> {
  requirePermission(actor, 'can_read', 'Chart');
  const snapshot = await datasetSnapshot(ctx.store, id, derivedOf);
  if (!snapshot) throw notFound();
  const { dataset, derived } = snapshot;
  await assertDataAccess(ctx, actor, dataset, dashboard);
  // Most tables have no rules and most callers are no guests: then there is nothing to render.
  const rlsClauses =
    snapshot.rlsRules.length > 0 || actor.guest
      ? [
          ...rlsClausesOf(snapshot.rlsRules, rlsSubjectOf(actor)),
          ...guestClauses(actor, dataset.row.id),
        ]
      : [];
  return {
    kind: 'table',
    id: dataset.row.id,
    name: dataset.row.table_name,
    forQuery: derived.forQuery,
    database: dataset.database,
    schema: dataset.row.schema,
    cacheTimeout: dataset.row.cache_timeout,
    version: derived.version,
    verboseNames: derived.verboseNames,
    rlsClauses,
    templated: derived.templated,
    dataset,
  };
}

/** A SQL text explored as a virtual source: a SQL Lab query's or a saved query's. */
interface SqlText {
  kind: 'query' | 'saved_query';
  id: number;
  sql: string;
  databaseId: number;
  schema: string | null;
  catalog: string | null;
  templateParams: Record<string, unknown>;
  changedOn: unknown;
}

async function sqlSource(ctx: AppContext, actor: Actor, text: SqlText): Promise<ChartSource> {
  const database = await databaseRepository.get(ctx.store.db, text.databaseId);
  if (!database || !canSeeDatabase(rolesOf(actor), database)) throw notFound();
  const dialect = lookupSpec(database.engine).dialect;
  const statements = splitStatements(text.sql, tokenizeOptions(dialect));
  const sql = statements[statements.length - 1];
  if (!sql) throw badRequest('The query has no SQL to explore');
  const name = `${text.kind}_${text.id}`;
  const source = { table_name: name, schema: text.schema, catalog: text.catalog, sql };
  const connection = await ctx.connections.forRow(database);
  let columns: Awaited<ReturnType<typeof readVirtualColumns>>;
  try {
    columns = await readVirtualColumns(connection, dialect, source, {
      params: text.templateParams,
    });
  } catch (error) {
    const detail = isTesseraError(error) ? Object.values(error.fields ?? {})[0]?.[0] : null;
    throw badRequest(`The query cannot be explored: ${detail ?? 'its SQL could not run'}`);
  }
  const forQuery: DatasetForQuery = {
    id: text.id,
    table_name: name,
    schema: text.schema,
    catalog: text.catalog,
    sql,
    main_dttm_col: columns.find((c) => c.is_dttm)?.name ?? null,
    template_params: text.templateParams,
    columns: columns.map((c) => ({
      column_name: c.name,
      is_dttm: c.is_dttm,
      type: c.type,
      type_generic: c.type_generic,
      filterable: true,
      groupby: true,
    })),
    metrics: [],
  };
  return {
    kind: text.kind,
    id: text.id,
    name,
    forQuery,
    database,
    schema: text.schema,
    cacheTimeout: null,
    version: [text.changedOn, sql, text.templateParams, database.changed_on],
    verboseNames: {},
    rlsClauses: [],
    templated: hasTemplateText(JSON.stringify(forQuery)),
    dataset: null,
  };
}

async function querySource(ctx: AppContext, actor: Actor, id: number): Promise<ChartSource> {
  requirePermission(actor, 'can_read', 'Chart');
  const row = await queryRepository.get(ctx.store.db, id);
  // Another user's query is as absent as a missing one: its SQL and results are theirs.
  if (!row || row.user_id === null || row.user_id !== actor.user?.id) throw notFound();
  return sqlSource(ctx, actor, {
    kind: 'query',
    id: row.id,
    sql: row.executed_sql ?? row.sql,
    databaseId: row.database_id,
    schema: row.schema,
    catalog: row.catalog,
    templateParams: {},
    changedOn: row.changed_on,
  });
}

async function savedQuerySource(ctx: AppContext, actor: Actor, id: number): Promise<ChartSource> {
  requirePermission(actor, 'can_read', 'Chart');
  requirePermission(actor, 'can_read', 'SavedQuery');
  // The repository reads the caller's own saved queries only: another's is as absent as none.
  const row = actor.user ? await savedQueryRepository.get(ctx.store.db, actor.user.id, id) : null;
  if (!row || row.db_id === null) throw notFound();
  return sqlSource(ctx, actor, {
    kind: 'saved_query',
    id: row.id,
    sql: row.sql,
    databaseId: row.db_id,
    schema: row.schema,
    catalog: row.catalog,
    templateParams: parseJsonObject(row.template_parameters),
    changedOn: row.changed_on,
  });
}

/**
 * The datasource a request names, after its access checks. `dashboard`: the dashboard and chart
 * the request is drawn for, whose roles may grant a dataset's data (DASHBOARD_RBAC).
 */
export async function resolveSource(
  ctx: AppContext,
  actor: Actor,
  datasource: { kind: DatasourceKind; id: number },
  dashboard: DashboardContext | null = null,
): Promise<ChartSource> {
  if (datasource.kind === 'query') return querySource(ctx, actor, datasource.id);
  if (datasource.kind === 'saved_query') return savedQuerySource(ctx, actor, datasource.id);
  return tableSource(ctx, actor, datasource.id, dashboard);
}
