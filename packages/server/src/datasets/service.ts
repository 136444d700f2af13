import {
  DATABASE_NOT_FOUND_MESSAGE,
  type DatasetCreateBody,
  type DatasetDuplicateBody,
  type DatasetItem,
  type DatasetUpdateBody,
  type DatasourceJson,
  datasetExistsMessage,
  type GetOrCreateBody,
  OWNERS_INVALID_MESSAGE,
  type RelatedObjectsAnswer,
  tableNotFoundMessage,
} from '@tessera/shared/api/datasets';
import { notFound } from '@tessera/shared/errors';
import { isAdmin } from '@tessera/shared/permissions';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { AppContext } from '../context.ts';
import { canAccessTable, canSeeDatabase, principalOf } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import { type DatabaseRow, databaseRepository } from '../databases/repository.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import { requirePermission, requireUser } from '../security/currentUser.ts';
import { assertCanRead, assertCanWrite, WRITE_DATASET } from './access.ts';
import {
  firstTemporal,
  type Plan,
  planColumns,
  planMetrics,
  planRefresh,
  sourceColumnWrite,
} from './columns.ts';
import { type LoadedDataset, loadDataset } from './model.ts';
import { toDatasourceJson, toItem } from './present.ts';
import {
  type ColumnWrite,
  type DatasetRow,
  datasetRepository,
  type MetricWrite,
} from './repository.ts';
import {
  type DatasetSource,
  type ExpressionCheck,
  invalid,
  readPhysicalColumns,
  readVirtualColumns,
  type SourceColumn,
  validateExpressions,
} from './source.ts';
import type { DbDataset } from './tables.ts';
import { parseTemplateParams, type TemplateContext } from './template.ts';

/**
 * The rules of `/api/v1/dataset/`: permissions, uniqueness, reading columns from the engine,
 * validating expressions against it, and the writes (one transaction each).
 */

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

const sameSpot = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '') === (b ?? '');

/** A dataset the caller may read, or 404. Accepts a numeric id or a uuid. */
export async function readableDataset(
  ctx: AppContext,
  request: FastifyRequest,
  idOrUuid: number | string,
): Promise<LoadedDataset> {
  const dataset = await findDataset(ctx, idOrUuid);
  assertCanRead(request, dataset);
  return dataset as LoadedDataset;
}

export async function writableDataset(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
): Promise<LoadedDataset> {
  const dataset = await loadDataset(ctx.store, id);
  assertCanWrite(request, dataset);
  return dataset as LoadedDataset;
}

async function findDataset(ctx: AppContext, idOrUuid: number | string) {
  if (typeof idOrUuid === 'number' || /^\d+$/.test(idOrUuid))
    return loadDataset(ctx.store, Number(idOrUuid));
  const row = await datasetRepository.getByUuid(ctx.store.db, idOrUuid);
  return row ? loadDataset(ctx.store, row.id) : undefined;
}

/** The template context used when introspecting: the dataset's params and the caller. */
export function introspectionContext(
  request: FastifyRequest | null,
  templateParams: Record<string, unknown>,
): TemplateContext {
  const user = request?.user;
  return {
    params: templateParams,
    user: user
      ? { id: user.id, username: user.username, email: user.email, roles: Object.keys(user.roles) }
      : null,
  };
}

async function findTwin(
  db: Db,
  databaseId: number,
  spot: { table_name: string; schema: string | null; catalog: string | null },
  exceptId?: number,
): Promise<DatasetRow | undefined> {
  const rows = await datasetRepository.findByName(db, databaseId, spot.table_name);
  return rows.find(
    (r) =>
      r.id !== exceptId && sameSpot(r.schema, spot.schema) && sameSpot(r.catalog, spot.catalog),
  );
}

async function checkOwners(ctx: AppContext, ids: number[]): Promise<void> {
  const users = await datasetRepository.users(ctx.store.db, ids);
  if (ids.some((id) => !users.has(id))) throw invalid('owners', OWNERS_INVALID_MESSAGE);
}

/** Superset's owner list: the caller by default; a non-admin always stays among the owners. */
function ownerList(request: FastifyRequest, requested: number[] | undefined): number[] {
  const user = request.user;
  if (requested === undefined) return user ? [user.id] : [];
  if (user && !isAdmin(user) && !requested.includes(user.id)) return [...requested, user.id];
  return [...new Set(requested)];
}

