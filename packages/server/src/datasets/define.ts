import {
  COLUMNS_DUPLICATED_MESSAGE,
  DATABASE_NOT_FOUND_MESSAGE,
  type DatasetColumnInput,
  type DatasetMetricInput,
  datasetExistsMessage,
  METRICS_DUPLICATED_MESSAGE,
  tableNotFoundMessage,
} from '@tessera/shared/api/datasets';
import type { Updateable } from 'kysely';
import type { AppContext } from '../context.ts';
import { canAccessTable, principalOf } from '../databases/access.ts';
import { databaseRepository } from '../databases/repository.ts';
import type { EngineConnection } from '../engines/types.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { assertCanRead, assertCanWrite, WRITE_DATASET } from './access.ts';
import { firstTemporal, newColumnWrite, newMetricWrite, sourceColumnWrite } from './columns.ts';
import { assertDatasetLengths } from './limits.ts';
import { loadDataset } from './model.ts';
import { type ColumnWrite, datasetRepository, type MetricWrite } from './repository.ts';
import {
  checkOwners,
  type Db,
  findTwin,
  ownerList,
  readSourceColumns,
  templateText,
  usableDatabase,
} from './rules.ts';
import { assertSingleExpression, invalid } from './source.ts';
import type { DbDataset } from './tables.ts';
import { parseTemplateParams } from './template.ts';

/**
 * Writing a whole dataset described by its caller: the example loader (a system actor) and the
 * dashboard bundle importer (the importing user) go through here, so twins, owners, access and
 * audit columns follow the same rules as `POST /api/v1/dataset/`.
 */

/** A dataset as a loader or a bundle describes it. Absent fields take Superset's defaults. */
export interface DatasetDefinition {
  /** Keeps the dataset's identity across instances (a bundle's uuid); new when absent. */
  uuid?: string;
  /** Id of the database the dataset reads. */
  database: number;
  table_name: string;
  schema?: string | null;
  catalog?: string | null;
  /** The SQL of a virtual dataset. */
  sql?: string | null;
  description?: string | null;
  main_dttm_col?: string | null;
  default_endpoint?: string | null;
  offset?: number | null;
  cache_timeout?: number | null;
  template_params?: string | Record<string, unknown> | null;
  /** JSON text. */
  extra?: string | null;
  filter_select_enabled?: boolean;
  fetch_values_predicate?: string | null;
  normalize_columns?: boolean;
  always_filter_main_dttm?: boolean;
  is_sqllab_view?: boolean;
  is_managed_externally?: boolean;
  external_url?: string | null;
  currency_code_column?: string | null;
  /** The columns as given (a bundle's); when absent they are read from the engine. */
  columns?: Omit<DatasetColumnInput, 'id'>[];
  metrics?: Omit<DatasetMetricInput, 'id'>[];
  /** Owner user ids; by default the actor's user (nobody for the system actor). */
  owners?: number[];
}

export interface DefineDatasetOptions {
  /** The caller's transaction (the importer's): everything is read and written through it. */
  db?: Db;
  /**
   * When a dataset with this uuid, or a twin on the same table, exists: `keep` answers it
   * untouched (the actor must be able to read it), `overwrite` replaces its fields, columns and
   * metrics (the actor must own it or be an admin), `refuse` (the default) is a 422.
   */
  ifExists?: 'keep' | 'overwrite' | 'refuse';
  /** A connection to read columns from when the definition has none (the loader's own). */
  connection?: EngineConnection;
  /**
   * True when the caller has already checked that the actor may put this dataset on this
   * database and table (the importer's plan does, also for a database it created moments ago in
   * the same transaction). Otherwise the actor must see the database and, for a physical
   * dataset, have access to the table.
   */
  databaseChecked?: boolean;
}

export interface DefinedDataset {
  id: number;
  uuid: string;
  outcome: 'created' | 'kept' | 'overwritten';
}

export type DefineContext = Pick<AppContext, 'store'> & Partial<Pick<AppContext, 'connections'>>;

/**
 * Creates (or keeps, or overwrites) the dataset a caller describes, with every rule of the API:
 * ('can_write', 'Dataset'), the database and table the actor may use, no twin on the same
 * table, owners that exist (a non-admin stays an owner), expressions that are one expression,
 * size caps, audit columns from the actor. One transaction (the caller's when given).
 */
