import { TableSchemaPayload } from '@tessera/shared/api/sqllabState';
import { TesseraError } from '@tessera/shared/errors';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Actor, CurrentUser } from '../security/actor.ts';
import { capInput } from '../sqllab/limits.ts';
import { actingUser, BodylessError, ownedTab, requireVisibleDatabase } from './access.ts';
import { type Fields, requireObjectField, validate } from './forms.ts';
import { type TableSchemaRow, tabStateRepository } from './repository.ts';

/**
 * The rules of `/tableschemaview/`: tables shown in a tab's left bar. A table schema belongs to
 * whoever owns its tab; Superset does not check that when adding one, Tessera does.
 */

const VIEW = 'TableSchemaView';

const ExpandedField = z.object({ expanded: z.boolean() });

/** The table schema if its tab is the user's: 404 without one, 403 for another user's. */
async function ownedTableSchema(
  ctx: AppContext,
  user: CurrentUser,
  id: number,
): Promise<TableSchemaRow> {
  const row = await tabStateRepository.getTableSchema(ctx.store.db, id);
  if (!row) throw new BodylessError(404);
  const owner = await tabStateRepository.ownerOf(ctx.store.db, row.tab_state_id);
  if (owner !== user.id) throw new BodylessError(403);
  return row;
}

export async function addTableSchema(
  ctx: AppContext,
  actor: Actor,
  fields: Fields,
): Promise<{ id: number }> {
  const user = actingUser(actor, 'can_post', VIEW);
  const raw = requireObjectField(fields, 'table');
  const table = validate(TableSchemaPayload, raw, 'table');
  capInput({
    names: [
      ['table.name', table.name],
      ['table.schema', table.schema],
      ['table.catalog', table.catalog],
    ],
  });
  const tab = await tabStateRepository.get(ctx.store.db, table.queryEditorId);
  if (!tab) {
    throw new TesseraError(400, 'Invalid input', {
      fields: { 'table.queryEditorId': [`Tab ${table.queryEditorId} does not exist.`] },
    });
  }
  await ownedTab(ctx, user, tab.id);
  await requireVisibleDatabase(ctx, actor, table.dbId, 'table.dbId');
  const id = await ctx.store.db.transaction().execute((trx) =>
    tabStateRepository.replaceTableSchema(trx, {
      tab_state_id: tab.id,
      database_id: table.dbId,
      catalog: table.catalog ?? null,
      schema: table.schema ?? null,
      table: table.name,
      // The whole client table is kept, as Superset keeps it, so a reload restores it as it was.
      description: JSON.stringify(raw),
      expanded: table.expanded === false ? 0 : 1,
    }),
  );
  return { id };
}

export async function setTableSchemaExpanded(
  ctx: AppContext,
  actor: Actor,
  id: number,
  fields: Fields,
): Promise<{ id: number; expanded: boolean }> {
  const user = actingUser(actor, 'can_expanded', VIEW);
  await ownedTableSchema(ctx, user, id);
  const { expanded } = validate(ExpandedField, fields);
  await tabStateRepository.setExpanded(ctx.store.db, id, expanded);
  return { id, expanded };
}

export async function deleteTableSchema(ctx: AppContext, actor: Actor, id: number): Promise<'OK'> {
  const user = actingUser(actor, 'can_delete', VIEW);
  await ownedTableSchema(ctx, user, id);
  await tabStateRepository.deleteTableSchema(ctx.store.db, id);
  return 'OK';
}
