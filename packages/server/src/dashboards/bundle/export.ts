import { migrateJsonMetadata } from '@tessera/shared/dashboard/metadata';
import { filterDatasetIds, withDatasetUuids } from '@tessera/shared/dashboard/nativeFilters';
import { migratePositionJson, toPositionJson } from '@tessera/shared/dashboard/position';
import JSZip from 'jszip';
import YAML from 'yaml';
import type { AppContext } from '../../context.ts';
import { parseExtra } from '../../databases/connections.ts';
import { databaseRepository } from '../../databases/repository.ts';
import { maskedUri } from '../../databases/uri.ts';
import { datasetRepository } from '../../datasets/repository.ts';
import type { Actor } from '../../security/actor.ts';
import { readableDashboard } from '../access.ts';
import { dashboardRepository, type SliceRow } from '../repository.ts';

/**
 * `GET /api/v1/dashboard/export/`: a ZIP in Superset's v1 bundle layout, every object named by
 * uuid and every password masked, so Superset (and this product) can import it.
 */

export const BUNDLE_VERSION = '1.0.0';

// C0/C1 controls other than tab, LF and CR, which Superset strips from titles first.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
const CONTROL_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;

/** Werkzeug's `secure_filename`, which Superset names export files with. */
export function safeName(name: string): string {
  const ascii = name
    .replace(CONTROL_CHARS, '')
    .normalize('NFKD')
    .replace(/[^\t\n\r -~]/g, '');
  return ascii
    .replace(/[/\\]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join('_')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/^[._]+|[._]+$/g, '');
}

const MAX_FILE_NAME = 200;

/**
 * Superset's `get_filename`: the safe name and `_{id}`, so objects sharing a name (two datasets
 * `v` in different schemas) still get a file each; the bare id when nothing of the name is left.
 */
export function fileName(name: string, id: number, withId = true): string {
  const slug = safeName(name);
  if (!slug) return String(id);
  const suffix = withId ? `_${id}` : '';
  const kept = slug.slice(0, MAX_FILE_NAME - suffix.length).replace(/_+$/, '');
  return kept ? `${kept}${suffix}` : String(id);
}

