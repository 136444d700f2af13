import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import {
  RLS_NAME_EXISTS_MESSAGE,
  RLS_ORDER_COLUMNS,
  type RlsCreateBody,
  type RlsFilterType,
  type RlsListAnswer,
  type RlsRule,
  type RlsUpdateBody,
  ROLES_NOT_FOUND_MESSAGE,
  TABLES_NOT_FOUND_MESSAGE,
} from '@tessera/shared/api/rls';
import { badRequest, notFound, TesseraError } from '@tessera/shared/errors';
import type { RolePermissions } from '@tessera/shared/permissions';
import type { AppContext } from '../context.ts';
import { assertLengths, MAX_EXPRESSION, MAX_NAME, MAX_TEXT } from '../databases/limits.ts';
import { humanizeAge } from '../databases/present.ts';
import { databaseRepository } from '../databases/repository.ts';
import { compareBy, listEnvelope, pageOf } from '../platform/listing.ts';
import type { TemplateContext } from '../platform/templates/context.ts';
import { renderTemplate } from '../platform/templates/render.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { combineClauses, rulesApplying } from './combine.ts';
import { type RlsRow, type RlsRuleRef, type RlsWrite, rlsRepository } from './repository.ts';

/**
 * `/api/v1/rowlevelsecurity/` (admins: ('can_read'|'can_write', 'RowLevelSecurity')) and the
 * function every query path calls: `rlsClausesFor`.
 */

const READ: [string, string] = ['can_read', 'RowLevelSecurity'];
const WRITE: [string, string] = ['can_write', 'RowLevelSecurity'];
const LIST_COLUMNS = [
  'id',
  'name',
  'filter_type',
  'tables.id',
  'tables.schema',
  'tables.table_name',
  'roles.id',
  'roles.name',
  'clause',
  'group_key',
  'description',
  'changed_on_delta_humanized',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_by.id',
] as const;

const invalid = (field: string, message: string) =>
  new TesseraError(422, 'Invalid input', { fields: { [field]: [message] } });

/** Who a query runs for: a signed-in user, a guest, or an anonymous caller (Public roles). */
export interface RlsSubject {
  id?: number | null;
  username?: string | null;
  email?: string | null;
  roles: RolePermissions;
}

/** The subject an actor's queries are filtered for: its user, or just its roles. */
export function rlsSubjectOf(actor: Actor): RlsSubject {
  const user = actor.user;
  return user
    ? { id: user.id, username: user.username, email: user.email, roles: actor.roles }
    : { roles: actor.roles };
}

/**
 * The row-level security predicates for `subject` on dataset `datasetId`, rendered and ready to
 * be ANDed into the WHERE clause (each already parenthesised; rules sharing a group key are one
 * ORed predicate). `template` is either extra template variables (URL params, filters, dataset
 * params) for this module's renderer, or the caller's own renderer (the query engine passes the
 * one it renders the rest of the query with).
 */
export async function rlsClausesFor(
  ctx: Pick<AppContext, 'store'>,
  subject: RlsSubject | null,
  datasetId: number,
  template: TemplateContext | ((clause: string) => string) = {},
): Promise<string[]> {
  const rules = await rlsRepository.rulesForTable(ctx.store.db, datasetId);
  return rlsClausesOf(rules, subject, template);
}

/** `rlsClausesFor` over a table's rules already read (chart data keeps them in a memo). */
export function rlsClausesOf(
  tableRules: RlsRuleRef[],
  subject: RlsSubject | null,
  template: TemplateContext | ((clause: string) => string) = {},
): string[] {
  const rules = rulesApplying(tableRules, Object.keys(subject?.roles ?? {}));
  if (typeof template === 'function') return combineClauses(rules, template);
  const roles = Object.keys(subject?.roles ?? {});
  const templateContext: TemplateContext = {
    ...template,
    user: subject
      ? {
          id: subject.id ?? null,
          username: subject.username ?? null,
          email: subject.email ?? null,
          roles,
        }
      : null,
  };
  return combineClauses(rules, (clause) => renderTemplate(clause, templateContext));
}

