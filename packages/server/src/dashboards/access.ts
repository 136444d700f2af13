import {
  canEditDashboard,
  EDIT_FORBIDDEN_MESSAGE,
  PUBLISH_FORBIDDEN_MESSAGE,
} from '@tessera/shared/dashboard/permissions';
import { forbidden, notFound } from '@tessera/shared/errors';
import {
  hasPermission,
  isAdmin,
  OBJECT_PERMISSIONS,
  type UserWithRoles,
} from '@tessera/shared/permissions';
import type { AppContext } from '../context.ts';
import { databaseRepository } from '../databases/repository.ts';
import { canAccessDataset } from '../datasets/access.ts';
import { datasetRepository } from '../datasets/repository.ts';
import { type Actor, requirePermission, rolesOf } from '../security/actor.ts';
import { type DashboardRecord, type Db, dashboardRepository } from './repository.ts';

/**
 * Who may see and change a dashboard, in the spirit of Superset's DashboardAccessFilter: admins
 * see all; others see what they own, what they marked as favourite, published dashboards showing
 * at least one chart whose dataset they may read (any, with all_datasource_access), and,
 * with DASHBOARD_RBAC, published dashboards carrying one of their roles (a dashboard with roles
 * is then visible through its roles only). A hidden dashboard answers 404.
 */

export const READ_DASHBOARD: [string, string] = ['can_read', 'Dashboard'];
export const WRITE_DASHBOARD: [string, string] = ['can_write', 'Dashboard'];

export function subjectOf(actor: Actor): UserWithRoles {
  return rolesOf(actor);
}

/** Decides visibility of many dashboards with one read of charts and datasets. */
export async function visibilityChecker(
  ctx: AppContext,
  actor: Actor,
  db: Db = ctx.store.db,
): Promise<(record: DashboardRecord) => boolean> {
  const subject = subjectOf(actor);
  // A guest sees the dashboards its token grants and nothing else, whatever its role holds.
  if (actor.guest) {
    const granted = new Set(actor.guest.resources.map((r) => r.id.toLowerCase()));
    return (record) => granted.has(String(record.row.id)) || granted.has(record.row.uuid);
  }
  if (isAdmin(subject)) return () => true;
  const userId = actor.user?.id ?? null;
  const rbac = ctx.config.featureFlags.DASHBOARD_RBAC;
  const favorites = userId ? await dashboardRepository.favoriteIds(db, userId) : new Set<number>();
  const roleNames = new Set(Object.keys(subject.roles));
  // Access to all data still leaves other people's drafts hidden, as in Superset's filter.
  const allData = hasPermission(subject, ...OBJECT_PERMISSIONS.allDatasourceAccess);
  const readableSlices = allData ? null : await readableSliceIds(subject, userId, db);
  return (record) => {
    if (userId !== null && record.ownerIds.includes(userId)) return true;
    if (favorites.has(record.row.id)) return true;
    if (!record.row.published) return false;
    if (rbac && record.roles.length > 0) return record.roles.some((r) => roleNames.has(r.name));
    return readableSlices === null || record.sliceIds.some((id) => readableSlices.has(id));
  };
}

/** Charts whose dataset the subject may read. */
async function readableSliceIds(
  subject: UserWithRoles,
  userId: number | null,
  db: Db,
): Promise<Set<number>> {
  const [slices, datasets, databases] = await Promise.all([
    db
      .selectFrom('slices')
      .select(['id', 'datasource_id', 'datasource_type'])
      .where('datasource_id', 'is not', null)
      .execute(),
    datasetRepository.list(db),
    databaseRepository.list(db),
  ]);
  const owners = await datasetRepository.owners(
    db,
    datasets.map((d) => d.id),
  );
  const byDatabase = new Map(databases.map((d) => [d.id, d]));
  const readable = new Set<number>();
  for (const dataset of datasets) {
    const database = byDatabase.get(dataset.database_id);
    if (!database) continue;
    const subjectOk = canAccessDataset(
      subject,
      { row: dataset, database, ownerIds: owners.get(dataset.id) ?? [] },
      userId,
    );
    if (subjectOk) readable.add(dataset.id);
  }
  return new Set(
    slices
      .filter((s) => s.datasource_type !== 'query' && readable.has(s.datasource_id as number))
      .map((s) => s.id),
  );
}

