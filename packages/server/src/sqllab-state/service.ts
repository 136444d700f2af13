import {
  QueryEditorPayload,
  type TabStateAnswer,
  TabStateUpdate,
} from '@tessera/shared/api/sqllabState';
import { notFound, TesseraError } from '@tessera/shared/errors';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { fromBool } from '../platform/metadata/store.ts';
import type { Actor, CurrentUser } from '../security/actor.ts';
import { capInput } from '../sqllab/limits.ts';
import { actingUser, ownedTab, requireOwnSavedQuery, requireVisibleDatabase } from './access.ts';
import { type Fields, requireObjectField, validate } from './forms.ts';
import { toQueryRecords, toTabStateAnswer } from './present.ts';
import { queryLinks } from './queryLinks.ts';
import { type TabStateChanges, type TabStateRow, tabStateRepository } from './repository.ts';

/**
 * The rules of `/tabstateview/`: SQL Lab's editor tabs kept on the server for the user who made
 * them (the SQLLAB_BACKEND_PERSISTENCE flag). Every route checks its TabStateView permission and
 * the tab's owner; writes happen in one transaction.
 */

const VIEW = 'TabStateView';
export const DEFAULT_TAB_LABEL = 'Untitled Query';
export const DEFAULT_TAB_SQL = 'SELECT ...';

const ClientIdField = z.object({
  queryId: z
    .string()
    .min(1, 'Shorter than minimum length 1.')
    .max(11, 'Longer than maximum length 11.'),
});

