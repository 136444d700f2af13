import { forbidden, notFound } from '@tessera/shared/errors';
import { datasourceView, hasPermission, isAdmin } from '@tessera/shared/permissions';
import {
  hasFullAccess,
  hasSchemaAccess,
  type Principal,
  principalOf,
} from '../databases/access.ts';
import { type Actor, requirePermission } from '../security/actor.ts';

/**
 * Who may see and change a dataset. Reading needs ('can_read', 'Dataset') plus access to the
 * data: `datasource_access` on `[db].[table](id:N)`, a schema or database grant, or
 * `all_datasource_access`/`all_database_access`; owners see their own. Changing needs
 * ('can_write', 'Dataset') and being an owner, or an admin.
 */

export const READ_DATASET: [string, string] = ['can_read', 'Dataset'];
export const WRITE_DATASET: [string, string] = ['can_write', 'Dataset'];

export interface DatasetAccessSubject {
  row: { id: number; table_name: string; schema: string | null; catalog: string | null };
  database: { id: number; database_name: string };
  ownerIds: number[];
}

/** The datasource grant's view name for a dataset, `[db].[table](id:N)`. */
export function datasetPermissionView(dataset: DatasetAccessSubject): string {
  return datasourceView(dataset.database.database_name, dataset.row.table_name, dataset.row.id);
}

/** Data access to a dataset, whatever the class permission (chart data checks this too). */
export function canAccessDataset(
  principal: Principal,
  dataset: DatasetAccessSubject,
  userId?: number | null,
): boolean {
  if (isAdmin(principal) || hasFullAccess(principal, dataset.database)) return true;
  if (
    dataset.row.schema &&
    hasSchemaAccess(principal, dataset.database, dataset.row.schema, dataset.row.catalog)
  )
    return true;
  if (hasPermission(principal, 'datasource_access', datasetPermissionView(dataset))) return true;
  return typeof userId === 'number' && dataset.ownerIds.includes(userId);
}

export function isDatasetOwner(
  principal: Principal,
  dataset: DatasetAccessSubject,
  userId: number | null | undefined,
): boolean {
  return isAdmin(principal) || (typeof userId === 'number' && dataset.ownerIds.includes(userId));
}

/** 404 for a dataset the caller may not see, so hidden ids reveal nothing. */
export function assertCanRead(actor: Actor, dataset: DatasetAccessSubject | undefined) {
  requirePermission(actor, ...READ_DATASET);
  if (!dataset || !canAccessDataset(principalOf(actor), dataset, actor.user?.id)) throw notFound();
}

/** 404 when the caller cannot even see it, 403 when they see it but do not own it. */
export function assertCanWrite(actor: Actor, dataset: DatasetAccessSubject | undefined) {
  requirePermission(actor, ...WRITE_DATASET);
  const principal = principalOf(actor);
  if (!dataset || !canAccessDataset(principal, dataset, actor.user?.id)) throw notFound();
  if (!isDatasetOwner(principal, dataset, actor.user?.id)) throw forbidden('Forbidden');
}
