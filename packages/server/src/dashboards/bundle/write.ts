import { parseJsonObjectOrNull } from '@tessera/shared/json';
import type { Transaction } from 'kysely';
import { saveChart } from '../../charts/service.ts';
import type { AppContext } from '../../context.ts';
import { CREATE_DEFAULTS, insertDatabase } from '../../databases/write.ts';
import { defineDataset } from '../../datasets/service.ts';
import type { MetadataTables } from '../../platform/metadata/tables.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { Actor } from '../../security/actor.ts';
import type { Db } from '../repository.ts';
import { type Config, flag, jsonText, num, str } from './files.ts';
import type { ChartPlan, DatabasePlan, DatasetPlan } from './plan.ts';

/**
 * Writes the databases, datasets and charts of a checked plan, inside the import's transaction,
 * as the importing user. Reused objects are left exactly as they are; each map answers the id by
 * bundle uuid.
 */

export async function writeDatabases(
  ctx: AppContext,
  db: Db,
  plans: DatabasePlan[],
  secrets: SecretBox,
  actor: Actor,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { config, uuid, id: existingId, connection } of plans) {
    if (existingId !== null || !connection) {
      ids.set(uuid, existingId as number);
      continue;
    }
    const id = await insertDatabase(db, ctx.config, actor, {
      ...CREATE_DEFAULTS,
      database_name: str(config.database_name) as string,
      engine: connection.spec.engine,
      sqlalchemy_uri: connection.uri,
      password: connection.password === null ? null : secrets.encrypt(connection.password),
      configuration_method: 'sqlalchemy_form',
      expose_in_sqllab: flag(config.expose_in_sqllab, true) === 1,
      allow_run_async: flag(config.allow_run_async) === 1,
      allow_ctas: flag(config.allow_ctas) === 1,
      allow_cvas: flag(config.allow_cvas) === 1,
      allow_dml: flag(config.allow_dml) === 1,
      // Bundles from before Superset's rename carry `allow_csv_upload`.
      allow_file_upload: flag(config.allow_file_upload ?? config.allow_csv_upload) === 1,
      cache_timeout: num(config.cache_timeout),
      extra: jsonText(config.extra) ?? '{}',
      encrypted_extra: null,
    });
    // The bundle's uuid is the database's identity across instances.
    await db.updateTable('dbs').set({ uuid }).where('id', '=', id).execute();
    ids.set(uuid, id);
  }
  return ids;
}

/** Booleans as a bundle has them; anything else is left to the dataset rules' defaults. */
const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

/**
 * New datasets go through the datasets feature's own write path (`defineDataset`), so twins,
 * owners and audit columns follow the API's rules; the plan has already checked the importer's
 * access to the data (`dataAccess.ts`), also on databases created moments ago in this import.
 */
export async function writeDatasets(
  ctx: AppContext,
  actor: Actor,
  trx: Transaction<MetadataTables>,
  plans: DatasetPlan[],
  databaseIds: Map<string, number>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { config, uuid, id: existingId, databaseUuid } of plans) {
    if (existingId !== null) {
      ids.set(uuid, existingId);
      continue;
    }
    const defined = await defineDataset(
      ctx,
      actor,
      {
        uuid,
        database: databaseIds.get(databaseUuid) as number,
        table_name: str(config.table_name) as string,
        catalog: str(config.catalog),
        schema: str(config.schema),
        sql: str(config.sql),
        main_dttm_col: str(config.main_dttm_col),
        description: str(config.description),
        default_endpoint: str(config.default_endpoint),
        offset: num(config.offset) ?? 0,
        cache_timeout: num(config.cache_timeout),
        template_params: jsonText(config.template_params),
        extra: jsonText(config.extra),
        filter_select_enabled: bool(config.filter_select_enabled),
        fetch_values_predicate: str(config.fetch_values_predicate),
        normalize_columns: bool(config.normalize_columns),
        always_filter_main_dttm: bool(config.always_filter_main_dttm),
        // A bundle lists its columns; none listed means none, not a trip to the engine.
        columns: columnsOf(config),
        metrics: metricsOf(config),
      },
      { db: trx, ifExists: 'keep', databaseChecked: true },
    );
    ids.set(uuid, defined.id);
  }
  return ids;
}

const columnsOf = (config: Config) =>
  ((config.columns as Config[] | null | undefined) ?? []).map((c) => ({
    column_name: str(c.column_name) as string,
    verbose_name: str(c.verbose_name),
    type: str(c.type),
    is_dttm: bool(c.is_dttm),
    groupby: bool(c.groupby),
    filterable: bool(c.filterable),
    expression: str(c.expression),
    description: str(c.description),
    python_date_format: str(c.python_date_format),
    advanced_data_type: str(c.advanced_data_type),
    extra: jsonText(c.extra),
    is_active: bool(c.is_active),
  }));

const metricsOf = (config: Config) =>
  ((config.metrics as Config[] | null | undefined) ?? []).map((m) => ({
    metric_name: str(m.metric_name) as string,
    verbose_name: str(m.verbose_name),
    metric_type: str(m.metric_type),
    expression: str(m.expression) as string,
    description: str(m.description),
    d3format: str(m.d3format),
    currency: jsonText(m.currency),
    warning_text: str(m.warning_text),
    extra: jsonText(m.extra),
  }));

/** New charts go through the charts feature's write path (`saveChart`), on their imported dataset. */
export async function writeCharts(
  ctx: AppContext,
  actor: Actor,
  trx: Transaction<MetadataTables>,
  plans: ChartPlan[],
  datasetIds: Map<string, number>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { config, uuid, id: existingId, datasetUuid } of plans) {
    if (existingId !== null) {
      ids.set(uuid, existingId);
      continue;
    }
    const datasetId = datasetIds.get(datasetUuid) as number;
    const given =
      typeof config.params === 'string'
        ? (parseJsonObjectOrNull(config.params) as Config | null)
        : config.params;
    const params = { ...((given ?? {}) as Config), datasource: `${datasetId}__table` };
    const saved = await saveChart(
      ctx,
      actor,
      {
        uuid,
        slice_name: str(config.slice_name) as string,
        viz_type: str(config.viz_type) as string,
        datasource_id: datasetId,
        params: JSON.stringify(params),
        query_context: queryContextOn(config.query_context, datasetId),
        description: str(config.description),
        cache_timeout: num(config.cache_timeout),
        certified_by: str(config.certified_by),
        certification_details: str(config.certification_details),
      },
      { trx },
    );
    ids.set(uuid, saved.id);
  }
  return ids;
}

/** The saved query context pointed at the imported dataset, as Superset rewrites it. */
function queryContextOn(value: unknown, datasetId: number): string | null {
  const context =
    typeof value === 'string'
      ? (parseJsonObjectOrNull(value) as Config | null)
      : (value as Config | null);
  if (!context) return jsonText(value);
  const datasource = { id: datasetId, type: 'table' };
  context.datasource = datasource;
  const formData = context.form_data as Config | undefined;
  if (formData && typeof formData === 'object') formData.datasource = `${datasetId}__table`;
  for (const query of Array.isArray(context.queries) ? (context.queries as Config[]) : []) {
    if (query && typeof query === 'object' && 'datasource' in query) query.datasource = datasource;
  }
  return JSON.stringify(context);
}
