import { hasPermission } from '@tessera/shared/permissions';
import { type Actor, actsAsAdmin, rolesOf } from '../security/actor.ts';

/**
 * Whose runs a caller may see: their own, or everyone's for admins (and the system) and holders
 * of all_query_access. Guests and anonymous callers see none.
 */
export function canSeeQuery(actor: Actor, row: { user_id: number | null }): boolean {
  if (actsAsAdmin(actor)) return true;
  const user = actor.user;
  if (!user) return false;
  if (row.user_id === user.id) return true;
  return hasPermission(rolesOf(actor), 'all_query_access', 'all_query_access');
}

/** True when the caller sees every user's runs (the history list is then not scoped to them). */
export function seesAllQueries(actor: Actor): boolean {
  return (
    actsAsAdmin(actor) || hasPermission(rolesOf(actor), 'all_query_access', 'all_query_access')
  );
}
