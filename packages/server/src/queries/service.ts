import type { ListQuery } from '@tessera/shared/api/common';
import type {
  QueryItem,
  QueryListAnswer,
  QueryListItem,
  QueryRecord,
} from '@tessera/shared/api/sqllab';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { safeGetSpec } from '../databases/connections.ts';
import { withParseBudget } from '../engines/sqlParser.ts';
import { listEnvelope } from '../platform/listing.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { toQueryRecord } from '../sqllab/present.ts';
import {
  type QueryListFilters,
  type QueryRowWithNames,
  queryRepository,
} from '../sqllab/repository.ts';
import { analyzeStatement, tokenizeOptions } from '../sqllab/statements.ts';
import { splitStatements } from '../sqllab/tokens.ts';
import { canSeeQuery, seesAllQueries } from '../sqllab/visibility.ts';
import { toQueryItem, toQueryListItem } from './present.ts';

const LIST_PARSE_BUDGET_MS = 500;

/**
 * What stopping needs from the process's SQL Lab runtime: to abort a run it holds. A small
 * interface, so this feature depends on sqllab's repository and presenter only, never on its
 * runtime (app.ts hands the runtime over).
 */
export interface LocalRuns {
  /** Aborts a run of this process; answers whether it had one. */
  abortLocal(queryId: number): boolean;
}

const READ: [string, string] = ['can_read', 'Query'];
const FINISHED = ['success', 'failed', 'timed_out', 'stopped'];

/** Stops a query: its row says `stopped` at once, and the engine cancels the statement. */
export async function stopQuery(
  ctx: AppContext,
  runs: LocalRuns,
  actor: Actor,
  clientId: string,
): Promise<{ result: 'OK' }> {
  requirePermission(actor, ...READ);
  requireUser(actor);
  const row = await queryRepository.getByClientId(ctx.store.db, clientId);
  // Another user's query is answered like an unknown one: its existence is not revealed.
  if (!row || !canSeeQuery(actor, row))
    throw notFound(`Query with client_id ${clientId} not found`);
  if (FINISHED.includes(row.status)) return { result: 'OK' };
  await queryRepository.updateIfStatus(
    ctx.store.db,
    row.id,
    ['pending', 'running', 'started', 'scheduled', 'fetching'],
    {
      status: 'stopped',
      end_time: Date.now(),
    },
  );
  // Runs of this process stop now; another process's run stops at its next heartbeat.
  runs.abortLocal(row.id);
  return { result: 'OK' };
}

export async function getQuery(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ id: number; result: QueryItem }> {
  requirePermission(actor, ...READ);
  const row = await queryRepository.get(ctx.store.db, id);
  if (!row || !canSeeQuery(actor, row)) throw notFound();
  return { id: row.id, result: toQueryItem(row) };
}

export async function updatedSince(
  ctx: AppContext,
  actor: Actor,
  lastUpdatedMs: number,
): Promise<{ result: QueryRecord[] }> {
  requirePermission(actor, ...READ);
  const user = requireUser(actor);
  const since = new Date(
    Number.isFinite(lastUpdatedMs) ? Math.max(0, lastUpdatedMs) : 0,
  ).toISOString();
  const rows = await queryRepository.changedSince(ctx.store.db, user.id, since);
  return { result: rows.map(toQueryRecord) };
}

const LIST_COLUMNS = [
  'id',
  'changed_on',
  'database.database_name',
  'executed_sql',
  'rows',
  'catalog',
  'schema',
  'sql',
  'sql_tables',
  'status',
  'tab_name',
  'user.first_name',
  'user.id',
  'user.last_name',
  'start_time',
  'end_time',
  'tmp_table_name',
  'tracking_url',
];
const ORDER_COLUMNS: Record<string, string> = {
  changed_on: 'query.changed_on',
  'database.database_name': 'dbs.database_name',
  rows: 'query.rows',
  schema: 'query.schema',
  start_time: 'query.start_time',
  end_time: 'query.end_time',
  sql: 'query.sql',
  tab_name: 'query.tab_name',
  status: 'query.status',
  'user.first_name': 'ab_user.first_name',
};

function filtersOf(q: ListQuery, userId: number | null): QueryListFilters {
  const filters: QueryListFilters = { userId };
  for (const filter of q.filters ?? []) {
    const value = filter.value;
    switch (`${filter.col}:${filter.opr}`) {
      case 'database:rel_o_m':
      case 'database:eq':
      case 'database_id:eq':
        filters.databaseId = Number(value);
        break;
      case 'status:eq':
        filters.status = String(value);
        break;
      case 'user:rel_o_m':
      case 'user:eq':
      case 'user_id:eq':
        filters.filterUserId = Number(value);
        break;
      case 'sql:ct':
        filters.sqlContains = String(value);
        break;
      case 'changed_on:gt':
        filters.changedAfter = String(value);
        break;
      case 'changed_on:lt':
        filters.changedBefore = String(value);
        break;
      default:
        throw badRequest(`Filter column: ${filter.col} not allowed to filter`);
    }
    if (
      (filters.databaseId !== undefined && !Number.isInteger(filters.databaseId)) ||
      (filters.filterUserId !== undefined && !Number.isInteger(filters.filterUserId))
    ) {
      throw badRequest(`Not a valid rison schema: filters: ${filter.col} needs an id`);
    }
  }
  return filters;
}

/** History: the caller's own queries, or everyone's for admins and all_query_access. */
export async function listQueries(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery,
): Promise<QueryListAnswer> {
  requirePermission(actor, ...READ);
  const user = requireUser(actor);
  const seesAll = seesAllQueries(actor);
  const orderKey = q.order_column ?? 'changed_on';
  const orderColumn = ORDER_COLUMNS[orderKey];
  if (!orderColumn)
    throw badRequest(`Not a valid rison schema: order_column: ${orderKey} is not allowed`);
  const pageSize = q.page_size === undefined ? 25 : q.page_size;
  const page = q.page ?? 0;
  const { rows, count } = await queryRepository.list(
    ctx.store.db,
    filtersOf(q, seesAll ? null : user.id),
    {
      offset: pageSize > 0 ? page * pageSize : 0,
      limit: pageSize > 0 ? pageSize : null,
      orderColumn,
      direction: q.order_direction ?? 'desc',
    },
  );
  // One page of history parses at most half a second of SQL; past that, tables come from keywords.
  const result = withParseBudget(LIST_PARSE_BUDGET_MS, () =>
    rows.map((row) => toQueryListItem(row, tablesOf(row))),
  );
  return listEnvelope(
    { count, ids: rows.map((row) => row.id), result },
    { title: 'List Query', listColumns: LIST_COLUMNS, orderColumns: Object.keys(ORDER_COLUMNS) },
  );
}

/** The tables a history entry's SQL reads, as the parser of its database's dialect sees them. */
function tablesOf(row: QueryRowWithNames): QueryListItem['sql_tables'] {
  const dialect = (row.database_engine && safeGetSpec(row.database_engine)?.dialect) || {
    parserDatabase: 'postgresql',
  };
  const seen = new Set<string>();
  const tables: QueryListItem['sql_tables'] = [];
  for (const statement of splitStatements(row.sql, tokenizeOptions(dialect))) {
    for (const table of analyzeStatement(statement, dialect).tables) {
      const key = `${table.catalog}.${table.schema}.${table.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      tables.push({ table: table.name, schema: table.schema, catalog: table.catalog });
    }
  }
  return tables;
}
