import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import {
  GUEST_TOKEN_HEADER_NAME,
  GuestResource,
  GuestRlsRule,
  type GuestTokenBody,
  GuestUser,
} from '@tessera/shared/api/embedded';
import type { RolePermissions } from '@tessera/shared/permissions';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { embeddedRepository } from '../embedded/repository.ts';
import { deepFreeze } from '../platform/deepFreeze.ts';
import { type Actor, type ActorSetting, type GuestGrant, guestActor } from './actor.ts';
import { PrincipalMemo } from './principalMemo.ts';
import { securityRepository } from './repository.ts';

/**
 * Guest tokens of embedded dashboards, as Superset's security manager makes and reads them: an
 * HS256 JWT under its own secret with claims `user`, `resources` (embedded dashboard uuids),
 * `rls_rules`, `type: "guest"`, `aud`, `iat` and `exp`. A guest sends it in `X-GuestToken`.
 */

/** Fastify's lower-case name of the header. */
export const GUEST_TOKEN_HEADER = GUEST_TOKEN_HEADER_NAME.toLowerCase();

/** Clocks of several server processes differ a little; a token from further ahead is forged. */
const CLOCK_SKEW_SECONDS = 30;

const GuestClaims = z.object({
  type: z.literal('guest'),
  user: GuestUser,
  resources: z.array(GuestResource),
  rls_rules: z.array(GuestRlsRule),
  iat: z.number(),
  exp: z.number(),
});

/**
 * The routes a guest may reach, by method and route pattern: its dashboards, their charts and
 * datasets, its embeddings, chart data (its charts' and its native filters' options), and
 * permalinks of its dashboards (the SDK's getDashboardPermalink). Anything else answers 403 before any handler runs; the
 * services then limit each of these to what the token grants.
 */
const GUEST_ROUTES = new Set([
  'GET /api/v1/dashboard/:id_or_slug',
  'GET /api/v1/dashboard/:id_or_slug/charts',
  'GET /api/v1/dashboard/:id_or_slug/datasets',
  'POST /api/v1/dashboard/:id_or_slug/permalink',
  'GET /api/v1/embedded_dashboard/:uuid',
  'POST /api/v1/chart/data',
  'POST /api/v1/chart/data/batch',
]);

export function isGuestRoute(method: string, route: string): boolean {
  return GUEST_ROUTES.has(`${method} ${route}`);
}

export class GuestTokens {
  private readonly key: KeyObject;
  private readonly guestRole: PrincipalMemo<string, Readonly<RolePermissions>>;
  /** The dashboards of the embeddings a token names, by the names: read once per change. */
  private readonly embeddings: PrincipalMemo<string, ReadonlyMap<string, number>>;

  constructor(
    private readonly ctx: Pick<AppContext, 'config' | 'store'>,
    private readonly now: () => number = Date.now,
  ) {
    const { secret } = ctx.config.guestToken;
    // A secret of its own when set (another service may sign tokens with it), else one derived
    // from the secret key that can never be mistaken for the access tokens' key.
    this.key = createSecretKey(
      secret
        ? Buffer.from(secret, 'utf8')
        : createHash('sha256').update(`tessera-guest-jwt:${ctx.config.secretKey}`).digest(),
    );
    this.guestRole = new PrincipalMemo(ctx.store.changes);
    this.embeddings = new PrincipalMemo(ctx.store.changes);
  }

  get enabled(): boolean {
    return this.ctx.config.featureFlags.EMBEDDED_SUPERSET;
  }

  sign(body: GuestTokenBody): Promise<string> {
    const { expSeconds, audience } = this.ctx.config.guestToken;
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({
      user: body.user,
      resources: body.resources,
      rls_rules: body.rls,
      type: 'guest',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expSeconds)
      .setAudience(audience)
      .sign(this.key);
  }

  /** The claims of a valid guest token, or null: a bad signature, audience, type or shape. */
  async verify(token: string): Promise<z.infer<typeof GuestClaims> | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: this.ctx.config.guestToken.audience,
        currentDate: new Date(this.now()),
        requiredClaims: ['exp', 'iat', 'aud'],
      });
      const claims = GuestClaims.safeParse(payload);
      if (!claims.success) return null;
      const { iat, exp } = claims.data;
      if (iat > this.now() / 1000 + CLOCK_SKEW_SECONDS || exp < iat) return null;
      return claims.data;
    } catch {
      return null;
    }
  }

  /**
   * The guest actor of a token, or null when the token is not valid. Its grant names dashboards
   * by id: the embeddings of the token that still exist now (a disabled embedding stops its
   * tokens at once in this process, within `PRINCIPAL_TTL_MS` in another). Its roles are the
   * guest role's (`GUEST_ROLE_NAME`).
   */
  async actorFor(token: string, setting: ActorSetting): Promise<Actor | null> {
    const claims = await this.verify(token);
    if (!claims) return null;
    const uuids = [...new Set(claims.resources.map((r) => r.id))].sort();
    const dashboards = await this.embeddings.get(uuids.join(' '), () =>
      embeddedRepository.dashboardIds(this.ctx.store.db, uuids),
    );
    const grant: GuestGrant = {
      user: {
        username: claims.user.username ?? '',
        first_name: claims.user.first_name ?? '',
        last_name: claims.user.last_name ?? '',
      },
      resources: [...new Set(dashboards.values())].map((id) => ({
        type: 'dashboard',
        id: String(id),
      })),
      rls: claims.rls_rules,
    };
    return guestActor(deepFreeze(grant), await this.roles(), setting);
  }

  private roles(): Promise<Readonly<RolePermissions>> {
    const name = this.ctx.config.guestToken.roleName;
    return this.guestRole.get(name, async () =>
      deepFreeze(await securityRepository.rolePermissionsByName(this.ctx.store.db, name)),
    );
  }
}
