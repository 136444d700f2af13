import type { PermalinkBody } from '@tessera/shared/api/sqllab';
import { notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { keyValueRepository } from '../platform/kv/repository.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { capInput } from './limits.ts';

const RESOURCE = 'sqllab_permalink';
const VIEW = 'SqlLabPermalinkRestApi';

export async function createPermalink(
  ctx: AppContext,
  actor: Actor,
  body: PermalinkBody,
): Promise<{ key: string; url: string }> {
  requirePermission(actor, 'can_write', VIEW);
  const user = requireUser(actor);
  capInput({
    sql: ['sql', body.sql],
    names: [
      ['schema', body.schema],
      ['catalog', body.catalog],
    ],
    templateParams: ['templateParams', body.templateParams],
  });
  const key = await keyValueRepository.create(ctx.store.db, RESOURCE, body, { userId: user.id });
  return { key, url: `${actor.baseUrl}/sqllab/p/${key}` };
}

/** A permalink's stored fields; the `kv:` prefix of shared links is accepted and ignored. */
export async function readPermalink(
  ctx: AppContext,
  actor: Actor,
  rawKey: string,
): Promise<PermalinkBody> {
  requirePermission(actor, 'can_read', VIEW);
  const key = rawKey.startsWith('kv:') ? rawKey.slice(3) : rawKey;
  const value = await keyValueRepository.get(ctx.store.db, RESOURCE, key);
  if (!value) throw notFound();
  return value as PermalinkBody;
}
