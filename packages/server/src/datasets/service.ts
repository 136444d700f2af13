import {
  type DatasetCreateBody,
  type DatasetDuplicateBody,
  type DatasetItem,
  type DatasetUpdateBody,
  type DatasourceJson,
  datasetExistsMessage,
  type GetOrCreateBody,
  type RelatedObjectsAnswer,
  tableNotFoundMessage,
} from '@tessera/shared/api/datasets';
import { notFound } from '@tessera/shared/errors';
import type { Updateable } from 'kysely';
import type { AppContext } from '../context.ts';
import { canAccessTable, principalOf } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { assertCanRead, assertCanWrite, WRITE_DATASET } from './access.ts';
import {
  firstTemporal,
  type Plan,
  planColumns,
  planMetrics,
  planRefresh,
  sourceColumnWrite,
} from './columns.ts';
import { assertDatasetLengths } from './limits.ts';
import { type LoadedDataset, loadDataset } from './model.ts';
import { toDatasourceJson, toItem } from './present.ts';
import { type ColumnWrite, datasetRepository, type MetricWrite } from './repository.ts';
import {
  checkOwners,
  type Db,
  findTwin,
  introspectionContext,
  ownerList,
  readSourceColumns,
  sameSpot,
  templateText,
  usableDatabase,
} from './rules.ts';
import {
  type DatasetSource,
  type ExpressionCheck,
  invalid,
  validateExpressions,
  withoutTrailingSemicolons,
} from './source.ts';
import type { DbDataset } from './tables.ts';
import { parseTemplateParams } from './template.ts';

/**
 * The rules of `/api/v1/dataset/`: permissions, uniqueness, reading columns from the engine,
 * validating expressions against it, and the writes (one transaction each). Every function takes
 * the actor it works for; the example loader and the bundle importer write through
 * `defineDataset` (define.ts), which applies the same rules.
 */

export {
  type DatasetDefinition,
  type DefineContext,
  type DefineDatasetOptions,
  type DefinedDataset,
  defineDataset,
} from './define.ts';
export { introspectionContext, readSourceColumns } from './rules.ts';

/** A dataset the caller may read, or 404. Accepts a numeric id or a uuid. */
export async function readableDataset(
  ctx: AppContext,
  actor: Actor,
  idOrUuid: number | string,
): Promise<LoadedDataset> {
  const dataset = await findDataset(ctx, idOrUuid);
  assertCanRead(actor, dataset);
  return dataset as LoadedDataset;
}

export async function writableDataset(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<LoadedDataset> {
  const dataset = await loadDataset(ctx.store, id);
  assertCanWrite(actor, dataset);
  return dataset as LoadedDataset;
}

async function findDataset(ctx: AppContext, idOrUuid: number | string) {
  if (typeof idOrUuid === 'number' || /^\d+$/.test(idOrUuid))
    return loadDataset(ctx.store, Number(idOrUuid));
  const row = await datasetRepository.getByUuid(ctx.store.db, idOrUuid);
  return row ? loadDataset(ctx.store, row.id) : undefined;
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

export type CreatedDataset = {
  id: number;
  result: Record<string, unknown>;
  data: DatasourceJson;
  uuid: string;
};

/** POST: a physical dataset from a table, or a virtual one from `sql`. */
export async function createDataset(
  ctx: AppContext,
  actor: Actor,
  body: DatasetCreateBody,
): Promise<CreatedDataset> {
  requirePermission(actor, ...WRITE_DATASET);
  assertDatasetLengths({ ...body, template_params: templateText(body.template_params) });
  const database = await usableDatabase(ctx.store.db, actor, body.database);
  const spot = {
    table_name: body.table_name.trim(),
    schema: body.schema?.trim() || null,
    catalog: body.catalog?.trim() || null,
  };
  const sql = body.sql?.trim() ? body.sql : null;
  if (await findTwin(ctx.store.db, database.id, spot))
    throw invalid('table_name', datasetExistsMessage(spot.table_name));
  const owners = ownerList(actor, body.owners);
  await checkOwners(ctx.store.db, owners);
  if (!sql && !canAccessTable(principalOf(actor), database, { ...spot, name: spot.table_name }))
    throw invalid('table_name', tableNotFoundMessage(spot.table_name));
  const templateParams = parseTemplateParams(body.template_params);
  const source = await readSourceColumns(ctx, actor, database, { ...spot, sql }, templateParams);
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
      actor,
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
  actor: Actor,
  id: number,
  body: DatasetUpdateBody,
  overrideColumns: boolean,
): Promise<{ id: number; result: DatasetItem }> {
  const dataset = await writableDataset(ctx, actor, id);
  assertDatasetLengths(body);
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
  if (body.owners !== undefined) await checkOwners(ctx.store.db, body.owners);
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
    await readSourceColumns(ctx, actor, dataset.database, source, templateParams);
  }
  if (checks.length > 0) {
    const connection = await ctx.connections.forRow(dataset.database);
    await validateExpressions(
      connection,
      lookupSpec(dataset.database.engine).dialect,
      source,
      checks,
      introspectionContext(actor, templateParams),
    );
  }
  await ctx.store.db.transaction().execute(async (trx) => {
    await datasetRepository.update(trx, id, write, actor);
    await applyPlan(trx, id, columns, metrics);
    if (body.owners !== undefined) await datasetRepository.setOwners(trx, id, body.owners);
  });
  if (overrideColumns) await refreshColumns(ctx, actor, id);
  const updated = (await loadDataset(ctx.store, id)) as LoadedDataset;
  return { id, result: toItem(updated) };
}

/** Re-reads the source's columns, keeping calculated columns, metrics and settings. */
async function refreshColumns(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const dataset = (await loadDataset(ctx.store, id)) as LoadedDataset;
  const { row } = dataset;
  const source = await readSourceColumns(
    ctx,
    actor,
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
    await datasetRepository.update(trx, id, patch, actor.user?.id ?? row.changed_by_fk);
  });
}

