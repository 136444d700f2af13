import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import {
  DASHBOARD_FILTERS,
  DASHBOARD_LIST_COLUMNS,
  DASHBOARD_ORDER_COLUMNS,
  type DashboardCreateBody,
  type DashboardListAnswer,
  type DashboardUpdateBody,
  type DashboardWriteAnswer,
  OWNERS_INVALID_MESSAGE,
  ROLES_INVALID_MESSAGE,
  SLUG_EXISTS_MESSAGE,
} from '@tessera/shared/api/dashboards';
import {
  checkJsonMetadataText,
  toStoredJsonMetadata,
  toWireJsonMetadata,
} from '@tessera/shared/dashboard/metadata';
import { nativeFiltersFromLegacy } from '@tessera/shared/dashboard/nativeFilters';
import {
  chartIdsInLayout,
  checkPositionJson,
  toPositionJson,
} from '@tessera/shared/dashboard/position';
import { dashboardTitleOrUntitled } from '@tessera/shared/dashboard/save';
import { cleanSlug } from '@tessera/shared/dashboard/slug';
import { badRequest, forbidden, unprocessable } from '@tessera/shared/errors';
import { parseJsonObjectOrNull } from '@tessera/shared/json';
import { isAdmin } from '@tessera/shared/permissions';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Config } from '../platform/config.ts';
import { compareBy, labelOf, listEnvelope, pageOf } from '../platform/listing.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import { type Actor, actsAsAdmin, requirePermission, requireUser } from '../security/actor.ts';
import {
  assertMayPlaceCharts,
  editableDashboard,
  readableDashboard,
  subjectOf,
  visibilityChecker,
  WRITE_DASHBOARD,
} from './access.ts';
import { assertNotChangedSince, type SavePrecondition } from './conflict.ts';
import { assertTextDepth, parseClientJson } from './depth.ts';
import { epochSeconds, pickColumns, toItem, toListRow } from './present.ts';
import {
  type DashboardRecord,
  type DashboardWrite,
  type Db,
  dashboardRepository,
} from './repository.ts';

/**
 * The rules of `/api/v1/dashboard/`: reads need ('can_read', 'Dashboard') and a visible
 * dashboard; creates need ('can_write', 'Dashboard'); changes need the spec's edit permission.
 * Two editors: the API keeps Superset's last-write-wins; the client's confirm-diff compares
 * changed_on (answered as last_modified_time) before it saves.
 */

type Body = DashboardInput | DashboardUpdateBody;

export async function getDashboard(ctx: AppContext, actor: Actor, idOrSlug: string) {
  const record = await readableDashboard(ctx, actor, idOrSlug);
  const slices = await dashboardRepository.slices(ctx.store.db, record.sliceIds);
  const item = toItem(
    record,
    slices.map((s) => s.slice_name),
  );
  const datasetOf = new Map(slices.map((s) => [s.id, s.datasource_id ?? undefined]));
  const json = withLegacyFilters(toWireJsonMetadata(item.json_metadata), (id) => datasetOf.get(id));
  return { id: record.row.id, result: { ...item, json_metadata: json } };
}

/**
 * A legacy dashboard (filter boxes: `default_filters`, `filter_scopes`, no native filters) is
 * read with native filters in their place, as Superset's migration makes them; anything else is
 * answered exactly as stored.
 */
function withLegacyFilters(
  text: string | null,
  datasetOfChart: (chartId: number) => number | undefined,
): string | null {
  const metadata = parseJsonObjectOrNull(text);
  if (!metadata) return text;
  const current = metadata.native_filter_configuration;
  if (Array.isArray(current) && current.length > 0) return text;
  const scopes = metadata.filter_scopes as Record<string, unknown> | undefined;
  const defaults = metadata.default_filters;
  const filters = nativeFiltersFromLegacy(
    typeof defaults === 'string' ? defaults : JSON.stringify(defaults ?? {}),
    scopes,
    datasetOfChart,
  );
  if (filters.length === 0) return text;
  return JSON.stringify({ ...metadata, native_filter_configuration: filters });
}

/** The certifier once the body is saved: the one sent, else the stored one. */
const certifierAfter = (body: Body, existing?: DashboardRecord) =>
  (body.certified_by === undefined ? existing?.row.certified_by : body.certified_by) || null;

