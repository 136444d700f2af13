import { migrateJsonMetadata } from '@tessera/shared/dashboard/metadata';
import {
  applyFiltersChange,
  type FiltersChange,
  filterConfigurationErrors,
} from '@tessera/shared/dashboard/nativeFilters';
import { badRequest, forbidden, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { keyValueRepository, keyValueWrites } from '../platform/kv/repository.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { editableDashboard, readableDashboard } from './access.ts';
import { dashboardRepository } from './repository.ts';

/**
 * A dashboard's native filters: `PUT {id}/filters` lands the config modal's changes (Superset's
 * UpdateDashboardNativeFiltersCommand), and `{id}/filter_state` keeps a filter state under a key
 * (Superset's DashboardFilterStateRestApi) so a reload or a shared link finds it again.
 */

const asItems = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object')
    : [];

/**
 * Applies modified, deleted and reordered filters and answers the stored configuration. Needs
 * the right to edit the dashboard; the resulting configuration is validated field by field and
 * refused whole (nothing stored) when any item is wrong.
 */
export async function updateNativeFilters(
  ctx: AppContext,
  actor: Actor,
  id: number,
  change: FiltersChange,
): Promise<{ result: Record<string, unknown>[] }> {
  const record = await editableDashboard(ctx, actor, id);
  const modified = asItems(change.modified);
  if (modified.length !== change.modified.length) {
    throw badRequest('Invalid input', { fields: { modified: ['Each filter must be an object.'] } });
  }
  const metadata = migrateJsonMetadata(record.row.json_metadata) as Record<string, unknown>;
  const next = applyFiltersChange(asItems(metadata.native_filter_configuration), {
    modified,
    deleted: change.deleted,
    reordered: change.reordered,
  });
  const errors = filterConfigurationErrors(next);
  if (errors.length > 0)
    throw badRequest('Invalid input', { fields: { native_filter_configuration: errors } });
  metadata.native_filter_configuration = next;
  await dashboardRepository.updateJsonMetadata(ctx.store.db, id, metadata, actor);
  return { result: next };
}

const RESOURCE = 'dashboard_filter_state';
const VIEW = 'DashboardFilterStateRestApi';
/** Superset keeps filter states in its cache for a week by default. */
const LIFETIME_MS = 7 * 24 * 3600 * 1000;
const MAX_VALUE_BYTES = 1024 * 1024;
export const FILTER_STATE_DELETED_MESSAGE = 'Deleted successfully';

interface FilterStateEntry {
  owner: number;
  dashboardId: number;
  tabId: string | null;
  value: string;
}

const expiry = () => new Date(Date.now() + LIFETIME_MS).toISOString();

/** The value must be JSON text, as Superset's schema requires, and of a sane size. */
function checkedValue(value: string): string {
  if (Buffer.byteLength(value) > MAX_VALUE_BYTES) {
    throw badRequest('Invalid input', { fields: { value: ['Longer than 1 MB.'] } });
  }
  try {
    JSON.parse(value);
  } catch {
    throw badRequest('Invalid input', { fields: { value: ['Must be valid JSON.'] } });
  }
  return value;
}

async function entryOf(
  ctx: AppContext,
  dashboardId: number,
  key: string,
): Promise<FilterStateEntry> {
  const entry = (await keyValueRepository.get(
    ctx.store.db,
    RESOURCE,
    key,
  )) as FilterStateEntry | null;
  if (!entry || entry.dashboardId !== dashboardId) throw notFound();
  return entry;
}

export async function createFilterState(
  ctx: AppContext,
  actor: Actor,
  dashboardId: number,
  value: string,
  tabId: string | null,
): Promise<{ key: string }> {
  requirePermission(actor, 'can_write', VIEW);
  const user = requireUser(actor);
  const record = await readableDashboard(ctx, actor, dashboardId);
  const entry: FilterStateEntry = {
    owner: user.id,
    dashboardId: record.row.id,
    tabId,
    value: checkedValue(value),
  };
  const key = await keyValueRepository.create(ctx.store.db, RESOURCE, entry, {
    userId: user.id,
    expiresOn: expiry(),
  });
  return { key };
}

export async function updateFilterState(
  ctx: AppContext,
  actor: Actor,
  dashboardId: number,
  key: string,
  value: string,
  tabId: string | null,
): Promise<{ key: string }> {
  requirePermission(actor, 'can_write', VIEW);
  const user = requireUser(actor);
  await readableDashboard(ctx, actor, dashboardId);
  const entry = await entryOf(ctx, dashboardId, key);
  if (entry.owner !== user.id) throw forbidden();
  const next: FilterStateEntry = { ...entry, tabId, value: checkedValue(value) };
  await keyValueWrites.update(ctx.store.db, RESOURCE, key, next, expiry());
  return { key };
}

export async function readFilterState(
  ctx: AppContext,
  actor: Actor,
  dashboardId: number,
  key: string,
): Promise<{ value: string }> {
  requirePermission(actor, 'can_read', VIEW);
  await readableDashboard(ctx, actor, dashboardId);
  const entry = await entryOf(ctx, dashboardId, key);
  return { value: entry.value };
}

export async function deleteFilterState(
  ctx: AppContext,
  actor: Actor,
  dashboardId: number,
  key: string,
): Promise<{ message: string }> {
  requirePermission(actor, 'can_write', VIEW);
  const user = requireUser(actor);
  await readableDashboard(ctx, actor, dashboardId);
  const entry = await entryOf(ctx, dashboardId, key);
  if (entry.owner !== user.id) throw forbidden();
  await keyValueWrites.delete(ctx.store.db, RESOURCE, key);
  return { message: FILTER_STATE_DELETED_MESSAGE };
}