function jsonOrNull(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const bool = (n: number | null | undefined) => n === 1;

export async function exportDashboards(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
): Promise<{ filename: string; zip: Buffer }> {
  const records = [];
  for (const id of [...new Set(ids)]) records.push(await readableDashboard(ctx, actor, id));
  const db = ctx.store.db;
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const root = `dashboard_export_${stamp}`;
  const zip = new JSZip();
  const put = (path: string, value: unknown) =>
    zip.file(`${root}/${path}`, YAML.stringify(value, { lineWidth: 0 }));
  put('metadata.yaml', {
    version: BUNDLE_VERSION,
    type: 'Dashboard',
    timestamp: new Date().toISOString(),
  });

  const sliceIds = [...new Set(records.flatMap((r) => r.sliceIds))];
  const slices = await dashboardRepository.slices(db, sliceIds);
  const sliceById = new Map(slices.map((s) => [s.id, s]));
  // The datasets of the charts and of the native filters travel with the dashboards.
  const filterDatasets = new Set(
    records.flatMap((r) =>
      filterDatasetIds(migrateJsonMetadata(r.row.json_metadata).native_filter_configuration),
    ),
  );
  const datasets = (await datasetRepository.list(db)).filter(
    (d) =>
      filterDatasets.has(d.id) ||
      slices.some((s) => s.datasource_id === d.id && s.datasource_type !== 'query'),
  );
  const datasetById = new Map(datasets.map((d) => [d.id, d]));
  const databases = (await databaseRepository.list(db)).filter((d) =>
    datasets.some((ds) => ds.database_id === d.id),
  );
  const databaseById = new Map(databases.map((d) => [d.id, d]));
  // Superset names database files without their id; two names with one safe form would then
  // share a file, so the later one takes its id as well.
  const databaseFiles = new Map<number, string>();
  const taken = new Set<string>();
  for (const database of databases) {
    let name = fileName(database.database_name, database.id, false);
    if (taken.has(name)) name = fileName(database.database_name, database.id);
    taken.add(name);
    databaseFiles.set(database.id, name);
  }

  for (const record of records) {
    const { row } = record;
    const dashSlices = record.sliceIds
      .map((id) => sliceById.get(id))
      .filter((s): s is SliceRow => Boolean(s));
    const layout = migratePositionJson(row.position_json, dashSlices);
    // Charts are referred to by uuid beside their id, which import uses to remap ids.
    for (const item of Object.values(layout)) {
      const slice = item.meta.chartId ? sliceById.get(item.meta.chartId) : undefined;
      if (slice) item.meta.uuid = slice.uuid;
    }
    const { positions: _p, ...metadata } = migrateJsonMetadata(row.json_metadata);
    if (metadata.native_filter_configuration) {
      metadata.native_filter_configuration = withDatasetUuids(
        metadata.native_filter_configuration,
        (id) => datasetById.get(id)?.uuid,
      );
    }
    put(`dashboards/${fileName(row.dashboard_title, row.id)}.yaml`, {
      dashboard_title: row.dashboard_title,
      description: row.description,
      css: row.css ?? '',
      slug: row.slug,
      certified_by: row.certified_by,
      certification_details: row.certification_details,
      published: bool(row.published),
      uuid: row.uuid,
      position: toPositionJson(layout),
      metadata,
      version: BUNDLE_VERSION,
    });
  }

  for (const slice of slices) {
    const dataset = slice.datasource_id ? datasetById.get(slice.datasource_id) : undefined;
    put(`charts/${fileName(slice.slice_name, slice.id)}.yaml`, {
      slice_name: slice.slice_name,
      description: slice.description,
      certified_by: slice.certified_by,
      certification_details: slice.certification_details,
      viz_type: slice.viz_type,
      params: jsonOrNull(slice.params) ?? {},
      query_context: slice.query_context,
      cache_timeout: slice.cache_timeout,
      uuid: slice.uuid,
      version: BUNDLE_VERSION,
      dataset_uuid: dataset?.uuid ?? null,
    });
  }

  const columns = await datasetRepository.columns(
    db,
    datasets.map((d) => d.id),
  );
  const metrics = await datasetRepository.metrics(
    db,
    datasets.map((d) => d.id),
  );
  for (const dataset of datasets) {
    const database = databaseById.get(dataset.database_id);
    if (!database) continue;
    const folder = databaseFiles.get(database.id) as string;
    put(`datasets/${folder}/${fileName(dataset.table_name, dataset.id)}.yaml`, {
      table_name: dataset.table_name,
      main_dttm_col: dataset.main_dttm_col,
      description: dataset.description,
      default_endpoint: dataset.default_endpoint,
      offset: dataset.offset,
      cache_timeout: dataset.cache_timeout,
      catalog: dataset.catalog,
      schema: dataset.schema,
      sql: dataset.sql,
      params: null,
      template_params: jsonOrNull(dataset.template_params),
      filter_select_enabled: bool(dataset.filter_select_enabled),
      fetch_values_predicate: dataset.fetch_values_predicate,
      extra: jsonOrNull(dataset.extra),
      normalize_columns: bool(dataset.normalize_columns),
      always_filter_main_dttm: bool(dataset.always_filter_main_dttm),
      uuid: dataset.uuid,
      metrics: metrics
        .filter((m) => m.table_id === dataset.id)
        .map((m) => ({
          metric_name: m.metric_name,
          verbose_name: m.verbose_name,
          metric_type: m.metric_type,
          expression: m.expression,
          description: m.description,
          d3format: m.d3format,
          currency: jsonOrNull(m.currency),
          extra: jsonOrNull(m.extra),
          warning_text: m.warning_text,
        })),
      columns: columns
        .filter((c) => c.table_id === dataset.id)
        .map((c) => ({
          column_name: c.column_name,
          verbose_name: c.verbose_name,
          is_dttm: bool(c.is_dttm),
          is_active: bool(c.is_active),
          type: c.type,
          advanced_data_type: c.advanced_data_type,
          groupby: bool(c.groupby),
          filterable: bool(c.filterable),
          expression: c.expression,
          description: c.description,
          python_date_format: c.python_date_format,
          extra: jsonOrNull(c.extra),
        })),
      version: BUNDLE_VERSION,
      database_uuid: database.uuid,
    });
  }

  for (const database of databases) {
    put(`databases/${databaseFiles.get(database.id)}.yaml`, {
      database_name: database.database_name,
      sqlalchemy_uri: maskedUri(database.sqlalchemy_uri, database.password !== null),
      cache_timeout: database.cache_timeout,
      expose_in_sqllab: bool(database.expose_in_sqllab),
      allow_run_async: bool(database.allow_run_async),
      allow_ctas: bool(database.allow_ctas),
      allow_cvas: bool(database.allow_cvas),
      allow_dml: bool(database.allow_dml),
      allow_file_upload: bool(database.allow_file_upload),
      extra: parseExtra(database.extra),
      uuid: database.uuid,
      version: BUNDLE_VERSION,
    });
  }
  return {
    filename: `${root}.zip`,
    zip: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
  };
}