/**
 * A dashboard the caller may read (by id or slug), or 404. `db` is the caller's transaction
 * when the read belongs to a write (an import).
 */
export async function readableDashboard(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string | number,
  db: Db = ctx.store.db,
): Promise<DashboardRecord> {
  requirePermission(actor, ...READ_DASHBOARD);
  const id = await dashboardRepository.findIdByIdOrSlug(db, String(idOrSlug));
  const [record] = id === undefined ? [] : await dashboardRepository.records(db, [id]);
  if (!record) throw notFound();
  const visible = await visibilityChecker(ctx, actor, db);
  if (!visible(record)) throw notFound();
  return record;
}

export function canEdit(ctx: AppContext, actor: Actor, record: DashboardRecord) {
  return canEditDashboard(subjectOf(actor), { owners: record.ownerIds }, ctx.config.featureFlags);
}

/**
 * A dashboard the caller may change. `publishOnly` picks the spec's message for publishing or
 * hiding; any other change answers the forbidden-save message.
 */
export async function editableDashboard(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string | number,
  publishOnly = false,
  db: Db = ctx.store.db,
): Promise<DashboardRecord> {
  const record = await readableDashboard(ctx, actor, idOrSlug, db);
  if (!canEdit(ctx, actor, record)) {
    throw forbidden(publishOnly ? PUBLISH_FORBIDDEN_MESSAGE : EDIT_FORBIDDEN_MESSAGE);
  }
  return record;
}

const onDataset = (type: string | null) => type === null || type === 'table' || type === 'dataset';

/**
 * 403 when `placed` holds charts, other than those in `kept`, whose data the caller may not read
 * through their own grants. A dashboard's roles grant its charts' data (`dataGrant.ts`), so an
 * editor placing a chart would hand its data to the dashboard's owners and role holders; charts
 * already on the dashboard were placed by someone entitled to. Charts without a dataset carry no
 * data. Superset has no such rule: it trusts whoever edits the layout.
 */
export async function assertMayPlaceCharts(
  actor: Actor,
  db: Db,
  placed: number[],
  kept: number[] = [],
): Promise<void> {
  const subject = subjectOf(actor);
  const added = [...new Set(placed)].filter((id) => !kept.includes(id));
  if (added.length === 0 || isAdmin(subject)) return;
  if (hasPermission(subject, ...OBJECT_PERMISSIONS.allDatasourceAccess)) return;
  const slices = await dashboardRepository.slices(db, added);
  const datasetIds = [
    ...new Set(
      slices
        .filter((s) => s.datasource_id !== null && onDataset(s.datasource_type))
        .map((s) => s.datasource_id as number),
    ),
  ];
  const owners = await datasetRepository.owners(db, datasetIds);
  const readable = new Set<number>();
  for (const id of datasetIds) {
    const row = await datasetRepository.get(db, id);
    const database = row ? await databaseRepository.get(db, row.database_id) : undefined;
    if (!row || !database) continue;
    const subjectOk = canAccessDataset(
      subject,
      { row, database, ownerIds: owners.get(id) ?? [] },
      actor.user?.id ?? null,
    );
    if (subjectOk) readable.add(id);
  }
  const denied = slices
    .filter(
      (s) =>
        s.datasource_id !== null &&
        !(onDataset(s.datasource_type) && readable.has(s.datasource_id)),
    )
    .map((s) => s.id);
  if (denied.length > 0) {
    const what = denied.length === 1 ? 'chart' : 'charts';
    throw forbidden(`You do not have access to the data of ${what} ${denied.join(', ')}`);
  }
}
