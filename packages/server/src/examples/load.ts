import path from 'node:path';
import type { BaseLogger } from 'pino';
import { databaseRepository } from '../databases/repository.ts';
import { insertDatabase } from '../databases/write.ts';
import type { Config } from '../platform/config.ts';
import type { MetadataStore } from '../platform/metadata/store.ts';
import type { Actor } from '../security/actor.ts';
import { loaderActor } from './actor.ts';
import {
  buildExamplesFile,
  type ExampleTableSummary,
  examplesVersion,
  locateVegaDatasets,
  readManifest,
} from './build.ts';
import { loadExampleCharts } from './charts.ts';
import { loadExampleDashboards } from './dashboards.ts';
import { registerExampleDatasets } from './registerDatasets.ts';

export const EXAMPLES_DATABASE_NAME = 'examples';
export const EXAMPLES_FILE_NAME = 'examples.duckdb';

export interface LoadExamplesContext {
  /** The feature flags are read when given (the server's); the CLI's defaults apply otherwise. */
  config: Pick<Config, 'home'> & Partial<Pick<Config, 'featureFlags'>>;
  store: MetadataStore;
  logger: Pick<BaseLogger, 'info' | 'warn'>;
}

export interface LoadExamplesSummary {
  file: string;
  version: string;
  /** False when the file already held this version and nothing was rebuilt. */
  built: boolean;
  /** Id of the `examples` database row; `registered` says whether this run created it. */
  databaseId: number;
  registered: boolean;
  tables: ExampleTableSummary[];
  /** Keys of the example charts and dashboards this run saved (empty when all were there). */
  charts: string[];
  dashboards: string[];
  seconds: number;
}

export function examplesFile(home: string): string {
  return path.join(path.resolve(home), EXAMPLES_FILE_NAME);
}

/**
 * Makes sure `<home>/examples.duckdb` holds the current example tables and that the metadata
 * store has an `examples` database pointing at it. Idempotent: when the file's manifest already
 * names this version, the data is left alone; an existing `examples` database row (perhaps edited
 * by an admin) is never touched.
 */
export async function loadExamples(ctx: LoadExamplesContext): Promise<LoadExamplesSummary> {
  const started = performance.now();
  const file = examplesFile(ctx.config.home);
  const vega = locateVegaDatasets();
  const version = examplesVersion(vega);

  const manifest = await readManifest(file);
  let tables: ExampleTableSummary[];
  let built = false;
  if (manifest?.version === version) {
    tables = manifest.tables;
  } else {
    ctx.logger.info({ file, version }, 'building the examples database');
    tables = await buildExamplesFile(file, vega);
    built = true;
  }

  // Everything below is written as the system, through the same services as the API.
  const actor = loaderActor(ctx);
  const { id, registered } = await registerExamplesDatabase(ctx, actor, file);
  await registerExampleDatasets(ctx, id, actor);
  const charts = await loadExampleCharts(ctx, id, actor);
  const dashboards = await loadExampleDashboards(ctx, charts, actor);
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  const summary: LoadExamplesSummary = {
    file,
    version,
    built,
    databaseId: id,
    registered,
    tables,
    charts: charts.created,
    dashboards: dashboards.created,
    seconds,
  };
  ctx.logger.info(
    {
      file,
      built,
      registered,
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      seconds,
    },
    built ? 'examples database built' : 'examples database already up to date',
  );
  return summary;
}

async function registerExamplesDatabase(
  ctx: LoadExamplesContext,
  actor: Actor,
  file: string,
): Promise<{ id: number; registered: boolean }> {
  const existing = await databaseRepository.getByName(ctx.store.db, EXAMPLES_DATABASE_NAME);
  if (existing) return { id: existing.id, registered: false };
  try {
    const id = await insertDatabase(
      ctx.store.db,
      // The loader runs as the system, which may register a DuckDB file like any admin.
      { preventUnsafeDbConnections: true },
      actor,
      {
        database_name: EXAMPLES_DATABASE_NAME,
        engine: 'duckdb',
        // SQLAlchemy spelling: three slashes, then the absolute path with its own leading slash.
        sqlalchemy_uri: `duckdb:///${file}`,
        password: null,
        configuration_method: 'sqlalchemy_form',
        expose_in_sqllab: true,
        allow_run_async: false,
        allow_dml: false,
        allow_ctas: false,
        allow_cvas: false,
        allow_file_upload: false,
        force_ctas_schema: null,
        cache_timeout: null,
        extra: '{}',
        encrypted_extra: null,
        is_managed_externally: false,
        external_url: null,
      },
    );
    return { id, registered: true };
  } catch (error) {
    // Another process sharing the store registered it first (database_name is unique).
    const raced = await databaseRepository.getByName(ctx.store.db, EXAMPLES_DATABASE_NAME);
    if (raced) return { id: raced.id, registered: false };
    throw error;
  }
}