async function usableDatabase(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
): Promise<DatabaseRow> {
  const database = await databaseRepository.get(ctx.store.db, id);
  if (!database || !canSeeDatabase(principalOf(request), database))
    throw invalid('database', DATABASE_NOT_FOUND_MESSAGE);
  return database;
}

/** Columns of a new or refreshed dataset, read from its engine. */
export async function readSourceColumns(
  ctx: AppContext,
  request: FastifyRequest | null,
  database: DatabaseRow,
  source: DatasetSource,
  templateParams: Record<string, unknown>,
): Promise<SourceColumn[]> {
  const spec = lookupSpec(database.engine);
  const connection = await ctx.connections.forRow(database);
  if (source.sql && source.sql.trim() !== '') {
    return readVirtualColumns(
      connection,
      spec.dialect,
      source,
      introspectionContext(request, templateParams),
    );
  }
  return readPhysicalColumns(connection, source, () =>
    invalid('table_name', tableNotFoundMessage(source.table_name)),
  );
}

async function applyPlan(
  db: Db,
  tableId: number,
  columns: Plan<ColumnWrite> | null,
  metrics: Plan<MetricWrite> | null,
): Promise<void> {
  if (columns) {
    await datasetRepository.deleteColumns(db, columns.remove);
    for (const { id, patch } of columns.update) await datasetRepository.updateColumn(db, id, patch);
    for (const column of columns.create) await datasetRepository.insertColumn(db, tableId, column);
  }
  if (metrics) {
    await datasetRepository.deleteMetrics(db, metrics.remove);
    for (const { id, patch } of metrics.update) await datasetRepository.updateMetric(db, id, patch);
    for (const metric of metrics.create) await datasetRepository.insertMetric(db, tableId, metric);
  }
}

function templateText(value: DatasetCreateBody['template_params']): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export type CreatedDataset = {
  id: number;
  result: Record<string, unknown>;
  data: DatasourceJson;
  uuid: string;
};

/** POST: a physical dataset from a table, or a virtual one from `sql`. */
export async function createDataset(
  ctx: AppContext,
  request: FastifyRequest,
  body: DatasetCreateBody,
): Promise<CreatedDataset> {
  requirePermission(request, ...WRITE_DATASET);
  const database = await usableDatabase(ctx, request, body.database);
  const spot = {
    table_name: body.table_name.trim(),
    schema: body.schema?.trim() || null,
    catalog: body.catalog?.trim() || null,
  };
  const sql = body.sql?.trim() ? body.sql : null;
  if (await findTwin(ctx.store.db, database.id, spot))
    throw invalid('table_name', datasetExistsMessage(spot.table_name));
  const owners = ownerList(request, body.owners);
  await checkOwners(ctx, owners);
  if (!sql && !canAccessTable(principalOf(request), database, { ...spot, name: spot.table_name }))
    throw invalid('table_name', tableNotFoundMessage(spot.table_name));
  const templateParams = parseTemplateParams(body.template_params);
  const source = await readSourceColumns(ctx, request, database, { ...spot, sql }, templateParams);
  const hinted = new Map(
    (body.columns ?? []).map((c) => [(c.column_name ?? c.name ?? '').trim(), c]),
  );
  const columns = source.map((column) => {
    const write = sourceColumnWrite(column);
    const hint = hinted.get(column.name);
    if (typeof hint?.is_dttm === 'boolean') write.is_dttm = hint.is_dttm ? 1 : 0;
    return write;
  });
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    const newId = await datasetRepository.insert(
      trx,
      {
        database_id: database.id,
        ...spot,
        sql,
        main_dttm_col: firstTemporal(columns),
        template_params: templateText(body.template_params),
        is_managed_externally: body.is_managed_externally ? 1 : 0,
        external_url: body.external_url ?? null,
        normalize_columns: body.normalize_columns ? 1 : 0,
        always_filter_main_dttm: body.always_filter_main_dttm ? 1 : 0,
        is_sqllab_view: 0,
        ...(body.uuid ? { uuid: body.uuid } : {}),
      },
      request.user?.id ?? null,
    );
    for (const column of columns) await datasetRepository.insertColumn(trx, newId, column);
    await datasetRepository.setOwners(trx, newId, owners);
    return newId;
  });
  const created = (await loadDataset(ctx.store, id)) as LoadedDataset;
  const { columns: _c, ...sent } = body;
  return {
    id,
    result: { ...sent, owners, table_name: spot.table_name },
    data: toDatasourceJson(created),
    uuid: created.row.uuid,
  };
}