/** The rules that apply (ids and clauses), e.g. for a cache key. */
export async function rlsRulesFor(
  ctx: Pick<AppContext, 'store'>,
  subject: RlsSubject | null,
  datasetId: number,
) {
  const rules = await rlsRepository.rulesForTable(ctx.store.db, datasetId);
  return rulesApplying(rules, Object.keys(subject?.roles ?? {}));
}

async function toRules(ctx: AppContext, rows: RlsRow[]): Promise<RlsRule[]> {
  const ids = rows.map((r) => r.id);
  const [roles, tables, users] = await Promise.all([
    rlsRepository.rolesOf(ctx.store.db, ids),
    rlsRepository.tablesOf(ctx.store.db, ids),
    databaseRepository.userNames(
      ctx.store.db,
      rows.map((r) => r.changed_by_fk).filter((id): id is number => id !== null),
    ),
  ]);
  return rows.map((row) => {
    const changedBy = row.changed_by_fk === null ? undefined : users.get(row.changed_by_fk);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      filter_type: row.filter_type as RlsFilterType,
      tables: tables
        .filter((t) => t.rls_filter_id === row.id)
        .map((t) => ({ id: t.id, schema: t.schema, table_name: t.table_name })),
      roles: roles
        .filter((r) => r.rls_filter_id === row.id)
        .map((r) => ({ id: r.id, name: r.name })),
      group_key: row.group_key,
      clause: row.clause,
      changed_on: row.changed_on,
      changed_on_delta_humanized: humanizeAge(row.changed_on),
      changed_by:
        changedBy && row.changed_by_fk !== null
          ? {
              id: row.changed_by_fk,
              first_name: changedBy.first_name,
              last_name: changedBy.last_name,
            }
          : null,
    };
  });
}

function filterPredicate(filter: ListFilter): (rule: RlsRule) => boolean {
  const text = (read: (r: RlsRule) => string | null) => {
    if (typeof filter.value !== 'string')
      throw badRequest('Not a valid rison schema: filters.value must be a string');
    const needle = filter.value.toLowerCase();
    if (filter.opr === 'ct') return (r: RlsRule) => (read(r) ?? '').toLowerCase().includes(needle);
    if (filter.opr === 'eq') return (r: RlsRule) => read(r) === filter.value;
    if (filter.opr === 'sw')
      return (r: RlsRule) => (read(r) ?? '').toLowerCase().startsWith(needle);
    throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
  };
  const related = (ids: (r: RlsRule) => number[]) => {
    if (filter.opr !== 'rel_m_m')
      throw badRequest(`Filter operator: ${filter.opr} not allowed on ${filter.col}`);
    const wanted = Number(filter.value);
    if (!Number.isInteger(wanted))
      throw badRequest('Not a valid rison schema: filters.value must be an id');
    return (r: RlsRule) => ids(r).includes(wanted);
  };
  switch (filter.col) {
    case 'name':
      return text((r) => r.name);
    case 'filter_type':
      return text((r) => r.filter_type);
    case 'group_key':
      return text((r) => r.group_key);
    case 'clause':
      return text((r) => r.clause);
    case 'roles':
      return related((r) => r.roles.map((x) => x.id));
    case 'tables':
      return related((r) => r.tables.map((x) => x.id));
    default:
      throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
  }
}