/**
 * The stored fields a body asks for, with the save rules applied; 400/422 on bad values, 403 for
 * charts the caller may not place. `existing` is the dashboard being updated.
 */
async function toWrite(
  ctx: SaveContext,
  actor: Actor,
  db: Db,
  body: DashboardInput,
  options: DashboardWriteOptions,
  existing?: DashboardRecord,
): Promise<{ write: DashboardWrite; owners?: number[]; roles?: number[]; slices?: number[] }> {
  const write: DashboardWrite = {};
  if (body.dashboard_title !== undefined) {
    write.dashboard_title = dashboardTitleOrUntitled(body.dashboard_title);
  }
  if (body.slug !== undefined) {
    const slug = cleanSlug(body.slug);
    const taken =
      slug !== null && (await dashboardRepository.slugTaken(db, slug, existing?.row.id));
    if (taken && options.slugTaken !== 'drop') {
      throw unprocessable('Invalid input', { fields: { slug: [SLUG_EXISTS_MESSAGE] } });
    }
    write.slug = taken ? null : slug;
  }
  if (body.css !== undefined) write.css = body.css;
  if (body.description !== undefined) write.description = body.description;
  if (body.published !== undefined && body.published !== null) {
    write.published = body.published ? 1 : 0;
  }
  if (body.is_managed_externally !== undefined && body.is_managed_externally !== null) {
    write.is_managed_externally = body.is_managed_externally ? 1 : 0;
  }
  if (body.external_url !== undefined) write.external_url = body.external_url;
  if (body.certified_by !== undefined || body.certification_details !== undefined) {
    // Details sent alone belong to the stored certifier; only fields sent change, as in Superset.
    const by = certifierAfter(body, existing);
    if (body.certified_by !== undefined) write.certified_by = by;
    if (!by) write.certification_details = null;
    else if (body.certification_details !== undefined) {
      write.certification_details = body.certification_details;
    }
  }

  let layoutText = body.position_json ?? undefined;
  if (body.json_metadata !== undefined && body.json_metadata !== null) {
    assertTextDepth('json_metadata', body.json_metadata);
    const check = checkJsonMetadataText(body.json_metadata);
    if (!check.ok) throw badRequest('Invalid input', { fields: { json_metadata: check.errors } });
    // Superset's client sends the layout inside json_metadata as `positions`.
    // `last_modified_time` is the save's precondition (Superset's client sends it), not metadata.
    const {
      positions,
      last_modified_time: _loaded,
      ...metadata
    } = parseClientJson('json_metadata', body.json_metadata || '{}') as Record<string, unknown>;
    if (positions && typeof positions === 'object') layoutText = JSON.stringify(positions);
    write.json_metadata = toStoredJsonMetadata(metadata);
  }

  let slices: number[] | undefined;
  if (layoutText) {
    const check = checkPositionJson(parseClientJson('position_json', layoutText));
    if (!check.ok) throw badRequest('Invalid input', { fields: { position_json: check.errors } });
    write.position_json = JSON.stringify(toPositionJson(check.layout));
    const wanted = chartIdsInLayout(check.layout);
    slices = (await dashboardRepository.slices(db, wanted)).map((s) => s.id);
    await assertMayPlaceCharts(actor, db, slices, existing?.sliceIds);
  } else if (body.position_json === null) {
    write.position_json = null;
  }

  let owners: number[] | undefined;
  if (body.owners !== undefined) {
    const found = await dashboardRepository.existingUserIds(db, body.owners);
    if (found.length !== new Set(body.owners).size) {
      throw unprocessable('Invalid input', { fields: { owners: [OWNERS_INVALID_MESSAGE] } });
    }
    owners = [...body.owners];
    // A non-admin editor stays an owner, as Superset's owner list keeps the actor.
    const user = actor.user;
    if (user && !isAdmin(subjectOf(actor)) && !owners.includes(user.id)) owners.push(user.id);
  }
  let roles: number[] | undefined;
  if (body.roles !== undefined && ctx.config.featureFlags?.DASHBOARD_RBAC) {
    const found = await dashboardRepository.existingRoleIds(db, body.roles);
    if (found.length !== new Set(body.roles).size) {
      throw unprocessable('Invalid input', { fields: { roles: [ROLES_INVALID_MESSAGE] } });
    }
    roles = body.roles;
  }
  return { write, owners, roles, slices };
}