/** JSON text for a value that may arrive as text or as the object itself. */
function jsonText(value: string | Record<string, unknown> | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `extra_json` of a new tab: what the editor sent, else its `{updatedAt, version}`. */
function extraOf(editor: QueryEditorPayload): string {
  const given = jsonText(editor.extra_json);
  if (given !== null) return given;
  const extra: Record<string, unknown> = {};
  if (typeof editor.updatedAt === 'number') extra.updatedAt = editor.updatedAt;
  if (typeof editor.version === 'number') extra.version = editor.version;
  return JSON.stringify(extra);
}

export async function createTab(
  ctx: AppContext,
  actor: Actor,
  fields: Fields,
): Promise<{ id: number }> {
  const user = actingUser(actor, 'can_post', VIEW);
  const editor = validate(
    QueryEditorPayload,
    requireObjectField(fields, 'queryEditor'),
    'queryEditor',
  );
  capInput({
    sql: ['queryEditor.sql', editor.sql],
    names: [
      ['queryEditor.name', editor.name],
      ['queryEditor.title', editor.title],
      ['queryEditor.schema', editor.schema],
      ['queryEditor.catalog', editor.catalog],
    ],
    templateParams: ['queryEditor.templateParams', editor.templateParams],
  });
  const databaseId = editor.dbId ?? null;
  if (databaseId !== null) await requireVisibleDatabase(ctx, actor, databaseId, 'queryEditor.dbId');
  const savedQueryId = editor.remoteId ?? null;
  if (savedQueryId !== null)
    await requireOwnSavedQuery(ctx, user, savedQueryId, 'queryEditor.remoteId');

  const id = await ctx.store.db.transaction().execute(async (trx) => {
    await tabStateRepository.setActive(trx, user.id, null);
    return tabStateRepository.insert(trx, {
      user_id: user.id,
      label: editor.name || editor.title || DEFAULT_TAB_LABEL,
      active: 1,
      database_id: databaseId,
      catalog: editor.catalog ?? null,
      schema: editor.schema ?? null,
      sql: editor.sql ?? DEFAULT_TAB_SQL,
      query_limit: editor.queryLimit ?? null,
      latest_query_id: null,
      autorun: fromBool(editor.autorun),
      template_params: jsonText(editor.templateParams),
      hide_left_bar: fromBool(editor.hideLeftBar),
      saved_query_id: savedQueryId,
      extra_json: extraOf(editor),
    });
  });
  return { id };
}

/** A tab with its table schemas and its latest run, as GET answers it. */
export async function presentTab(ctx: AppContext, row: TabStateRow): Promise<TabStateAnswer> {
  const tables = await tabStateRepository.tableSchemasOf(ctx.store.db, [row.id]);
  let latest: Record<string, unknown> | null = null;
  if (row.latest_query_id) {
    const query = await queryLinks.byClientId(ctx.store.db, row.latest_query_id);
    if (query) latest = (await toQueryRecords(ctx.store, [query])).get(query.client_id) ?? null;
  }
  return toTabStateAnswer(row, tables, latest);
}

export async function getTab(ctx: AppContext, actor: Actor, id: number): Promise<TabStateAnswer> {
  const user = actingUser(actor, 'can_get', VIEW);
  return presentTab(ctx, await ownedTab(ctx, user, id));
}

export async function updateTab(
  ctx: AppContext,
  actor: Actor,
  id: number,
  fields: Fields,
): Promise<number> {
  const user = actingUser(actor, 'can_put', VIEW);
  await ownedTab(ctx, user, id);
  const update = validate(TabStateUpdate, fields);
  capInput({
    sql: ['sql', update.sql],
    names: [
      ['schema', update.schema],
      ['catalog', update.catalog],
    ],
    templateParams: ['template_params', update.template_params],
  });
  const changes = await changesOf(ctx, actor, user, update);
  if (Object.keys(changes).length > 0) {
    await tabStateRepository.update(ctx.store.db, id, changes);
  }
  return id;
}

async function changesOf(
  ctx: AppContext,
  actor: Actor,
  user: CurrentUser,
  update: TabStateUpdate,
): Promise<TabStateChanges> {
  const changes: TabStateChanges = {};
  if (update.database_id !== undefined) {
    if (update.database_id !== null) {
      await requireVisibleDatabase(ctx, actor, update.database_id, 'database_id');
    }
    changes.database_id = update.database_id;
  }
  if (update.saved_query_id !== undefined) {
    if (update.saved_query_id !== null) {
      await requireOwnSavedQuery(ctx, user, update.saved_query_id, 'saved_query_id');
    }
    changes.saved_query_id = update.saved_query_id;
  }
  if (update.latest_query_id !== undefined) {
    if (update.latest_query_id !== null) {
      const query = await queryLinks.byClientId(ctx.store.db, update.latest_query_id);
      if (!query || query.user_id !== user.id) {
        throw new TesseraError(400, 'Invalid input', {
          fields: { latest_query_id: [`Query ${update.latest_query_id} does not exist.`] },
        });
      }
    }
    changes.latest_query_id = update.latest_query_id;
  }
  if (update.catalog !== undefined) changes.catalog = update.catalog;
  if (update.schema !== undefined) changes.schema = update.schema;
  if (update.sql !== undefined) changes.sql = update.sql ?? '';
  if (update.label !== undefined && update.label !== null) {
    changes.label = update.label || DEFAULT_TAB_LABEL;
  }
  if (update.query_limit !== undefined) changes.query_limit = update.query_limit;
  if (update.template_params !== undefined) {
    changes.template_params = jsonText(update.template_params);
  }
  if (update.hide_left_bar !== undefined) changes.hide_left_bar = fromBool(update.hide_left_bar);
  if (update.autorun !== undefined) changes.autorun = fromBool(update.autorun);
  if (update.extra_json !== undefined) changes.extra_json = jsonText(update.extra_json) ?? '{}';
  return changes;
}

export async function deleteTab(ctx: AppContext, actor: Actor, id: number): Promise<'OK'> {
  const user = actingUser(actor, 'can_delete', VIEW);
  await ownedTab(ctx, user, id);
  await ctx.store.db.transaction().execute((trx) => tabStateRepository.delete(trx, id));
  return 'OK';
}

export async function activateTab(ctx: AppContext, actor: Actor, id: number): Promise<number> {
  const user = actingUser(actor, 'can_activate', VIEW);
  await ownedTab(ctx, user, id);
  await ctx.store.db.transaction().execute((trx) => tabStateRepository.setActive(trx, user.id, id));
  return id;
}

/** Attaches one of the user's runs to the tab (a run made while the tab lived only locally). */
export async function migrateQuery(
  ctx: AppContext,
  actor: Actor,
  id: number,
  fields: Fields,
): Promise<number> {
  const user = actingUser(actor, 'can_migrate_query', VIEW);
  await ownedTab(ctx, user, id);
  const clientId = validate(ClientIdField, fields).queryId;
  const query = await queryLinks.byClientId(ctx.store.db, clientId);
  if (!query || query.user_id !== user.id) throw notFound(`Query ${clientId} does not exist`);
  await queryLinks.moveToTab(ctx.store.db, clientId, id);
  return id;
}

/**
 * Removes a run from the tab's history. When it was the tab's latest run, the tab falls back to
 * its previous run (or none), as Superset does.
 */
export async function deleteTabQuery(
  ctx: AppContext,
  actor: Actor,
  id: number,
  clientId: string,
): Promise<'OK'> {
  const user = actingUser(actor, 'can_delete_query', VIEW);
  const tab = await ownedTab(ctx, user, id);
  await ctx.store.db.transaction().execute(async (trx) => {
    if (tab.latest_query_id === clientId) {
      const previous = await queryLinks.latestInTab(trx, user.id, id, clientId);
      await tabStateRepository.update(trx, id, { latest_query_id: previous?.client_id ?? null });
    }
    await queryLinks.deleteFromTab(trx, user.id, id, clientId);
  });
  return 'OK';
}
