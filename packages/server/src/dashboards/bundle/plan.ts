import { PASSWORD_MASK } from '@tessera/shared/api/databases';
import { checkJsonMetadata, type JsonMetadata } from '@tessera/shared/dashboard/metadata';
import { filterTargets } from '@tessera/shared/dashboard/nativeFilters';
import { EDIT_FORBIDDEN_MESSAGE } from '@tessera/shared/dashboard/permissions';
import { checkPositionJson, type DashboardLayout } from '@tessera/shared/dashboard/position';
import { forbidden, type TesseraError } from '@tessera/shared/errors';
import { hasPermission } from '@tessera/shared/permissions';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../databases/access.ts';
import { lookupSpec } from '../../databases/connections.ts';
import { databaseRepository } from '../../databases/repository.ts';
import { type ResolvedConnection, resolveConnection } from '../../databases/write.ts';
import { canAccessDataset } from '../../datasets/access.ts';
import { datasetRepository } from '../../datasets/repository.ts';
import type { Dialect } from '../../engines/types.ts';
import type { Actor } from '../../security/actor.ts';
import { canEdit, subjectOf } from '../access.ts';
import { type Db, dashboardRepository } from '../repository.ts';
import { deniedData } from './dataAccess.ts';
import {
  ALREADY_EXISTS_MESSAGE,
  type Config,
  importError,
  PASSWORD_NEEDED_MESSAGE,
  type Problems,
  str,
  under,
  uuidOf,
} from './files.ts';
import { checkFile, SHAPES } from './schema.ts';

/**
 * Everything an import will do, decided before anything is written: each file is checked, every
 * object is matched by uuid (reused) or marked for creation, and every creation is checked
 * against the caller's permissions. As Superset's ImportDashboardsCommand, only what the
 * dashboards need is imported: their charts' and native filters' datasets and those datasets'
 * databases; then every dataset of an imported database and every chart of an imported dataset.
 * A chart whose dataset is not imported is skipped, as Superset skips it.
 */

interface Planned {
  path: string;
  config: Config;
  uuid: string;
  /** The existing object reused, or null to create one. */
  id: number | null;
}
export interface DatabasePlan extends Planned {
  connection: ResolvedConnection | null;
}
export type DatasetPlan = Planned & { databaseUuid: string };
export type ChartPlan = Planned & { datasetUuid: string };
export interface DashboardPlan extends Planned {
  layout: DashboardLayout;
  metadata: JsonMetadata;
}
export interface ImportPlan {
  databases: DatabasePlan[];
  datasets: DatasetPlan[];
  charts: ChartPlan[];
  dashboards: DashboardPlan[];
}

interface Target {
  id: number;
  database_name: string;
  dialect: Dialect;
}

const uuidMust = (config: Config, field = 'uuid') => uuidOf(config[field]) as string;

export async function planImport(
  ctx: AppContext,
  actor: Actor,
  db: Db,
  files: Map<string, Config>,
  options: { overwrite: boolean; passwords: Record<string, string> },
): Promise<ImportPlan> {
  const problems: Problems = {};
  for (const [path, config] of files) {
    const found = checkFile(path, config);
    if (found) problems[path] = found;
  }
  findDuplicates(files, problems);
  const dashboards = await planDashboards(db, files, options.overwrite, problems);
  if (Object.keys(problems).length) throw importError(problems);

  const needed = neededUuids(files, dashboards);
  const targets = new Map<string, Target>();
  const databases = await planDatabases(db, actor, files, needed, options, targets, problems);
  const datasets = await planDatasets(db, actor, files, targets);
  const charts = await planCharts(db, actor, files, new Set(datasets.map((d) => d.uuid)));
  for (const dashboard of dashboards) {
    if (dashboard.id === null) continue;
    // Overwriting is editing: the caller needs the spec's edit permission on that dashboard.
    const [record] = await dashboardRepository.records(db, [dashboard.id]);
    if (!record || !canEdit(ctx, actor, record)) throw forbidden(EDIT_FORBIDDEN_MESSAGE);
  }
  if (Object.keys(problems).length) throw importError(problems);
  return { databases, datasets, charts, dashboards };
}