/** A dashboard as the API, the example loader and the importer describe it. */
export type DashboardInput = DashboardCreateBody & {
  /** Not in Superset's API bodies; bundles carry it. */
  description?: string | null;
};

export interface DashboardWriteOptions {
  /** The caller's transaction (an import writes everything in one); else one of its own. */
  trx?: Transaction<MetadataTables>;
  /** The dashboard's identity across instances (a bundle's, an example's); random when omitted. */
  uuid?: string;
  /**
   * A slug another dashboard holds: `refuse` (the API's 422, the default) or `drop` (the
   * importer and the example loader save the dashboard without one; it opens by id).
   */
  slugTaken?: 'refuse' | 'drop';
  /** Update only: the version the editor loaded; a later change answers 409. */
  precondition?: SavePrecondition;
}

/**
 * What a create needs of the context: the store, and the feature flags when known (the example
 * loader runs without the server's settings; DASHBOARD_RBAC is then off).
 */
export type SaveContext = Pick<AppContext, 'store'> & {
  config: Partial<Pick<Config, 'featureFlags'>>;
};

/** Runs `work` in the caller's transaction, or in one of its own. */
function inTransaction<T>(
  ctx: SaveContext,
  options: DashboardWriteOptions,
  work: (trx: Transaction<MetadataTables>) => Promise<T>,
): Promise<T> {
  return options.trx ? work(options.trx) : ctx.store.db.transaction().execute(work);
}

/**
 * Creates a dashboard as the actor: the API, the example loader (system actor) and the bundle
 * importer (the importing user) all come through here. Needs ('can_write', 'Dashboard'); the
 * owners default to the actor's user (nobody for the system).
 */
export async function createDashboard(
  ctx: SaveContext,
  actor: Actor,
  body: DashboardInput,
  options: DashboardWriteOptions = {},
): Promise<DashboardWriteAnswer> {
  requirePermission(actor, ...WRITE_DASHBOARD);
  const { id, changedOn } = await inTransaction(ctx, options, async (trx) => {
    const { write, owners, roles, slices } = await toWrite(ctx, actor, trx, body, options);
    const newId = await dashboardRepository.insert(
      trx,
      { ...write, dashboard_title: write.dashboard_title ?? dashboardTitleOrUntitled('') },
      actor,
      options.uuid,
    );
    await dashboardRepository.setOwners(trx, newId, owners ?? ownersByDefault(actor));
    if (roles) await dashboardRepository.setRoles(trx, newId, roles);
    if (slices) await dashboardRepository.setSlices(trx, newId, slices);
    const [row] = await dashboardRepository.rows(trx, [newId]);
    return { id: newId, changedOn: row?.changed_on ?? '' };
  });
  return { id, result: answerOf(body), last_modified_time: epochSeconds(changedOn) };
}

const ownersByDefault = (actor: Actor) => (actor.user ? [actor.user.id] : []);

/** What a write answers as `result`: the fields as sent, with the save rules applied. */
function answerOf(body: Body, existing?: DashboardRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  // The metadata is echoed as Superset would answer it, even if the client sent the version key.
  if (typeof body.json_metadata === 'string') {
    out.json_metadata = toWireJsonMetadata(body.json_metadata);
  }
  if ('dashboard_title' in body)
    out.dashboard_title = dashboardTitleOrUntitled(body.dashboard_title);
  // Superset answers the slug as cleaned, and an empty text for one cleaned away.
  if (typeof body.slug === 'string') out.slug = cleanSlug(body.slug) ?? '';
  if ('certification_details' in body && !certifierAfter(body, existing)) {
    out.certification_details = '';
  }
  return out;
}

/**
 * Changes a dashboard as the actor (the API's PUT, an import's overwrite). Needs the spec's edit
 * permission. With a precondition, a dashboard changed after the version the editor loaded is
 * refused with 409, checked again inside the write's transaction.
 */