export async function listRules(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<RlsListAnswer> {
  requirePermission(actor, ...READ);
  let rules = await toRules(ctx, await rlsRepository.list(ctx.store.db));
  for (const filter of q.filters ?? []) rules = rules.filter(filterPredicate(filter));
  const column = q.order_column ?? 'changed_on_delta_humanized';
  if (!(RLS_ORDER_COLUMNS as readonly string[]).includes(column))
    throw badRequest(`Invalid order column: ${column}`);
  const key = column === 'changed_on_delta_humanized' ? 'changed_on' : column;
  rules.sort(
    compareBy(
      (rule) => (rule as unknown as Record<string, unknown>)[key],
      q.order_direction ?? 'desc',
    ),
  );
  const shown = pageOf(rules, q);
  return listEnvelope(
    {
      count: rules.length,
      ids: shown.map((r) => r.id),
      result: shown as unknown as Array<Record<string, unknown>>,
    },
    {
      title: 'List Row Level Security',
      listColumns: LIST_COLUMNS,
      orderColumns: RLS_ORDER_COLUMNS,
    },
  );
}

export async function getRule(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ id: number; result: RlsRule }> {
  requirePermission(actor, ...READ);
  const row = await rlsRepository.get(ctx.store.db, id);
  if (!row) throw notFound();
  const [rule] = await toRules(ctx, [row]);
  return { id, result: rule as RlsRule };
}

/** A clause is an expression; names and group keys are names (400 naming the field). */
function assertRuleLengths(body: RlsUpdateBody): void {
  assertLengths({
    name: [body.name, MAX_NAME],
    description: [body.description, MAX_TEXT],
    group_key: [body.group_key, MAX_NAME],
    clause: [body.clause, MAX_EXPRESSION],
  });
}

async function checkLinks(ctx: AppContext, roles?: number[], tables?: number[]) {
  if (roles) {
    const known = await rlsRepository.existingRoleIds(ctx.store.db, roles);
    if (roles.some((id) => !known.has(id))) throw invalid('roles', ROLES_NOT_FOUND_MESSAGE);
  }
  if (tables) {
    const known = await rlsRepository.existingTableIds(ctx.store.db, tables);
    if (tables.some((id) => !known.has(id))) throw invalid('tables', TABLES_NOT_FOUND_MESSAGE);
  }
}

export async function createRule(
  ctx: AppContext,
  actor: Actor,
  body: RlsCreateBody,
): Promise<{ id: number; result: Record<string, unknown> }> {
  requirePermission(actor, ...WRITE);
  assertRuleLengths(body);
  await checkLinks(ctx, body.roles, body.tables);
  if (await rlsRepository.getByName(ctx.store.db, body.name))
    throw invalid('name', RLS_NAME_EXISTS_MESSAGE);
  const write: RlsWrite = {
    name: body.name,
    description: body.description ?? null,
    filter_type: body.filter_type,
    group_key: body.group_key?.trim() || null,
    clause: body.clause,
  };
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    const newId = await rlsRepository.insert(trx, write, actor);
    await rlsRepository.setRoles(trx, newId, body.roles);
    await rlsRepository.setTables(trx, newId, body.tables);
    return newId;
  });
  return { id, result: { ...body } };
}

export async function updateRule(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: RlsUpdateBody,
): Promise<{ id: number; result: Record<string, unknown> }> {
  requirePermission(actor, ...WRITE);
  assertRuleLengths(body);
  const row = await rlsRepository.get(ctx.store.db, id);
  if (!row) throw notFound();
  await checkLinks(ctx, body.roles, body.tables);
  if (body.name !== undefined && body.name !== row.name) {
    const other = await rlsRepository.getByName(ctx.store.db, body.name);
    if (other && other.id !== id) throw invalid('name', RLS_NAME_EXISTS_MESSAGE);
  }
  const write: Partial<RlsWrite> = {};
  if (body.name !== undefined) write.name = body.name;
  if (body.description !== undefined) write.description = body.description;
  if (body.filter_type !== undefined) write.filter_type = body.filter_type;
  if (body.group_key !== undefined) write.group_key = body.group_key?.trim() || null;
  if (body.clause !== undefined) write.clause = body.clause;
  await ctx.store.db.transaction().execute(async (trx) => {
    await rlsRepository.update(trx, id, write, actor);
    if (body.roles) await rlsRepository.setRoles(trx, id, body.roles);
    if (body.tables) await rlsRepository.setTables(trx, id, body.tables);
  });
  return { id, result: { ...body } };
}

export async function deleteRules(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  bulk: boolean,
): Promise<{ message: string }> {
  requirePermission(actor, ...WRITE);
  const unique = [...new Set(ids)];
  for (const id of unique) if (!(await rlsRepository.get(ctx.store.db, id))) throw notFound();
  await rlsRepository.delete(ctx.store.db, unique);
  if (!bulk) return { message: 'OK' };
  return { message: unique.length === 1 ? 'Deleted 1 rule' : `Deleted ${unique.length} rules` };
}
