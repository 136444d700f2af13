import { randomUUID } from 'node:crypto';
import { PASSWORD_MASK } from '@tessera/shared/api/databases';
import {
  checkJsonMetadata,
  type JsonMetadata,
  remapMetadataChartIds,
} from '@tessera/shared/dashboard/metadata';
import { EDIT_FORBIDDEN_MESSAGE } from '@tessera/shared/dashboard/permissions';
import {
  chartIdsInLayout,
  checkPositionJson,
  toPositionJson,
} from '@tessera/shared/dashboard/position';
import { dashboardTitleOrUntitled } from '@tessera/shared/dashboard/save';
import { badRequest, forbidden, TesseraError } from '@tessera/shared/errors';
import { hasPermission } from '@tessera/shared/permissions';
import type { FastifyRequest } from 'fastify';
import JSZip from 'jszip';
import YAML from 'yaml';
import type { AppContext } from '../../context.ts';
import { databaseRepository } from '../../databases/repository.ts';
import { CREATE_DEFAULTS, resolveConnection } from '../../databases/write.ts';
import { datasetRepository } from '../../datasets/repository.ts';
import { nowIso } from '../../platform/metadata/store.ts';
import { SecretBox } from '../../platform/secrets.ts';
import { requirePermission, requireUser } from '../../security/currentUser.ts';
import { canEdit, subjectOf, WRITE_DASHBOARD } from '../access.ts';
import { remapLayoutChartIds } from '../copy.ts';
import { type Db, dashboardRepository } from '../repository.ts';

/**
 * `POST /api/v1/dashboard/import/`: a Superset v1 bundle (ZIP of YAML) creating or updating
 * databases, datasets, charts and dashboards by uuid, all in one transaction. As in Superset,
 * existing databases, datasets and charts are reused; dashboards are replaced only with
 * `overwrite`, else the import is refused.
 */

type Config = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const flag = (v: unknown, fallback = false) => ((typeof v === 'boolean' ? v : fallback) ? 1 : 0);
const jsonText = (v: unknown) =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);

function importError(extra: Record<string, unknown>): TesseraError {
  return new TesseraError(422, 'Error importing dashboard', {
    errorType: 'GENERIC_COMMAND_ERROR',
    level: 'warning',
    extra,
  });
}

/** The YAML files of a bundle by their path below the bundle's root folder. */
export async function readBundle(zipBytes: Buffer): Promise<Map<string, Config>> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(zipBytes);
  } catch {
    throw badRequest('Not a valid ZIP file');
  }
  const files = new Map<string, Config>();
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !/\.ya?ml$/.test(entry.name)) continue;
    const relative = entry.name.split('/').slice(1).join('/');
    if (!relative) continue;
    try {
      const value = YAML.parse(await entry.async('string')) as unknown;
      if (value && typeof value === 'object') files.set(relative, value as Config);
    } catch {
      throw importError({ [relative]: 'Not a valid YAML file' });
    }
  }
  const metadata = files.get('metadata.yaml');
  if (!metadata) throw importError({ 'metadata.yaml': 'Missing metadata.yaml' });
  if (metadata.type !== 'Dashboard') {
    throw importError({ 'metadata.yaml': { type: ['Must be equal to Dashboard.'] } });
  }
  return files;
}

const under = (files: Map<string, Config>, prefix: string) =>
  [...files.entries()].filter(([path]) => path.startsWith(prefix));

export async function importDashboards(
  ctx: AppContext,
  request: FastifyRequest,
  zipBytes: Buffer,
  options: { overwrite: boolean; passwords: Record<string, string> },
): Promise<{ message: string }> {
  requirePermission(request, ...WRITE_DASHBOARD);
  const user = requireUser(request);
  const files = await readBundle(zipBytes);
  const dashboards = under(files, 'dashboards/');
  const problems: Record<string, unknown> = {};
  for (const [path, config] of dashboards) {
    const uuid = str(config.uuid);
    const existing = uuid ? await dashboardRepository.getByUuid(ctx.store.db, uuid) : undefined;
    if (!uuid) problems[path] = { uuid: ['Missing data for required field.'] };
    else if (existing && !options.overwrite) {
      problems[path] = 'Dashboard already exists and `overwrite=true` was not passed';
    } else if (existing) {
      // Overwriting is editing: the caller needs the spec's edit permission on that dashboard.
      const [record] = await dashboardRepository.records(ctx.store.db, [existing.id]);
      if (!record || !canEdit(ctx, request, record)) throw forbidden(EDIT_FORBIDDEN_MESSAGE);
    }
    const metadata = checkJsonMetadata(config.metadata ?? {});
    if (!metadata.ok) problems[path] = { metadata: metadata.errors };
    const position = config.position ? checkPositionJson(config.position) : null;
    if (position && !position.ok) problems[path] = { position: position.errors };
  }
  if (Object.keys(problems).length) throw importError(problems);

  await ctx.store.db.transaction().execute(async (trx) => {
    const databaseIds = await importDatabases(ctx, request, trx, files, options.passwords);
    const datasets = await importDatasets(trx, files, databaseIds, user.id);
    const charts = await importCharts(trx, files, datasets.byUuid, user.id);
    for (const [, config] of dashboards) {
      await importDashboard(trx, config, charts, datasets.byUuid, user.id, options.overwrite);
    }
  });
  return { message: 'OK' };
}

