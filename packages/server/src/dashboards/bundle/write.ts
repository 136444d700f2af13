import { databaseRepository } from '../../databases/repository.ts';
import { CREATE_DEFAULTS } from '../../databases/write.ts';
import { datasetRepository } from '../../datasets/repository.ts';
import { nowIso } from '../../platform/metadata/store.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { Db } from '../repository.ts';
import { type Config, flag, jsonText, num, str } from './files.ts';
import type { ChartPlan, DatabasePlan, DatasetPlan } from './plan.ts';

/**
 * Writes the databases, datasets and charts of a checked plan, inside the import's transaction.
 * Reused objects are left exactly as they are; each map answers the id by bundle uuid.
 */

export async function writeDatabases(
  db: Db,
  plans: DatabasePlan[],
  secrets: SecretBox,
  actorId: number,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { config, uuid, id: existingId, connection } of plans) {
    if (existingId !== null || !connection) {
      ids.set(uuid, existingId as number);
      continue;
    }
    const id = await databaseRepository.insert(
      db,
      {
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
      },
      actorId,
    );
    // The bundle's uuid is the database's identity across instances.
    await db.updateTable('dbs').set({ uuid }).where('id', '=', id).execute();
    ids.set(uuid, id);
  }
  return ids;
}

export async function writeDatasets(
  db: Db,
  plans: DatasetPlan[],
  databaseIds: Map<string, number>,
  actorId: number,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { config, uuid, id: existingId, databaseUuid } of plans) {
    if (existingId !== null) {
      ids.set(uuid, existingId);
      continue;
    }
    const id = await datasetRepository.insert(
      db,
      {
        uuid,
        database_id: databaseIds.get(databaseUuid) as number,
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
        filter_select_enabled: flag(config.filter_select_enabled, true),
        fetch_values_predicate: str(config.fetch_values_predicate),
        normalize_columns: flag(config.normalize_columns),
        always_filter_main_dttm: flag(config.always_filter_main_dttm),
        is_sqllab_view: 0,
        is_managed_externally: 0,
        external_url: null,
        currency_code_column: null,
      },
      actorId,
    );
    await datasetRepository.setOwners(db, id, [actorId]);
    await writeColumnsAndMetrics(db, id, config);
    ids.set(uuid, id);
  }
  return ids;
}

async function writeColumnsAndMetrics(db: Db, id: number, config: Config): Promise<void> {
  for (const c of (config.columns as Config[] | null | undefined) ?? []) {
    await datasetRepository.insertColumn(db, id, {
      column_name: str(c.column_name) as string,
      verbose_name: str(c.verbose_name),
      type: str(c.type),
      is_dttm: flag(c.is_dttm),
      groupby: flag(c.groupby, true),
      filterable: flag(c.filterable, true),
      expression: str(c.expression),
      description: str(c.description),
      python_date_format: str(c.python_date_format),
      advanced_data_type: str(c.advanced_data_type),
      extra: jsonText(c.extra),
      is_active: flag(c.is_active, true),
    });
  }
  for (const m of (config.metrics as Config[] | null | undefined) ?? []) {
    await datasetRepository.insertMetric(db, id, {
      metric_name: str(m.metric_name) as string,
      verbose_name: str(m.verbose_name),
      metric_type: str(m.metric_type),
      expression: str(m.expression) as string,
      description: str(m.description),
      d3format: str(m.d3format),
      currency: jsonText(m.currency),
      warning_text: str(m.warning_text),
      extra: jsonText(m.extra),
    });
  }
}

export async function writeCharts(
  db: Db,
  plans: ChartPlan[],
  datasetIds: Map<string, number>,
  actorId: number,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { config, uuid, id: existingId, datasetUuid } of plans) {
    if (existingId !== null) {
      ids.set(uuid, existingId);
      continue;
    }
    const datasetId = datasetIds.get(datasetUuid) as number;
    const given = typeof config.params === 'string' ? parseObject(config.params) : config.params;
    const params = { ...((given ?? {}) as Config), datasource: `${datasetId}__table` };
    const now = nowIso();
    const row = await db
      .insertInto('slices')
      .values({
        uuid,
        slice_name: str(config.slice_name) as string,
        viz_type: str(config.viz_type) as string,
        datasource_id: datasetId,
        datasource_type: 'table',
        datasource_name: null,
        params: JSON.stringify(params),
        query_context: queryContextOn(config.query_context, datasetId),
        description: str(config.description),
        cache_timeout: num(config.cache_timeout),
        certified_by: str(config.certified_by),
        certification_details: str(config.certification_details),
        external_url: null,
        last_saved_at: now,
        last_saved_by_fk: actorId,
        created_by_fk: actorId,
        changed_by_fk: actorId,
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('slice_user').values({ slice_id: row.id, user_id: actorId }).execute();
    ids.set(uuid, row.id);
  }
  return ids;
}

/** The saved query context pointed at the imported dataset, as Superset rewrites it. */
function queryContextOn(value: unknown, datasetId: number): string | null {
  const context = typeof value === 'string' ? parseObject(value) : (value as Config | null);
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

function parseObject(text: string): Config | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : null;
  } catch {
    return null;
  }
}
