import { type ErrorBody, TesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { canSeeDatabase, principalOf } from '../databases/access.ts';
import { databaseRepository } from '../databases/repository.ts';
import { type Actor, type CurrentUser, requirePermission, requireUser } from '../security/actor.ts';
import { type TabStateRow, tabStateRepository } from './repository.ts';

/**
 * Ownership and access rules shared by the tab-state and table-schema routes. Superset answers a
 * missing tab 404 and another user's tab 403, both without a body; so does Tessera.
 */

/** An error answered with its status and an empty body. */
export class BodylessError extends TesseraError {
  constructor(status: 403 | 404) {
    super(status, status === 404 ? 'Not found' : 'Forbidden');
  }

  override toBody(): ErrorBody {
    // The global handler sends what this returns; undefined makes the reply empty.
    return undefined as unknown as ErrorBody;
  }
}

/** Checks a (permission, view) pair, then returns the signed-in user. */
export function actingUser(actor: Actor, permission: string, view: string): CurrentUser {
  requirePermission(actor, permission, view);
  return requireUser(actor);
}

/** The tab if it is the user's own: 404 when there is none, 403 when it is someone else's. */
export async function ownedTab(
  ctx: AppContext,
  user: CurrentUser,
  id: number,
): Promise<TabStateRow> {
  const row = await tabStateRepository.get(ctx.store.db, id);
  if (!row) throw new BodylessError(404);
  if (row.user_id !== user.id) throw new BodylessError(403);
  return row;
}

/**
 * A database a tab or table may point at: it must exist and be visible to the caller. Both
 * failures read the same so ids of hidden databases reveal nothing.
 */
export async function requireVisibleDatabase(
  ctx: AppContext,
  actor: Actor,
  id: number,
  field: string,
): Promise<void> {
  const row = await databaseRepository.get(ctx.store.db, id);
  if (!row || !canSeeDatabase(principalOf(actor), row)) {
    throw new TesseraError(400, 'Invalid input', {
      fields: { [field]: [`Database ${id} does not exist or is not accessible.`] },
    });
  }
}

/** A saved query a tab may link to: only one the caller created. */
export async function requireOwnSavedQuery(
  ctx: AppContext,
  user: CurrentUser,
  id: number,
  field: string,
): Promise<void> {
  const owner = await tabStateRepository.savedQueryOwner(ctx.store.db, id);
  if (owner === undefined || owner !== user.id) {
    throw new TesseraError(400, 'Invalid input', {
      fields: { [field]: [`Saved query ${id} does not exist.`] },
    });
  }
}
