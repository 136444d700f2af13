import type { BootstrapUser } from '@tessera/shared/api/bootstrap';
import { hasPermission, isAdmin } from '@tessera/shared/permissions';

type User = Pick<BootstrapUser, 'roles' | 'userId'> | null;

export const canReadDatasets = (user: User) => hasPermission(user, 'can_read', 'Dataset');

/** Creating datasets, and the write actions of the list. */
export const canWriteDatasets = (user: User) => hasPermission(user, 'can_write', 'Dataset');

/** Changing one dataset: admins, or its owners when they may write datasets (as the server rules). */
export function canEditDataset(user: User, owners: Array<{ id: number }>): boolean {
  if (isAdmin(user)) return true;
  return canWriteDatasets(user) && owners.some((owner) => owner.id === user?.userId);
}

export const NOT_OWNER_MESSAGE = 'You must be a dataset owner in order to edit.';