async function importDatabases(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  files: Map<string, Config>,
  passwords: Record<string, string>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const secrets = new SecretBox(ctx.config.secretKey);
  for (const [path, config] of under(files, 'databases/')) {
    const uuid = str(config.uuid);
    const name = str(config.database_name);
    const uri = str(config.sqlalchemy_uri);
    if (!uuid || !name || !uri) throw importError({ [path]: 'Missing database_name, uuid or URI' });
    const existing = (await databaseRepository.list(db)).find(
      (d) => d.uuid === uuid || d.database_name === name,
    );
    if (existing) {
      ids.set(uuid, existing.id);
      continue;
    }
    if (!hasPermission(subjectOf(request), 'can_write', 'Database')) {
      throw forbidden(`Importing ${path} creates a database, which needs can_write on Database`);
    }
    const password = passwords[`databases/${path.slice('databases/'.length)}`] ?? passwords[path];
    const withPassword = password ? uri.replace(PASSWORD_MASK, encodeURIComponent(password)) : uri;
    let connection: ReturnType<typeof resolveConnection>;
    try {
      connection = resolveConnection({ sqlalchemy_uri: withPassword }, null);
    } catch (error) {
      const fields = (error as TesseraError).fields;
      throw importError({
        [path]: fields ? { _schema: Object.values(fields).flat() } : 'Invalid URI',
      });
    }
    if (!connection) throw importError({ [path]: 'Invalid URI' });
    const id = await databaseRepository.insert(
      db,
      {
        ...CREATE_DEFAULTS,
        database_name: name,
        engine: connection.spec.engine,
        sqlalchemy_uri: connection.uri,
        password: connection.password === null ? null : secrets.encrypt(connection.password),
        configuration_method: 'sqlalchemy_form',
        expose_in_sqllab: flag(config.expose_in_sqllab, true) === 1,
        allow_run_async: flag(config.allow_run_async) === 1,
        allow_ctas: flag(config.allow_ctas) === 1,
        allow_cvas: flag(config.allow_cvas) === 1,
        allow_dml: flag(config.allow_dml) === 1,
        allow_file_upload: flag(config.allow_file_upload) === 1,
        cache_timeout: num(config.cache_timeout),
        extra: jsonText(config.extra) ?? '{}',
        encrypted_extra: null,
      },
      request.user?.id ?? null,
    );
    // The bundle's uuid is the database's identity across instances.
    await db.updateTable('dbs').set({ uuid }).where('id', '=', id).execute();
    ids.set(uuid, id);
  }
  return ids;
}