export async function updateDashboard(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: DashboardInput,
  options: DashboardWriteOptions = {},
): Promise<DashboardWriteAnswer> {
  const keys = Object.keys(body);
  const publishOnly = keys.length === 1 && keys[0] === 'published';
  const precondition = options.precondition ?? {};
  const { record, changedOn } = await inTransaction(ctx, options, async (trx) => {
    const existing = await editableDashboard(ctx, actor, id, publishOnly, trx);
    assertNotChangedSince(existing.row, precondition);
    const { write, owners, roles, slices } = await toWrite(
      ctx,
      actor,
      trx,
      body,
      options,
      existing,
    );
    await dashboardRepository.update(trx, id, write, actor);
    if (owners) await dashboardRepository.setOwners(trx, id, owners);
    if (roles) await dashboardRepository.setRoles(trx, id, roles);
    if (slices) await dashboardRepository.setSlices(trx, id, slices);
    const [row] = await dashboardRepository.rows(trx, [id]);
    return { record: existing, changedOn: row?.changed_on ?? existing.row.changed_on };
  });
  return { id, result: answerOf(body, record), last_modified_time: epochSeconds(changedOn) };
}

export async function deleteDashboards(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
): Promise<{ message: string }> {
  const unique = [...new Set(ids)];
  for (const id of unique) await editableDashboard(ctx, actor, id);
  await ctx.store.db.transaction().execute((trx) => dashboardRepository.delete(trx, unique));
  return {
    message: unique.length === 1 ? 'OK' : `Deleted ${unique.length} dashboards`,
  };
}

// ---------------------------------------------------------------------------------------------
// The list.

type Predicate = (record: DashboardRecord) => boolean;

const lower = (s: string | null | undefined) => (s ?? '').toLowerCase();

function textMatch(value: string | null, opr: string, wanted: string): boolean {
  const v = lower(value);
  const w = wanted.toLowerCase();
  if (opr === 'eq') return (value ?? '') === wanted;
  if (opr === 'sw') return v.startsWith(w);
  if (opr === 'ew') return v.endsWith(w);
  return v.includes(w);
}

const asBool = (value: unknown) =>
  value === true || value === 'true' || value === 1 || value === '!t';

function asId(filter: ListFilter): number {
  const raw = filter.value;
  const value =
    typeof raw === 'object' && raw !== null && 'value' in raw
      ? (raw as { value: unknown }).value
      : raw;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw badRequest(`Not a valid rison schema: filters.value of ${filter.col} must be an id`);
  }
  return n;
}

function toPredicate(filter: ListFilter, favorites: Set<number>): Predicate {
  const ops = DASHBOARD_FILTERS[filter.col];
  if (!ops) throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  if (!ops.includes(filter.opr)) {
    throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
  }
  switch (filter.opr) {
    case 'dashboard_title_or_slug': {
      const wanted = String(filter.value ?? '');
      return (r) =>
        textMatch(r.row.dashboard_title, 'ct', wanted) || textMatch(r.row.slug, 'ct', wanted);
    }
    case 'dashboard_is_favorite': {
      const want = asBool(filter.value);
      return (r) => favorites.has(r.row.id) === want;
    }
    case 'dashboard_is_certified': {
      const want = asBool(filter.value);
      return (r) => Boolean(r.row.certified_by) === want;
    }
    case 'rel_m_m': {
      const id = asId(filter);
      return (r) => r.ownerIds.includes(id);
    }
    case 'rel_o_m': {
      const id = asId(filter);
      const column = filter.col === 'created_by' ? 'created_by_fk' : 'changed_by_fk';
      return (r) => r.row[column] === id;
    }
  }
  if (filter.col === 'published') {
    const want = asBool(filter.value);
    return (r) => (r.row.published === 1) === want;
  }
  if (filter.col === 'id') {
    const id = asId(filter);
    return filter.opr === 'neq' ? (r) => r.row.id !== id : (r) => r.row.id === id;
  }
  if (typeof filter.value !== 'string') {
    throw badRequest(`Not a valid rison schema: filters.value of ${filter.col} must be a string`);
  }
  const wanted = filter.value;
  const column = filter.col as 'dashboard_title' | 'slug' | 'uuid';
  return (r) => textMatch(r.row[column], filter.opr, wanted);
}