export async function defineDataset(
  ctx: DefineContext,
  actor: Actor,
  definition: DatasetDefinition,
  options: DefineDatasetOptions = {},
): Promise<DefinedDataset> {
  requirePermission(actor, ...WRITE_DATASET);
  assertDefinitionLengths(definition);
  const db = options.db ?? ctx.store.db;
  const spot = {
    table_name: definition.table_name.trim(),
    schema: definition.schema?.trim() || null,
    catalog: definition.catalog?.trim() || null,
  };
  if (!spot.table_name) throw invalid('table_name', 'Shorter than minimum length 1.');
  const sql = definition.sql?.trim() ? (definition.sql as string) : null;
  const database = options.databaseChecked
    ? await databaseRepository.get(db, definition.database)
    : await usableDatabase(db, actor, definition.database);
  if (!database) throw invalid('database', DATABASE_NOT_FOUND_MESSAGE);

  const existing =
    (definition.uuid ? await datasetRepository.getByUuid(db, definition.uuid) : undefined) ??
    (await findTwin(db, database.id, spot));
  const ifExists = options.ifExists ?? 'refuse';
  if (existing && ifExists === 'refuse')
    throw invalid('table_name', datasetExistsMessage(spot.table_name));
  if (existing && ifExists === 'keep') {
    assertCanRead(actor, await loadDataset({ db }, existing.id));
    return { id: existing.id, uuid: existing.uuid, outcome: 'kept' };
  }
  if (existing) {
    assertCanWrite(actor, await loadDataset({ db }, existing.id));
    // The same rules as a PUT: a dataset stays on its database and never lands on a twin.
    if (existing.database_id !== database.id)
      throw invalid('database', 'Database not allowed to change');
    if (await findTwin(db, database.id, spot, existing.id))
      throw invalid('table_name', datasetExistsMessage(spot.table_name));
  }
  if (
    !options.databaseChecked &&
    !sql &&
    !canAccessTable(principalOf(actor), database, { ...spot, name: spot.table_name })
  )
    throw invalid('table_name', tableNotFoundMessage(spot.table_name));

  const owners = ownerList(actor, definition.owners);
  await checkOwners(db, owners);
  const columns = definition.columns
    ? definition.columns.map(newColumnWrite)
    : (
        await readSourceColumns(
          connectionsOf(ctx, options),
          actor,
          database,
          { ...spot, sql },
          parseTemplateParams(definition.template_params),
          options.connection,
        )
      ).map(sourceColumnWrite);
  const metrics = (definition.metrics ?? []).map(newMetricWrite);
  checkNames(columns, metrics);
  for (const c of columns)
    if (c.expression) assertSingleExpression(c.expression, 'columns', `column "${c.column_name}"`);
  for (const m of metrics)
    assertSingleExpression(m.expression, 'metrics', `metric "${m.metric_name}"`);

  const row = rowOf(definition, database.id, spot, sql, columns);
  const write = async (trx: Db): Promise<number> => {
    if (existing) {
      await datasetRepository.update(trx, existing.id, row, actor);
      await replaceChildren(trx, existing.id, columns, metrics);
      if (definition.owners !== undefined)
        await datasetRepository.setOwners(trx, existing.id, owners);
      return existing.id;
    }
    const id = await datasetRepository.insert(
      trx,
      { ...row, ...(definition.uuid ? { uuid: definition.uuid } : {}) },
      actor,
    );
    for (const column of columns) await datasetRepository.insertColumn(trx, id, column);
    for (const metric of metrics) await datasetRepository.insertMetric(trx, id, metric);
    await datasetRepository.setOwners(trx, id, owners);
    return id;
  };
  const id = options.db ? await write(options.db) : await ctx.store.db.transaction().execute(write);
  const saved = await datasetRepository.get(db, id);
  return {
    id,
    uuid: saved?.uuid ?? definition.uuid ?? '',
    outcome: existing ? 'overwritten' : 'created',
  };
}

