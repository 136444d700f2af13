import type { RolePermissions } from '@tessera/shared/permissions';
import type { Actor, CurrentUser } from './actor.ts';

export type { CurrentUser } from './actor.ts';

/**
 * What the security layer (authentication.ts) puts on every request. Routes hand `request.actor`
 * to services; nothing past the routes reads the request.
 */
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