const ORDER_READERS: Record<string, (r: DashboardRecord) => unknown> = {
  dashboard_title: (r) => r.row.dashboard_title.toLowerCase(),
  changed_on_delta_humanized: (r) => r.row.changed_on,
  changed_on: (r) => r.row.changed_on,
  published: (r) => r.row.published,
  id: (r) => r.row.id,
};

export async function listDashboards(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<DashboardListAnswer> {
  requirePermission(actor, 'can_read', 'Dashboard');
  const order = q.order_column ?? 'changed_on_delta_humanized';
  const read = ORDER_READERS[order];
  if (!read || !(DASHBOARD_ORDER_COLUMNS as readonly string[]).includes(order)) {
    throw badRequest(`Not a valid rison schema: order_column: ${order} is not allowed`);
  }
  const favorites = actor.user
    ? await dashboardRepository.favoriteIds(ctx.store.db, actor.user.id)
    : new Set<number>();
  const predicates = (q.filters ?? []).map((f) => toPredicate(f, favorites));
  const visible = await visibilityChecker(ctx, actor);
  const records = (await dashboardRepository.records(ctx.store.db))
    .filter(visible)
    .filter((r) => predicates.every((p) => p(r)))
    .map((record) => ({ id: record.row.id, record }))
    .sort(compareBy((r) => read(r.record), q.order_direction ?? 'desc'));
  const page = pageOf(records, q);
  const now = new Date();
  return listEnvelope(
    {
      count: records.length,
      ids: page.map((p) => p.id),
      result: page.map((p) =>
        pickColumns(toListRow(p.record, now) as unknown as Record<string, unknown>, q.columns),
      ),
    },
    {
      title: 'List Dashboard',
      listColumns: DASHBOARD_LIST_COLUMNS,
      orderColumns: DASHBOARD_ORDER_COLUMNS,
      label: labelOf,
    },
    q.keys,
  );
}

// ---------------------------------------------------------------------------------------------
// Favourites and related people.

export async function favoriteStatus(ctx: AppContext, actor: Actor, ids: number[]) {
  requirePermission(actor, 'can_read', 'Dashboard');
  const user = requireUser(actor);
  const favorites = await dashboardRepository.favoriteIds(ctx.store.db, user.id, ids);
  return { result: ids.map((id) => ({ id, value: favorites.has(id) })) };
}

export async function setFavorite(
  ctx: AppContext,
  actor: Actor,
  id: number,
  on: boolean,
): Promise<{ result: 'OK' }> {
  const user = requireUser(actor);
  const record = await readableDashboard(ctx, actor, id);
  if (on) await dashboardRepository.addFavorite(ctx.store.db, user.id, record.row.id);
  else await dashboardRepository.removeFavorite(ctx.store.db, user.id, record.row.id);
  return { result: 'OK' };
}

export async function relatedOwners(
  ctx: AppContext,
  actor: Actor,
  kind: 'owners' | 'created_by' | 'changed_by' | 'roles',
  q: { filter?: string; page?: number; page_size?: number; include_ids?: number[] },
) {
  requirePermission(actor, 'can_read', 'Dashboard');
  const needle = (q.filter ?? '').toLowerCase();
  const all =
    kind === 'roles'
      ? (await dashboardRepository.roles(ctx.store.db)).map((r) => ({
          value: r.id,
          text: r.name,
          extra: {},
          search: r.name,
        }))
      : (await dashboardRepository.users(ctx.store.db)).map((u) => ({
          value: u.id,
          text: `${u.first_name} ${u.last_name}`.trim(),
          extra: { email: u.email, active: true },
          search: `${u.first_name} ${u.last_name} ${u.username} ${u.email}`,
        }));
  if (kind === 'roles' && !actsAsAdmin(actor) && !ctx.config.featureFlags.DASHBOARD_RBAC) {
    throw forbidden('Forbidden');
  }
  const matched = all.filter(
    (x) => x.search.toLowerCase().includes(needle) || q.include_ids?.includes(x.value),
  );
  const size = q.page_size ?? 20;
  const start = (q.page ?? 0) * size;
  return {
    count: matched.length,
    result: matched.slice(start, start + size).map(({ search: _s, ...rest }) => rest),
  };
}
