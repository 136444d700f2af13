import { forbidden, TesseraError } from '@tessera/shared/errors';
import {
  ADMIN_ROLE,
  hasPermission,
  isAdmin,
  type RolePermissions,
  type UserWithRoles,
} from '@tessera/shared/permissions';
import type { BaseLogger } from 'pino';

/**
 * Who a piece of work runs for. Every service function takes an actor, never an HTTP request:
 * the security layer makes one per request, the scheduler and the worker one per job, the example
 * loader and the importer a system actor. Permission checks read only the actor.
 */

/** A signed-in user (roles with their permission pairs, resolved once per request or job). */
export interface CurrentUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: RolePermissions;
  /** How the user authenticated: a browser session, a bearer token, or a job run on their behalf. */
  via: 'session' | 'bearer' | 'job';
}

/** What a guest token grants: the embedded dashboards it may read and row filters for them. */
export interface GuestGrant {
  user: { username: string; first_name: string; last_name: string };
  resources: { type: 'dashboard'; id: string }[];
  /** Row-level clauses applied to every query the guest's charts run (all datasets when none given). */
  rls: { clause: string; dataset?: number }[];
}

export type ActorKind = 'user' | 'anonymous' | 'guest' | 'system';

/** The logging an actor carries: the request's logger, or a job's. */
export type ActorLog = Pick<BaseLogger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'>;

export interface Actor {
  readonly kind: ActorKind;
  /** The signed-in user; null for anonymous callers, guests and the system. */
  readonly user: CurrentUser | null;
  /** The roles permission checks read: the user's, Public's, the guest role's, or Admin's. */
  readonly roles: RolePermissions;
  /** The guest token's grant; null unless `kind` is `guest`. */
  readonly guest: GuestGrant | null;
  /** Scheme, host and port links in answers and e-mails start with, without a trailing slash. */
  readonly baseUrl: string;
  readonly log: ActorLog;
}

export interface ActorSetting {
  baseUrl: string;
  log: ActorLog;
}

export function userActor(user: CurrentUser, setting: ActorSetting): Actor {
  return { kind: 'user', user, roles: user.roles, guest: null, ...setting };
}

/** A caller without a session: it acts with the Public role's permissions. */
export function anonymousActor(publicRoles: RolePermissions, setting: ActorSetting): Actor {
  return { kind: 'anonymous', user: null, roles: publicRoles, guest: null, ...setting };
}

/** A guest of an embedded dashboard: the guest role's permissions, limited to its grant. */
export function guestActor(
  grant: GuestGrant,
  guestRoles: RolePermissions,
  setting: ActorSetting,
): Actor {
  return { kind: 'guest', user: null, roles: guestRoles, guest: grant, ...setting };
}

/**
 * Tessera itself (the example loader, migrations of content, housekeeping jobs): every permission,
 * and no user, so what it creates has no creator and no owner unless one is given.
 */
export function systemActor(setting: ActorSetting): Actor {
  return { kind: 'system', user: null, roles: SYSTEM_ROLES, guest: null, ...setting };
}

const SYSTEM_ROLES: RolePermissions = Object.freeze({ [ADMIN_ROLE]: [] }) as RolePermissions;

/** The permission view of an actor, as the shared permission rules take it. */
export function rolesOf(actor: Actor): UserWithRoles {
  return { userId: actor.user?.id, roles: actor.roles };
}

/** The signed-in user, or 401 `Not authorized` (anonymous callers, guests and the system). */
export function requireUser(actor: Actor): CurrentUser {
  if (!actor.user) throw new TesseraError(401, 'Not authorized');
  return actor.user;
}

/**
 * Checks a (permission, view) pair on the server. Anonymous callers without it get 401; anyone
 * else without it gets 403. A guest holds only what its role grants, and never a write.
 */
export function requirePermission(actor: Actor, permission: string, view: string): void {
  if (actor.kind === 'guest' && !GUEST_MAY.has(permission)) throw forbidden('Forbidden');
  if (hasPermission(rolesOf(actor), permission, view)) return;
  if (actor.kind === 'anonymous') throw new TesseraError(401, 'Not authorized');
  throw forbidden('Forbidden');
}

/** The only permissions a guest may ever use, whatever its role says: reading. */
const GUEST_MAY = new Set(['can_read', 'can_explore_json', 'can_dashboard', 'can_csv']);

export function requireAdmin(actor: Actor): CurrentUser {
  const user = requireUser(actor);
  if (!isAdmin(rolesOf(actor))) throw forbidden('Forbidden');
  return user;
}

/** True for the system and for users with the Admin role. */
export function actsAsAdmin(actor: Actor): boolean {
  return actor.kind !== 'guest' && isAdmin(rolesOf(actor));
}

/** The id audit columns record for work done by this actor (null for the system and guests). */
export function auditUserId(actor: Actor): number | null {
  return actor.user?.id ?? null;
}