export async function refreshDataset(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  await writableDataset(ctx, actor, id);
  await refreshColumns(ctx, actor, id);
  return { message: 'OK' };
}

export async function deleteDataset(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  await writableDataset(ctx, actor, id);
  await datasetRepository.delete(ctx.store.db, [id]);
  return { message: 'OK' };
}

export async function bulkDeleteDatasets(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
): Promise<{ message: string }> {
  // Checked even for an empty list: `DELETE ?q=!()` must not answer 200 to anyone.
  requirePermission(actor, ...WRITE_DATASET);
  const unique = [...new Set(ids)];
  for (const id of unique) await writableDataset(ctx, actor, id);
  await datasetRepository.delete(ctx.store.db, unique);
  const n = unique.length;
  return { message: n === 1 ? `Deleted ${n} dataset` : `Deleted ${n} datasets` };
}

export async function deleteColumn(
  ctx: AppContext,
  actor: Actor,
  id: number,
  columnId: number,
): Promise<{ message: string }> {
  const dataset = await writableDataset(ctx, actor, id);
  if (!dataset.columns.some((c) => c.id === columnId)) throw notFound();
  await ctx.store.db.transaction().execute(async (trx) => {
    await datasetRepository.deleteColumns(trx, [columnId]);
    await datasetRepository.touch(trx, id, actor);
  });
  return { message: 'OK' };
}

export async function deleteMetric(
  ctx: AppContext,
  actor: Actor,
  id: number,
  metricId: number,
): Promise<{ message: string }> {
  const dataset = await writableDataset(ctx, actor, id);
  if (!dataset.metrics.some((m) => m.id === metricId)) throw notFound();
  await ctx.store.db.transaction().execute(async (trx) => {
    await datasetRepository.deleteMetrics(trx, [metricId]);
    await datasetRepository.touch(trx, id, actor);
  });
  return { message: 'OK' };
}

/** POST /duplicate: a copy of a virtual dataset under a new name, owned by the caller. */
export async function duplicateDataset(
  ctx: AppContext,
  actor: Actor,
  body: DatasetDuplicateBody,
): Promise<{ id: number; result: DatasetDuplicateBody }> {
  requirePermission(actor, ...WRITE_DATASET);
  const user = requireUser(actor);
  assertDatasetLengths({ table_name: body.table_name });
  const base = await loadDataset(ctx.store, body.base_model_id);
  try {
    assertCanRead(actor, base);
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
        sql: withoutTrailingSemicolons(row.sql ?? ''),
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
  actor: Actor,
  body: GetOrCreateBody,
): Promise<{ result: { table_id: number } }> {
  requirePermission(actor, ...WRITE_DATASET);
  assertDatasetLengths({ ...body, template_params: templateText(body.template_params) });
  const database = await usableDatabase(ctx.store.db, actor, body.database_id);
  const candidates = await datasetRepository.findByName(ctx.store.db, database.id, body.table_name);
  const existing =
    candidates.find((r) => sameSpot(r.schema, body.schema) && sameSpot(r.catalog, body.catalog)) ??
    (body.schema === undefined ? candidates[0] : undefined);
  if (existing) return { result: { table_id: existing.id } };
  const created = await createDataset(ctx, actor, {
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
  actor: Actor,
  idOrUuid: string,
): Promise<RelatedObjectsAnswer> {
  await readableDataset(ctx, actor, idOrUuid);
  return { charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] } };
}