async function importDatasets(
  db: Db,
  files: Map<string, Config>,
  databaseIds: Map<string, number>,
  actorId: number,
): Promise<{ byUuid: Map<string, number> }> {
  const byUuid = new Map<string, number>();
  for (const [path, config] of under(files, 'datasets/')) {
    const uuid = str(config.uuid);
    const tableName = str(config.table_name);
    const databaseUuid = str(config.database_uuid);
    if (!uuid || !tableName || !databaseUuid)
      throw importError({ [path]: 'Missing table_name or uuid' });
    const existing = await datasetRepository.getByUuid(db, uuid);
    if (existing) {
      byUuid.set(uuid, existing.id);
      continue;
    }
    const databaseId =
      databaseIds.get(databaseUuid) ??
      (await databaseRepository.list(db)).find((d) => d.uuid === databaseUuid)?.id;
    if (databaseId === undefined)
      throw importError({ [path]: 'Its database is not in the bundle' });
    const id = await datasetRepository.insert(
      db,
      {
        uuid,
        database_id: databaseId,
        table_name: tableName,
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
    for (const c of (config.columns as Config[] | undefined) ?? []) {
      const name = str(c.column_name);
      if (!name) continue;
      await datasetRepository.insertColumn(db, id, {
        column_name: name,
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
    for (const m of (config.metrics as Config[] | undefined) ?? []) {
      const name = str(m.metric_name);
      const expression = str(m.expression);
      if (!name || !expression) continue;
      await datasetRepository.insertMetric(db, id, {
        metric_name: name,
        verbose_name: str(m.verbose_name),
        metric_type: str(m.metric_type),
        expression,
        description: str(m.description),
        d3format: str(m.d3format),
        currency: jsonText(m.currency),
        warning_text: str(m.warning_text),
        extra: jsonText(m.extra),
      });
    }
    byUuid.set(uuid, id);
  }
  return { byUuid };
}

async function importCharts(
  db: Db,
  files: Map<string, Config>,
  datasets: Map<string, number>,
  actorId: number,
): Promise<Map<string, number>> {
  const byUuid = new Map<string, number>();
  for (const [path, config] of under(files, 'charts/')) {
    const uuid = str(config.uuid);
    const name = str(config.slice_name);
    if (!uuid || !name) throw importError({ [path]: 'Missing slice_name or uuid' });
    const existing = await dashboardRepository.slicesByUuid(db, [uuid]);
    if (existing[0]) {
      byUuid.set(uuid, existing[0].id);
      continue;
    }
    const datasetUuid = str(config.dataset_uuid);
    const datasetId = datasetUuid ? (datasets.get(datasetUuid) ?? null) : null;
    const params = (
      config.params && typeof config.params === 'object' ? config.params : {}
    ) as Config;
    if (datasetId !== null) params.datasource = `${datasetId}__table`;
    const now = nowIso();
    const row = await db
      .insertInto('slices')
      .values({
        uuid,
        slice_name: name,
        viz_type: str(config.viz_type) ?? 'table',
        datasource_id: datasetId,
        datasource_type: datasetId !== null ? 'table' : null,
        datasource_name: null,
        params: JSON.stringify(params),
        query_context: jsonText(config.query_context),
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
    byUuid.set(uuid, row.id);
  }
  return byUuid;
}

/** Native filters name their dataset by uuid in a bundle; here by id. */
function remapNativeFilterDatasets(metadata: JsonMetadata, datasets: Map<string, number>) {
  for (const filter of metadata.native_filter_configuration ?? []) {
    const targets = (filter as { targets?: Array<Record<string, unknown>> }).targets ?? [];
    for (const target of targets) {
      const uuid = str(target.datasetUuid);
      if (uuid && datasets.has(uuid)) {
        target.datasetId = datasets.get(uuid);
        delete target.datasetUuid;
      }
    }
  }
}

async function importDashboard(
  db: Db,
  config: Config,
  charts: Map<string, number>,
  datasets: Map<string, number>,
  actorId: number,
  overwrite: boolean,
): Promise<void> {
  const uuid = str(config.uuid) as string;
  const check = config.position ? checkPositionJson(config.position) : null;
  let layout = check?.ok ? check.layout : {};
  // Old chart ids (the exporting instance's) map to new ones through each chart's uuid.
  const idMap = new Map<number, number>();
  for (const item of Object.values(layout)) {
    const uuidOfChart = str(item.meta.uuid);
    const newId = uuidOfChart ? charts.get(uuidOfChart) : undefined;
    if (newId !== undefined && typeof item.meta.chartId === 'number') {
      idMap.set(item.meta.chartId, newId);
    }
  }
  layout = remapLayoutChartIds(layout, idMap);
  const parsed = checkJsonMetadata(config.metadata ?? {});
  let metadata = parsed.ok ? parsed.value : {};
  metadata = remapMetadataChartIds(metadata, idMap);
  remapNativeFilterDatasets(metadata, datasets);
  const { positions: _p, ...stored } = metadata as JsonMetadata & { positions?: unknown };
  const write = {
    dashboard_title: dashboardTitleOrUntitled(str(config.dashboard_title)),
    description: str(config.description),
    css: str(config.css),
    slug: str(config.slug),
    certified_by: str(config.certified_by),
    certification_details: str(config.certified_by) ? str(config.certification_details) : null,
    published: flag(config.published),
    position_json: Object.keys(layout).length ? JSON.stringify(toPositionJson(layout)) : null,
    json_metadata: JSON.stringify(stored),
  };
  const sliceIds = [...new Set([...chartIdsInLayout(layout), ...idMap.values()])].filter((id) =>
    [...charts.values()].includes(id),
  );
  const existing = await dashboardRepository.getByUuid(db, uuid);
  if (write.slug && (await dashboardRepository.slugTaken(db, write.slug, existing?.id))) {
    // A slug taken by another dashboard is dropped rather than failing the whole import.
    write.slug = null;
  }
  let id: number;
  if (existing && overwrite) {
    id = existing.id;
    await dashboardRepository.update(db, id, write, actorId);
  } else {
    id = await dashboardRepository.insert(db, write, actorId, uuid ?? randomUUID());
    await dashboardRepository.setOwners(db, id, [actorId]);
  }
  await dashboardRepository.setSlices(db, id, sliceIds);
}
