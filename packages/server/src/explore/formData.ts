import {
  FORM_DATA_DELETED_MESSAGE,
  FORM_DATA_NOT_FOUND_MESSAGE,
  FORM_DATA_UPDATED_MESSAGE,
  type FormDataBody,
} from '@tessera/shared/api/explore';
import { forbidden, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { keyValueRepository, keyValueWrites } from '../platform/kv/repository.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { checkExploreAccess } from './access.ts';

/**
 * Explore's form-data cache (Superset's ExploreFormDataRestApi): an unsaved exploration kept
 * under a key so a reload or a shared URL (`form_data_key`) finds it again. Entries live in the
 * key-value store for a week; only the user who made one may change or delete it.
 */

const RESOURCE = 'explore_form_data';
const VIEW = 'ExploreFormDataRestApi';
const LIFETIME_MS = 7 * 24 * 3600 * 1000;

export interface FormDataEntry {
  owner: number;
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  form_data: string;
}

const expiry = () => new Date(Date.now() + LIFETIME_MS).toISOString();

function entryOf(userId: number, body: FormDataBody): FormDataEntry {
  return {
    owner: userId,
    datasource_id: body.datasource_id,
    datasource_type: body.datasource_type,
    chart_id: body.chart_id ?? null,
    form_data: body.form_data,
  };
}

const access = (ctx: AppContext, actor: Actor, entry: FormDataEntry) =>
  checkExploreAccess(ctx, actor, {
    datasourceType: entry.datasource_type,
    datasourceId: entry.datasource_id,
    chartId: entry.chart_id,
  });

/** The stored entry, or null when the key is unknown or expired (no permission check). */
export async function findFormData(ctx: AppContext, key: string): Promise<FormDataEntry | null> {
  const value = await keyValueRepository.get(ctx.store.db, RESOURCE, key);
  return value && typeof value === 'object' ? (value as FormDataEntry) : null;
}

export async function createFormData(
  ctx: AppContext,
  actor: Actor,
  body: FormDataBody,
): Promise<{ key: string }> {
  requirePermission(actor, 'can_write', VIEW);
  const user = requireUser(actor);
  const entry = entryOf(user.id, body);
  await access(ctx, actor, entry);
  const key = await keyValueRepository.create(ctx.store.db, RESOURCE, entry, {
    userId: user.id,
    expiresOn: expiry(),
  });
  return { key };
}

export async function updateFormData(
  ctx: AppContext,
  actor: Actor,
  key: string,
  body: FormDataBody,
): Promise<{ key: string; message: string }> {
  requirePermission(actor, 'can_write', VIEW);
  const user = requireUser(actor);
  const current = await findFormData(ctx, key);
  if (!current) throw notFound(FORM_DATA_NOT_FOUND_MESSAGE);
  if (current.owner !== user.id) throw forbidden();
  const entry = entryOf(user.id, body);
  await access(ctx, actor, entry);
  await keyValueWrites.update(ctx.store.db, RESOURCE, key, entry, expiry());
  return { key, message: FORM_DATA_UPDATED_MESSAGE };
}

export async function readFormData(
  ctx: AppContext,
  actor: Actor,
  key: string,
): Promise<{ form_data: string }> {
  requirePermission(actor, 'can_read', VIEW);
  const entry = await findFormData(ctx, key);
  if (!entry) throw notFound(FORM_DATA_NOT_FOUND_MESSAGE);
  await access(ctx, actor, entry);
  return { form_data: entry.form_data };
}

export async function deleteFormData(
  ctx: AppContext,
  actor: Actor,
  key: string,
): Promise<{ message: string }> {
  requirePermission(actor, 'can_write', VIEW);
  const user = requireUser(actor);
  const entry = await findFormData(ctx, key);
  if (!entry) throw notFound(FORM_DATA_NOT_FOUND_MESSAGE);
  if (entry.owner !== user.id) throw forbidden();
  await keyValueWrites.delete(ctx.store.db, RESOURCE, key);
  return { message: FORM_DATA_DELETED_MESSAGE };
}
