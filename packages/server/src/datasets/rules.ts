import {
  DATABASE_NOT_FOUND_MESSAGE,
  OWNERS_INVALID_MESSAGE,
  tableNotFoundMessage,
} from '@tessera/shared/api/datasets';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context.ts';
import { canSeeDatabase, principalOf } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import { type DatabaseRow, databaseRepository } from '../databases/repository.ts';
import type { EngineConnection } from '../engines/types.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import { type Actor, actsAsAdmin } from '../security/actor.ts';
import { type DatasetRow, datasetRepository } from './repository.ts';
import {
  type DatasetSource,
  invalid,
  readPhysicalColumns,
  readVirtualColumns,
  type SourceColumn,
} from './source.ts';
import type { TemplateContext } from './template.ts';

/**
 * The rules every dataset write shares, whoever writes (the API, the example loader, the bundle
 * importer): twins, owners, the database the actor may use, and the columns the engine reports.
 */

export type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

export interface DatasetSpot {
  table_name: string;
  schema: string | null;
  catalog: string | null;
}

export const sameSpot = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '') === (b ?? '');

/** The template context used when introspecting: the dataset's params and the caller. */
export function introspectionContext(
  actor: Actor | null,
  templateParams: Record<string, unknown>,
): TemplateContext {
  const user = actor?.user;
  return {
    params: templateParams,
    user: user
      ? { id: user.id, username: user.username, email: user.email, roles: Object.keys(user.roles) }
      : null,
  };
}

/** Another dataset on the same table (database + schema + catalog + name), NULL-aware. */
export async function findTwin(
  db: Db,
  databaseId: number,
  spot: DatasetSpot,
  exceptId?: number,
): Promise<DatasetRow | undefined> {
  const rows = await datasetRepository.findByName(db, databaseId, spot.table_name);
  return rows.find(
    (r) =>
      r.id !== exceptId && sameSpot(r.schema, spot.schema) && sameSpot(r.catalog, spot.catalog),
  );
}

export async function checkOwners(db: Db, ids: number[]): Promise<void> {
  const users = await datasetRepository.users(db, ids);
  if (ids.some((id) => !users.has(id))) throw invalid('owners', OWNERS_INVALID_MESSAGE);
}

/**
 * Superset's owner list: the caller by default (nobody for the system); a non-admin always stays
 * among the owners, so nobody creates a dataset they cannot change.
 */
export function ownerList(actor: Actor, requested: number[] | undefined): number[] {
  const user = actor.user;
  if (requested === undefined) return user ? [user.id] : [];
  if (user && !actsAsAdmin(actor) && !requested.includes(user.id)) return [...requested, user.id];
  return [...new Set(requested)];
}

/** The database, when the actor may see it; else 422 under `database` (ids are not revealed). */
export async function usableDatabase(db: Db, actor: Actor, id: number): Promise<DatabaseRow> {
  const database = await databaseRepository.get(db, id);
  if (!database || !canSeeDatabase(principalOf(actor), database))
    throw invalid('database', DATABASE_NOT_FOUND_MESSAGE);
  return database;
}

/**
 * Columns of a new or refreshed dataset, read from its engine (through the connection manager
 * unless the caller brings its own connection).
 */
export async function readSourceColumns(
  ctx: Pick<AppContext, 'connections'>,
  actor: Actor | null,
  database: DatabaseRow,
  source: DatasetSource,
  templateParams: Record<string, unknown>,
  connection?: EngineConnection,
): Promise<SourceColumn[]> {
  const spec = lookupSpec(database.engine);
  const engine = connection ?? (await ctx.connections.forRow(database));
  if (source.sql && source.sql.trim() !== '') {
    return readVirtualColumns(
      engine,
      spec.dialect,
      source,
      introspectionContext(actor, templateParams),
    );
  }
  return readPhysicalColumns(engine, source, () =>
    invalid('table_name', tableNotFoundMessage(source.table_name)),
  );
}

/** `template_params` as stored: JSON text (an object is serialised). */
export function templateText(value: string | Record<string, unknown> | null | undefined) {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
