import {
  CHART_DATASOURCE_NOT_FOUND_MESSAGE,
  CHART_FORBIDDEN_MESSAGE,
  CHART_OWNERS_INVALID_MESSAGE,
} from '@tessera/shared/api/charts';
import { forbidden } from '@tessera/shared/errors';
import { isAdmin } from '@tessera/shared/permissions';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context.ts';
import { canAccessDataset } from '../datasets/access.ts';
import { type LoadedDataset, loadDataset } from '../datasets/model.ts';
import { invalid } from '../datasets/source.ts';
import { changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import { type Actor, requirePermission, rolesOf } from '../security/actor.ts';
import { isTableDatasource } from './model.ts';
import { chartRepository, type SliceRow, type SliceWrite } from './repository.ts';

/**
 * The one write path for charts. The API (`service.ts`), the example loader and the bundle
 * importer all save through here, so the rules are stated once: ('can_write', 'Chart'), the
 * dataset must exist and be readable by the actor, owners must be users, only owners (or admins,
 * or the system) change an existing chart, and the audit columns come from the actor.
 */

const VIEW = 'Chart';

/** What a chart write needs of the context: the metadata store only (the CLI's loader has no more). */
export type ChartWriteContext = Pick<AppContext, 'store'>;
type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

/** A chart as the loader and the importer describe it. */
export interface ChartInput {
  /** The chart's identity across instances (bundles, example keys); random when omitted. */
  uuid?: string;
  slice_name: string;
  viz_type: string;
  /** The dataset the chart reads; the actor must be able to read it. */
  datasource_id: number;
  /** The form data, as an object or JSON text; stored as given (no rewriting of `datasource`). */
  params?: Record<string, unknown> | string | null;
  /** The query context the chart's type builds, as an object or JSON text. */
  query_context?: Record<string, unknown> | string | null;
  description?: string | null;
  cache_timeout?: number | null;
  certified_by?: string | null;
  certification_details?: string | null;
  external_url?: string | null;
  is_managed_externally?: boolean;
  /**
   * Owner user ids. Omitted: the actor's user (nobody for the system). A user who is not an
   * admin always stays among the owners, as in the API.
   */
  owners?: number[];
}

export interface SaveChartOptions {
  /**
   * When a chart with `input.uuid` exists: false (the default) leaves it exactly as it is and
   * answers it; true replaces its fields and owners, which needs the right to edit it.
   */
  overwrite?: boolean;
  /** The caller's transaction (an import writes everything in one); else one of its own. */
  trx?: Transaction<MetadataTables>;
}

export interface SavedChart {
  id: number;
  uuid: string;
  slice_name: string;
  viz_type: string;
  /** What happened: a new chart, an existing one replaced, or an existing one left alone. */
  outcome: 'created' | 'overwritten' | 'kept';
}

/**
 * Creates the chart `input` describes, or (by uuid) reuses or overwrites an existing one, as the
 * actor: the system actor for the example loader, the importing user for a bundle import.
 * Refuses with 403 (no write permission, not an owner of the chart to overwrite) or 422 (dataset
 * missing or unreadable, unknown owners).
 */
export async function saveChart(
  ctx: ChartWriteContext,
  actor: Actor,
  input: ChartInput,
  options: SaveChartOptions = {},
): Promise<SavedChart> {
  const run = <T>(work: (trx: Transaction<MetadataTables>) => Promise<T>) =>
    options.trx ? work(options.trx) : ctx.store.db.transaction().execute(work);
  return run(async (trx) => {
    const existing = input.uuid ? await chartRepository.getByUuid(trx, input.uuid) : undefined;
    if (existing && !options.overwrite) return savedOf(existing, 'kept');
    requirePermission(actor, 'can_write', VIEW);
    if (existing) await assertChartOwner(trx, actor, existing.id);
    const dataset = await usableDataset(ctx, actor, trx, 'table', input.datasource_id);
    const owners = ownersFor(actor, input.owners ?? defaultOwners(actor));
    await checkOwners(trx, owners);
    const write = chartWrite(input, dataset);
    if (existing) {
      await chartRepository.update(trx, existing.id, write, changedStamp(actor));
      await chartRepository.setOwners(trx, existing.id, owners);
      return { ...savedOf(existing, 'overwritten'), ...names(write) };
    }
    const id = await insertChart(trx, actor, write, owners, input.uuid);
    const row = await chartRepository.get(trx, id);
    return savedOf(row as SliceRow, 'created');
  });
}

const savedOf = (row: SliceRow, outcome: SavedChart['outcome']): SavedChart => ({
  id: row.id,
  uuid: row.uuid,
  slice_name: row.slice_name,
  viz_type: row.viz_type,
  outcome,
});

const names = (write: SliceWrite) => ({ slice_name: write.slice_name, viz_type: write.viz_type });

const jsonText = (value: Record<string, unknown> | string | null | undefined) =>
  value === undefined || value === null || typeof value === 'string'
    ? (value ?? null)
    : JSON.stringify(value);

function chartWrite(input: ChartInput, dataset: LoadedDataset): SliceWrite {
  return {
    slice_name: input.slice_name,
    viz_type: input.viz_type,
    params: jsonText(input.params),
    query_context: jsonText(input.query_context),
    description: input.description ?? null,
    cache_timeout: input.cache_timeout ?? null,
    datasource_id: dataset.row.id,
    datasource_type: 'table',
    datasource_name: dataset.row.table_name,
    certified_by: input.certified_by ?? null,
    certification_details: input.certified_by ? (input.certification_details ?? null) : null,
    is_managed_externally: input.is_managed_externally ? 1 : 0,
    external_url: input.external_url ?? null,
  };
}

/** Inserts a chart with its owners, stamped by the actor. Checks are the caller's. */
export async function insertChart(
  trx: Transaction<MetadataTables>,
  actor: Actor,
  write: SliceWrite,
  owners: number[],
  uuid?: string,
): Promise<number> {
  const id = await chartRepository.insert(trx, write, createdStamp(actor), uuid);
  await chartRepository.setOwners(trx, id, owners);
  return id;
}

/** The owners a save ends with: a user who is not an admin stays one of them. */
export function ownersFor(actor: Actor, wanted: number[]): number[] {
  const userId = actor.user?.id;
  const keepSelf = typeof userId === 'number' && !isAdmin(rolesOf(actor));
  return [...new Set(keepSelf ? [...wanted, userId] : wanted)];
}

const defaultOwners = (actor: Actor) => (actor.user ? [actor.user.id] : []);

/**
 * The dataset a chart is saved on: it must exist and the actor must be able to read it. `db`
 * is the transaction of the write, so a dataset created earlier in it (an import) is seen.
 */
export async function usableDataset(
  ctx: ChartWriteContext,
  actor: Actor,
  db: Db,
  type: string,
  id: number,
): Promise<LoadedDataset> {
  if (!isTableDatasource(type)) {
    throw invalid('datasource_type', `Charts can only be saved on datasets, not on ${type}`);
  }
  const dataset = await loadDataset({ ...ctx.store, db }, id);
  if (!dataset || !canAccessDataset(rolesOf(actor), dataset, actor.user?.id)) {
    throw invalid('datasource_id', CHART_DATASOURCE_NOT_FOUND_MESSAGE);
  }
  return dataset;
}

export async function checkOwners(db: Db, ids: number[]): Promise<void> {
  const users = await chartRepository.users(db, ids);
  if (ids.some((id) => !users.has(id))) throw invalid('owners', CHART_OWNERS_INVALID_MESSAGE);
}

/** 403 unless the actor may change the chart: an owner, an admin or the system. */
async function assertChartOwner(db: Db, actor: Actor, id: number): Promise<void> {
  if (isAdmin(rolesOf(actor))) return;
  const userId = actor.user?.id;
  const owners = (await chartRepository.owners(db, [id])).get(id) ?? [];
  if (typeof userId !== 'number' || !owners.includes(userId)) {
    throw forbidden(CHART_FORBIDDEN_MESSAGE);
  }
}