function expressionChecks(
  dataset: LoadedDataset,
  columns: Plan<ColumnWrite> | null,
  metrics: Plan<MetricWrite> | null,
  everything: boolean,
): ExpressionCheck[] {
  const checks: ExpressionCheck[] = [];
  const currentColumn = new Map(dataset.columns.map((c) => [c.id, c]));
  const currentMetric = new Map(dataset.metrics.map((m) => [m.id, m]));
  const column = (name: string, expression: string | null | undefined) => {
    if (expression?.trim())
      checks.push({ field: 'columns', label: `column "${name}"`, expression });
  };
  const metric = (name: string, expression: string | null | undefined) => {
    if (expression?.trim())
      checks.push({ field: 'metrics', label: `metric "${name}"`, expression });
  };
  if (columns) {
    for (const c of columns.create) column(c.column_name, c.expression);
    for (const { id, patch } of columns.update) {
      const before = currentColumn.get(id);
      const expression = patch.expression === undefined ? before?.expression : patch.expression;
      if (everything || expression !== before?.expression)
        column(patch.column_name ?? before?.column_name ?? '', expression);
    }
  } else if (everything) {
    for (const c of dataset.columns) column(c.column_name, c.expression);
  }
  if (metrics) {
    for (const m of metrics.create) metric(m.metric_name, m.expression);
    for (const { id, patch } of metrics.update) {
      const before = currentMetric.get(id);
      if (everything || patch.expression !== before?.expression)
        metric(patch.metric_name ?? before?.metric_name ?? '', patch.expression);
    }
  } else if (everything) {
    for (const m of dataset.metrics) metric(m.metric_name, m.expression);
  }
  return checks;
}

const boolFields = [
  'filter_select_enabled',
  'normalize_columns',
  'always_filter_main_dttm',
  'is_sqllab_view',
  'is_managed_externally',
] as const;
const textFields = [
  'fetch_values_predicate',
  'description',
  'main_dttm_col',
  'currency_code_column',
  'default_endpoint',
  'template_params',
  'extra',
  'external_url',
] as const;

/** PUT: fields, owners, columns and metrics; changed expressions are checked by the engine. */
export async function updateDataset(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  body: DatasetUpdateBody,
  overrideColumns: boolean,
): Promise<{ id: number; result: DatasetItem }> {
  const dataset = await writableDataset(ctx, request, id);
  const { row } = dataset;
  if (body.database_id !== undefined && body.database_id !== row.database_id)
    throw invalid('database', 'Database not allowed to change');
  const spot = {
    table_name: body.table_name?.trim() || row.table_name,
    schema: body.schema === undefined ? row.schema : body.schema?.trim() || null,
    catalog: body.catalog === undefined ? row.catalog : body.catalog?.trim() || null,
  };
  if (
    (spot.table_name !== row.table_name ||
      !sameSpot(spot.schema, row.schema) ||
      !sameSpot(spot.catalog, row.catalog)) &&
    (await findTwin(ctx.store.db, row.database_id, spot, row.id))
  ) {
    throw invalid('table_name', datasetExistsMessage(spot.table_name));
  }
  if (body.owners !== undefined) await checkOwners(ctx, body.owners);
  const write: Updateable<DbDataset> = { ...spot };
  if (body.sql !== undefined) write.sql = body.sql?.trim() ? body.sql : null;
  for (const field of boolFields) {
    const value = body[field];
    if (value !== undefined && value !== null) write[field] = value ? 1 : 0;
  }
  for (const field of textFields) if (body[field] !== undefined) write[field] = body[field] ?? null;
  if (body.offset !== undefined) write.offset = body.offset ?? 0;
  if (body.cache_timeout !== undefined) write.cache_timeout = body.cache_timeout;

  const columns = body.columns ? planColumns(dataset.columns, body.columns, overrideColumns) : null;
  const metrics = body.metrics ? planMetrics(dataset.metrics, body.metrics) : null;
  const source: DatasetSource = {
    ...spot,
    sql: write.sql === undefined ? row.sql : (write.sql as string | null),
  };
  const templateParams = parseTemplateParams(
    write.template_params === undefined ? row.template_params : write.template_params,
  );
  const sourceChanged =
    source.sql !== row.sql ||
    write.template_params !== undefined ||
    spot.table_name !== row.table_name ||
    !sameSpot(spot.schema, row.schema);
  const checks = expressionChecks(dataset, columns, metrics, sourceChanged);
  if (sourceChanged && source.sql) {
    await readSourceColumns(ctx, request, dataset.database, source, templateParams);
  }
  if (checks.length > 0) {
    const connection = await ctx.connections.forRow(dataset.database);
    await validateExpressions(
      connection,
      lookupSpec(dataset.database.engine).dialect,
      source,
      checks,
      introspectionContext(request, templateParams),
    );
  }
  await ctx.store.db.transaction().execute(async (trx) => {
    await datasetRepository.update(trx, id, write, request.user?.id ?? null);
    await applyPlan(trx, id, columns, metrics);
    if (body.owners !== undefined) await datasetRepository.setOwners(trx, id, body.owners);
  });
  if (overrideColumns) await refreshColumns(ctx, request, id);
  const updated = (await loadDataset(ctx.store, id)) as LoadedDataset;
  return { id, result: toItem(updated) };
}