/** Where columns are read from when the definition has none: the caller's connection first. */
function connectionsOf(ctx: DefineContext, options: DefineDatasetOptions) {
  if (options.connection || ctx.connections) return ctx as Pick<AppContext, 'connections'>;
  // A caller's mistake, not the user's: without columns a dataset needs an engine to read.
  throw new Error('defineDataset needs ctx.connections or options.connection to read columns');
}

function assertDefinitionLengths(definition: DatasetDefinition): void {
  assertDatasetLengths({
    table_name: definition.table_name,
    schema: definition.schema,
    catalog: definition.catalog,
    sql: definition.sql,
    description: definition.description,
    template_params: templateText(definition.template_params),
    extra: definition.extra,
    fetch_values_predicate: definition.fetch_values_predicate,
    columns: definition.columns,
    metrics: definition.metrics,
  });
}

function checkNames(columns: ColumnWrite[], metrics: MetricWrite[]): void {
  const columnNames = columns.map((c) => c.column_name);
  if (columnNames.some((n) => !n)) throw invalid('columns', 'Missing data for required field.');
  if (new Set(columnNames).size !== columnNames.length)
    throw invalid('columns', COLUMNS_DUPLICATED_MESSAGE);
  const metricNames = metrics.map((m) => m.metric_name);
  if (new Set(metricNames).size !== metricNames.length)
    throw invalid('metrics', METRICS_DUPLICATED_MESSAGE);
}

const flag = (value: boolean | undefined, fallback: boolean) => ((value ?? fallback) ? 1 : 0);

function rowOf(
  definition: DatasetDefinition,
  databaseId: number,
  spot: { table_name: string; schema: string | null; catalog: string | null },
  sql: string | null,
  columns: ColumnWrite[],
) {
  return {
    database_id: databaseId,
    ...spot,
    sql,
    main_dttm_col:
      definition.main_dttm_col === undefined ? firstTemporal(columns) : definition.main_dttm_col,
    description: definition.description ?? null,
    default_endpoint: definition.default_endpoint ?? null,
    offset: definition.offset ?? 0,
    cache_timeout: definition.cache_timeout ?? null,
    template_params: templateText(definition.template_params),
    extra: definition.extra ?? null,
    filter_select_enabled: flag(definition.filter_select_enabled, true),
    fetch_values_predicate: definition.fetch_values_predicate ?? null,
    normalize_columns: flag(definition.normalize_columns, false),
    always_filter_main_dttm: flag(definition.always_filter_main_dttm, false),
    is_sqllab_view: flag(definition.is_sqllab_view, false),
    is_managed_externally: flag(definition.is_managed_externally, false),
    external_url: definition.external_url ?? null,
    currency_code_column: definition.currency_code_column ?? null,
  } satisfies Updateable<DbDataset>;
}

/**
 * An overwrite keeps the ids of columns and metrics whose names stay (charts and filters refer
 * to names, saved layouts sometimes to ids), updates them, adds the new and drops the rest.
 */
async function replaceChildren(
  db: Db,
  id: number,
  columns: ColumnWrite[],
  metrics: MetricWrite[],
): Promise<void> {
  const currentColumns = new Map(
    (await datasetRepository.columns(db, [id])).map((c) => [c.column_name, c.id]),
  );
  const currentMetrics = new Map(
    (await datasetRepository.metrics(db, [id])).map((m) => [m.metric_name, m.id]),
  );
  const keptColumns = new Set(columns.map((c) => c.column_name));
  const keptMetrics = new Set(metrics.map((m) => m.metric_name));
  await datasetRepository.deleteColumns(
    db,
    [...currentColumns].filter(([name]) => !keptColumns.has(name)).map(([, cid]) => cid),
  );
  await datasetRepository.deleteMetrics(
    db,
    [...currentMetrics].filter(([name]) => !keptMetrics.has(name)).map(([, mid]) => mid),
  );
  for (const column of columns) {
    const columnId = currentColumns.get(column.column_name);
    if (columnId === undefined) await datasetRepository.insertColumn(db, id, column);
    else await datasetRepository.updateColumn(db, columnId, column);
  }
  for (const metric of metrics) {
    const metricId = currentMetrics.get(metric.metric_name);
    if (metricId === undefined) await datasetRepository.insertMetric(db, id, metric);
    else await datasetRepository.updateMetric(db, metricId, metric);
  }
}