/** A uuid may appear once per kind: a second file would silently win or clash on insert. */
function findDuplicates(files: Map<string, Config>, problems: Problems): void {
  for (const prefix of Object.keys(SHAPES)) {
    const seen = new Map<string, string>();
    for (const [path, config] of under(files, prefix)) {
      const uuid = uuidOf(config.uuid);
      if (!uuid || problems[path]) continue;
      const first = seen.get(uuid);
      if (first === undefined) seen.set(uuid, path);
      else {
        problems[path] = {
          uuid: [`${first} has the same uuid; each object may appear once in a bundle.`],
        };
      }
    }
  }
}

async function planDashboards(
  db: Db,
  files: Map<string, Config>,
  overwrite: boolean,
  problems: Problems,
): Promise<DashboardPlan[]> {
  const entries = under(files, 'dashboards/');
  if (entries.length === 0) {
    problems['dashboards/'] = [
      'The bundle holds no dashboard: a dashboard export has at least one file under dashboards/.',
    ];
  }
  const plans: DashboardPlan[] = [];
  for (const [path, config] of entries) {
    if (problems[path]) continue;
    const position = checkPositionJson(config.position);
    const metadata = checkJsonMetadata(config.metadata);
    if (!position.ok || !metadata.ok) {
      problems[path] = {
        ...(position.ok ? {} : { position: position.errors }),
        ...(metadata.ok ? {} : { metadata: metadata.errors }),
      };
      continue;
    }
    const uuid = uuidMust(config);
    const existing = await dashboardRepository.getByUuid(db, uuid);
    if (existing && !overwrite) {
      problems[path] = ALREADY_EXISTS_MESSAGE;
      continue;
    }
    plans.push({
      path,
      config,
      uuid,
      id: existing?.id ?? null,
      layout: position.layout,
      metadata: metadata.value,
    });
  }
  return plans;
}

/** The database uuids the dashboards need, through their charts and native filters. */
function neededUuids(files: Map<string, Config>, dashboards: DashboardPlan[]): Set<string> {
  const charts = new Set<string>();
  const datasets = new Set<string>();
  for (const { layout, metadata } of dashboards) {
    for (const item of Object.values(layout)) {
      const uuid = item.type === 'CHART' ? uuidOf(item.meta.uuid) : null;
      if (uuid) charts.add(uuid);
    }
    for (const target of filterTargets(metadata.native_filter_configuration)) {
      const uuid = uuidOf(target.datasetUuid);
      if (uuid) datasets.add(uuid);
    }
  }
  for (const [, config] of under(files, 'charts/')) {
    if (charts.has(uuidMust(config))) datasets.add(uuidMust(config, 'dataset_uuid'));
  }
  const databases = new Set<string>();
  for (const [, config] of under(files, 'datasets/')) {
    if (datasets.has(uuidMust(config))) databases.add(uuidMust(config, 'database_uuid'));
  }
  return databases;
}

async function planDatabases(
  db: Db,
  actor: Actor,
  files: Map<string, Config>,
  needed: Set<string>,
  options: { passwords: Record<string, string> },
  targets: Map<string, Target>,
  problems: Problems,
): Promise<DatabasePlan[]> {
  const stored = await databaseRepository.list(db);
  const plans: DatabasePlan[] = [];
  const newNames = new Set<string>();
  for (const [path, config] of under(files, 'databases/')) {
    const uuid = uuidMust(config);
    if (!needed.has(uuid)) continue;
    // A database is the same one when its uuid matches or, failing that, its name (the name is
    // unique here): a Superset export on its `examples` database lands on ours. Either way the
    // stored connection is kept as it stands, never the bundle's URI, so an import cannot point
    // a connection elsewhere, and new datasets on it are checked against the importer's access.
    const name = str(config.database_name) as string;
    const existing =
      stored.find((d) => d.uuid.toLowerCase() === uuid) ??
      stored.find((d) => d.database_name === name);
    if (existing) {
      const dialect = lookupSpec(existing.engine).dialect;
      targets.set(uuid, { id: existing.id, database_name: existing.database_name, dialect });
      plans.push({ path, config, uuid, id: existing.id, connection: null });
      continue;
    }
    if (!hasPermission(subjectOf(actor), 'can_write', 'Database')) {
      throw forbidden(
        "Database doesn't exist and user doesn't have permission to create databases",
      );
    }
    if (newNames.has(name)) {
      problems[path] = {
        database_name: [`Two databases in the bundle are named "${name}".`],
      };
      continue;
    }
    newNames.add(name);
    const connection = connectionOf(path, config, options.passwords, problems);
    if (!connection) continue;
    targets.set(uuid, { id: -1, database_name: name, dialect: connection.spec.dialect });
    plans.push({ path, config, uuid, id: null, connection });
  }
  return plans;
}