/** Re-reads the source's columns, keeping calculated columns, metrics and settings. */
async function refreshColumns(
  ctx: AppContext,
  request: FastifyRequest | null,
  id: number,
): Promise<void> {
  const dataset = (await loadDataset(ctx.store, id)) as LoadedDataset;
  const { row } = dataset;
  const source = await readSourceColumns(
    ctx,
    request,
    dataset.database,
    row,
    parseTemplateParams(row.template_params),
  );
  const plan = planRefresh(dataset.columns, source);
  await ctx.store.db.transaction().execute(async (trx) => {
    await applyPlan(trx, id, plan, null);
    const columns = await datasetRepository.columns(trx, [id]);
    const patch: Updateable<DbDataset> = {};
    if (!row.main_dttm_col || !columns.some((c) => c.column_name === row.main_dttm_col))
      patch.main_dttm_col = firstTemporal(columns) ?? row.main_dttm_col;
    await datasetRepository.update(trx, id, patch, request?.user?.id ?? row.changed_by_fk);
  });
}

export async function refreshDataset(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
): Promise<{ message: string }> {
  await writableDataset(ctx, request, id);
  await refreshColumns(ctx, request, id);
  return { message: 'OK' };
}

export async function deleteDataset(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
): Promise<{ message: string }> {
  await writableDataset(ctx, request, id);
  await datasetRepository.delete(ctx.store.db, [id]);
  return { message: 'OK' };
}

export async function bulkDeleteDatasets(
  ctx: AppContext,
  request: FastifyRequest,
  ids: number[],
): Promise<{ message: string }> {
  const unique = [...new Set(ids)];
  for (const id of unique) await writableDataset(ctx, request, id);
  await datasetRepository.delete(ctx.store.db, unique);
  const n = unique.length;
  return { message: n === 1 ? `Deleted ${n} dataset` : `Deleted ${n} datasets` };
}

export async function deleteColumn(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  columnId: number,
): Promise<{ message: string }> {
  const dataset = await writableDataset(ctx, request, id);
  if (!dataset.columns.some((c) => c.id === columnId)) throw notFound();
  await ctx.store.db.transaction().execute(async (trx) => {
    await datasetRepository.deleteColumns(trx, [columnId]);
    await datasetRepository.touch(trx, id, request.user?.id ?? null);
  });
  return { message: 'OK' };
}

export async function deleteMetric(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  metricId: number,
): Promise<{ message: string }> {
  const dataset = await writableDataset(ctx, request, id);
  if (!dataset.metrics.some((m) => m.id === metricId)) throw notFound();
  await ctx.store.db.transaction().execute(async (trx) => {
    await datasetRepository.deleteMetrics(trx, [metricId]);
    await datasetRepository.touch(trx, id, request.user?.id ?? null);
  });
  return { message: 'OK' };
}

