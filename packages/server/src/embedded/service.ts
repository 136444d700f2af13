import type { EmbeddedDashboard, EmbeddedDashboardConfig } from '@tessera/shared/api/embedded';
import { forbidden, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { editableDashboard, readableDashboard } from '../dashboards/access.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { type EmbeddedRecord, embeddedRepository } from './repository.ts';

/**
 * A dashboard's embedded configuration (Superset's `get_embedded`, `set_embedded`,
 * `delete_embedded`) and an embedding by its uuid (EmbeddedDashboardRestApi). All of it answers
 * 404 while EMBEDDED_SUPERSET is off, as Superset's `ensure_embedded_enabled` does.
 */

const READ: [string, string] = ['can_read', 'EmbeddedDashboard'];
const WRITE: [string, string] = ['can_write', 'EmbeddedDashboard'];

export function assertEmbeddingEnabled(ctx: AppContext): void {
  if (!ctx.config.featureFlags.EMBEDDED_SUPERSET) throw notFound();
}

function present(record: EmbeddedRecord): EmbeddedDashboard {
  return {
    uuid: record.uuid,
    allowed_domains: record.allowedDomains,
    dashboard_id: String(record.dashboardId),
    changed_on: record.changedOn,
    changed_by: record.changedBy,
  };
}

/** The dashboard whose embedding the caller manages: its editors only, never a guest. */
async function managedDashboard(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  permission: [string, string],
) {
  assertEmbeddingEnabled(ctx);
  if (actor.guest) throw forbidden('Forbidden');
  requirePermission(actor, ...permission);
  return editableDashboard(ctx, actor, idOrSlug);
}

export async function getEmbedded(ctx: AppContext, actor: Actor, idOrSlug: string) {
  const dashboard = await managedDashboard(ctx, actor, idOrSlug, READ);
  const record = await embeddedRepository.byDashboard(ctx.store.db, dashboard.row.id);
  if (!record) throw notFound();
  return { result: present(record) };
}

/** POST and PUT alike: the embedding is made, or its domains replaced (its uuid stays). */
export async function setEmbedded(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  config: EmbeddedDashboardConfig,
) {
  const dashboard = await managedDashboard(ctx, actor, idOrSlug, WRITE);
  const db = ctx.store.db;
  await embeddedRepository.upsert(db, dashboard.row.id, config.allowed_domains, actor);
  const record = await embeddedRepository.byDashboard(db, dashboard.row.id);
  if (!record) throw notFound();
  return { result: present(record) };
}

/** Ends the embedding: every guest token naming it stops working at once. */
export async function deleteEmbedded(ctx: AppContext, actor: Actor, idOrSlug: string) {
  const dashboard = await managedDashboard(ctx, actor, idOrSlug, WRITE);
  await embeddedRepository.delete(ctx.store.db, dashboard.row.id);
  return { message: 'OK' };
}

/**
 * `GET /api/v1/embedded_dashboard/{uuid}`: ('can_read', 'EmbeddedDashboard') and a dashboard the
 * caller may read (a guest: one its token grants); anything else is as absent as a missing one.
 */
export async function getEmbeddedByUuid(ctx: AppContext, actor: Actor, uuid: string) {
  assertEmbeddingEnabled(ctx);
  requirePermission(actor, ...READ);
  const record = await embeddedRepository.byUuid(ctx.store.db, uuid);
  if (!record) throw notFound();
  await readableDashboard(ctx, actor, record.dashboardId);
  return { result: present(record) };
}

/**
 * What the embedded page of `uuid` needs: its dashboard, and the origins that may frame it (its
 * CSP `frame-ancestors`): the embedding's allowed domains, or any origin when it names none, as
 * Superset does. The page itself needs no actor: it shows nothing until its host hands it a
 * guest token. An unknown uuid, or the flag off, is a 404.
 */
export async function embeddedPage(
  ctx: AppContext,
  uuid: string,
): Promise<{ dashboardId: number; framers: string[] }> {
  assertEmbeddingEnabled(ctx);
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw notFound();
  const record = await embeddedRepository.byUuid(ctx.store.db, uuid);
  if (!record) throw notFound();
  const framers = record.allowedDomains.length > 0 ? record.allowedDomains : ['*'];
  return { dashboardId: record.dashboardId, framers };
}