function connectionOf(
  path: string,
  config: Config,
  passwords: Record<string, string>,
  problems: Problems,
): ResolvedConnection | null {
  const uri = str(config.sqlalchemy_uri) as string;
  const password = passwords[path];
  const withPassword = password ? uri.replace(PASSWORD_MASK, encodeURIComponent(password)) : uri;
  try {
    const connection = resolveConnection({ sqlalchemy_uri: withPassword }, null);
    if (connection) return connection;
    problems[path] = { sqlalchemy_uri: ['Not a valid database URI.'] };
  } catch (error) {
    const fields = (error as TesseraError).fields;
    // Superset's schema names a missing password under `_schema`: its import dialog (and ours)
    // reads that to ask for the password of this file.
    problems[path] = Object.values(fields ?? {}).some((messages) =>
      messages.includes(PASSWORD_NEEDED_MESSAGE),
    )
      ? { _schema: [PASSWORD_NEEDED_MESSAGE] }
      : (fields ?? { sqlalchemy_uri: ['Not a valid database URI.'] });
  }
  return null;
}

async function planDatasets(
  db: Db,
  actor: Actor,
  files: Map<string, Config>,
  targets: Map<string, Target>,
): Promise<DatasetPlan[]> {
  const principal = principalOf(actor);
  const plans: DatasetPlan[] = [];
  for (const [path, config] of under(files, 'datasets/')) {
    const databaseUuid = uuidMust(config, 'database_uuid');
    const target = targets.get(databaseUuid);
    if (!target) continue;
    const uuid = uuidMust(config);
    const existing = await datasetRepository.getByUuid(db, uuid);
    if (existing) {
      plans.push({ path, config, uuid, databaseUuid, id: existing.id });
      continue;
    }
    if (!hasPermission(subjectOf(actor), 'can_write', 'Dataset')) {
      throw forbidden("Dataset doesn't exist and user doesn't have permission to create datasets");
    }
    const spot = {
      table_name: str(config.table_name) as string,
      schema: str(config.schema),
      catalog: str(config.catalog),
      sql: str(config.sql),
    };
    const twin =
      target.id > 0
        ? (await datasetRepository.findByName(db, target.id, spot.table_name)).find(
            (d) => (d.schema ?? null) === spot.schema && (d.catalog ?? null) === spot.catalog,
          )
        : undefined;
    if (twin) {
      // Superset resolves a dataset onto the one already on that table; it must be readable.
      const owners = await datasetRepository.owners(db, [twin.id]);
      const subject = { row: twin, database: target, ownerIds: owners.get(twin.id) ?? [] };
      if (!canAccessDataset(principal, subject, actor.user?.id)) {
        throw forbidden(
          `Importing ${path} would reuse the dataset ${twin.table_name}, whose data you have no access to.`,
        );
      }
      plans.push({ path, config, uuid, databaseUuid, id: twin.id });
      continue;
    }
    const denied = deniedData(principal, target, target.dialect, spot);
    if (denied) {
      throw forbidden(
        `Importing ${path} would give you access to ${denied}, which you do not have.`,
      );
    }
    plans.push({ path, config, uuid, databaseUuid, id: null });
  }
  return plans;
}

async function planCharts(
  db: Db,
  actor: Actor,
  files: Map<string, Config>,
  datasets: Set<string>,
): Promise<ChartPlan[]> {
  const entries = under(files, 'charts/').filter(([, c]) =>
    datasets.has(uuidMust(c, 'dataset_uuid')),
  );
  const uuids = entries.map(([, c]) => uuidMust(c));
  const existing = new Map(
    (await dashboardRepository.slicesByUuid(db, uuids)).map((s) => [s.uuid.toLowerCase(), s.id]),
  );
  const plans: ChartPlan[] = [];
  for (const [path, config] of entries) {
    const uuid = uuidMust(config);
    const id = existing.get(uuid) ?? null;
    if (id === null && !hasPermission(subjectOf(actor), 'can_write', 'Chart')) {
      throw forbidden("Chart doesn't exist and user doesn't have permission to create charts");
    }
    plans.push({ path, config, uuid, datasetUuid: uuidMust(config, 'dataset_uuid'), id });
  }
  return plans;
}
