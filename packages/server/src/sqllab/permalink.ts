import type { PermalinkBody } from '@tessera/shared/api/sqllab';
import { notFound } from '@tessera/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { keyValueRepository } from '../platform/kv/repository.ts';
import { requirePermission, requireUser } from '../security/currentUser.ts';

const RESOURCE = 'sqllab_permalink';
const VIEW = 'SqlLabPermalinkRestApi';

export async function createPermalink(
  ctx: AppContext,
  request: FastifyRequest,
  body: PermalinkBody,
): Promise<{ key: string; url: string }> {
  requirePermission(request, 'can_write', VIEW);
  const user = requireUser(request);
  const key = await keyValueRepository.create(ctx.store.db, RESOURCE, body, { userId: user.id });
  return { key, url: `${request.protocol}://${request.host}/sqllab/p/${key}` };
}

/** A permalink's stored fields; the `kv:` prefix of shared links is accepted and ignored. */
export async function readPermalink(
  ctx: AppContext,
  request: FastifyRequest,
  rawKey: string,
): Promise<PermalinkBody> {
  requirePermission(request, 'can_read', VIEW);
  const key = rawKey.startsWith('kv:') ? rawKey.slice(3) : rawKey;
  const value = await keyValueRepository.get(ctx.store.db, RESOURCE, key);
  if (!value) throw notFound();
  return value as PermalinkBody;
}
