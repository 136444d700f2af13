import { forbidden, TesseraError } from '@tessera/shared/errors';
import { hasPermission, isAdmin, type RolePermissions } from '@tessera/shared/permissions';
import type { FastifyRequest } from 'fastify';
import type { Actor, CurrentUser } from './actor.ts';

export type { CurrentUser } from './actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** null for anonymous requests; anonymous callers get the Public role's permissions. */
    user: CurrentUser | null;
    /** Permissions of the Public role, used for anonymous callers. */
    publicRoles: RolePermissions;
    /** Who the request acts for; what every service call receives. */
    actor: Actor;
  }
}

/** The signed-in user, or 401 `Not authorized`. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new TesseraError(401, 'Not authorized');
  return request.user;
}

/** The roles a request acts with: the user's, or the Public role's when anonymous. */
export function rolesOf(request: FastifyRequest) {
  return { roles: request.user ? request.user.roles : request.publicRoles };
}

/**
 * Checks a (permission, view) pair on the server. Anonymous callers without the pair in the
 * Public role get 401; signed-in callers without it get 403.
 */
export function requirePermission(request: FastifyRequest, permission: string, view: string): void {
  if (hasPermission(rolesOf(request), permission, view)) return;
  if (!request.user) throw new TesseraError(401, 'Not authorized');
  throw forbidden('Forbidden');
}

export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (!isAdmin(user)) throw forbidden('Forbidden');
  return user;
}