/** POST /duplicate: a copy of a virtual dataset under a new name, owned by the caller. */
export async function duplicateDataset(
  ctx: AppContext,
  request: FastifyRequest,
  body: DatasetDuplicateBody,
): Promise<{ id: number; result: DatasetDuplicateBody }> {
  requirePermission(request, ...WRITE_DATASET);
  const user = requireUser(request);
  const base = await loadDataset(ctx.store, body.base_model_id);
  try {
    assertCanRead(request, base);
  } catch {
    throw invalid('base_model_id', 'Dataset does not exist');
  }
  const dataset = base as LoadedDataset;
  if (!dataset.row.sql?.trim()) throw invalid('datasource_type', 'Datasource type is invalid');
  const spot = {
    table_name: body.table_name.trim(),
    schema: dataset.row.schema,
    catalog: dataset.row.catalog,
  };
  if (await findTwin(ctx.store.db, dataset.row.database_id, spot))
    throw invalid('table_name', datasetExistsMessage(spot.table_name));
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    const { row } = dataset;
    const newId = await datasetRepository.insert(
      trx,
      {
        database_id: row.database_id,
        ...spot,
        sql: (row.sql ?? '').trim().replace(/;+$/, ''),
        main_dttm_col: row.main_dttm_col,
        template_params: row.template_params,
        normalize_columns: row.normalize_columns,
        always_filter_main_dttm: row.always_filter_main_dttm,
        is_sqllab_view: 1,
        extra: row.extra,
        description: row.description,
        cache_timeout: row.cache_timeout,
      },
      user.id,
    );
    for (const c of dataset.columns) {
      await datasetRepository.insertColumn(trx, newId, {
        column_name: c.column_name,
        verbose_name: c.verbose_name,
        type: c.type,
        is_dttm: c.is_dttm,
        groupby: 1,
        filterable: 1,
        expression: c.expression,
        description: c.description,
        python_date_format: c.python_date_format,
        advanced_data_type: c.advanced_data_type,
        extra: c.extra,
        is_active: c.is_active,
      });
    }
    for (const m of dataset.metrics) {
      await datasetRepository.insertMetric(trx, newId, {
        metric_name: m.metric_name,
        verbose_name: m.verbose_name,
        metric_type: m.metric_type,
        expression: m.expression,
        description: m.description,
        d3format: m.d3format,
        currency: m.currency,
        warning_text: m.warning_text,
        extra: m.extra,
      });
    }
    await datasetRepository.setOwners(trx, newId, [user.id]);
    return newId;
  });
  return { id, result: body };
}

/** POST /get_or_create/: the dataset of that table name in that database, created if missing. */
export async function getOrCreateDataset(
  ctx: AppContext,
  request: FastifyRequest,
  body: GetOrCreateBody,
): Promise<{ result: { table_id: number } }> {
  requirePermission(request, ...WRITE_DATASET);
  const database = await usableDatabase(ctx, request, body.database_id);
  const candidates = await datasetRepository.findByName(ctx.store.db, database.id, body.table_name);
  const existing =
    candidates.find((r) => sameSpot(r.schema, body.schema) && sameSpot(r.catalog, body.catalog)) ??
    (body.schema === undefined ? candidates[0] : undefined);
  if (existing) return { result: { table_id: existing.id } };
  const created = await createDataset(ctx, request, {
    database: database.id,
    table_name: body.table_name,
    schema: body.schema ?? null,
    catalog: body.catalog ?? null,
    template_params: body.template_params ?? null,
    always_filter_main_dttm: body.always_filter_main_dttm,
    normalize_columns: body.normalize_columns,
  });
  return { result: { table_id: created.id } };
}

/** No charts or dashboards exist yet, so nothing can use a dataset: the honest answer. */
export async function relatedObjects(
  ctx: AppContext,
  request: FastifyRequest,
  idOrUuid: string,
): Promise<RelatedObjectsAnswer> {
  await readableDataset(ctx, request, idOrUuid);
  return { charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] } };
}
