import { randomUUID } from 'node:crypto';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

/** Fields a caller may set. */
export interface SavedQueryWrite {
  label: string;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  description: string;
  template_parameters: string | null;
  extra_json: string;
}

/** A saved query with its database name and its creator's and last editor's names. */
export interface SavedQueryRecord {
  id: number;
  uuid: string;
  user_id: number | null;
  db_id: number | null;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string;
  sql: string;
  template_parameters: string | null;
  extra_json: string;
  rows: number | null;
  last_run: string | null;
  created_on: string;
  changed_on: string;
  database_name: string | null;
  created_by_id: number | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_id: number | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/** One list filter, already checked by the service. */
export type SavedQueryCondition =
  | { column: 'label' | 'sql' | 'description' | 'schema' | 'catalog'; op: TextOp; value: string }
  | { column: 'all_text'; op: 'ct'; value: string }
  | { column: 'db_id' | 'id'; op: 'eq' | 'neq' | 'gt' | 'lt'; value: number };
export type TextOp = 'ct' | 'eq' | 'neq' | 'sw' | 'ew';

/** Sortable columns, by the wire names the list accepts. */
const ORDER_EXPRESSIONS = {
  changed_on: 'saved_query.changed_on',
  changed_on_delta_humanized: 'saved_query.changed_on',
  created_on: 'saved_query.created_on',
  'created_by.first_name': 'creator.first_name',
  'database.database_name': 'dbs.database_name',
  description: 'saved_query.description',
  id: 'saved_query.id',
  label: 'saved_query.label',
  last_run_delta_humanized: 'saved_query.last_run',
  rows: 'saved_query.rows',
  schema: 'saved_query.schema',
  sql: 'saved_query.sql',
} as const;
export type SavedQueryOrder = keyof typeof ORDER_EXPRESSIONS;

/** `%` and `_` in a searched value match themselves. */
function likePattern(value: string, op: 'ct' | 'sw' | 'ew'): string {
  const escaped = value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return op === 'ct' ? `%${escaped}%` : op === 'sw' ? `${escaped}%` : `%${escaped}`;
}

type Eb = ExpressionBuilder<
  MetadataTables & { creator: MetadataTables['ab_user']; editor: MetadataTables['ab_user'] },
  'saved_query' | 'dbs' | 'creator' | 'editor'
>;

function textCondition(column: string, op: TextOp, value: string): Expression<SqlBool> {
  const ref = sql.ref(`saved_query.${column}`);
  switch (op) {
    case 'eq':
      return sql<SqlBool>`${ref} = ${value}`;
    case 'neq':
      return sql<SqlBool>`(${ref} is null or ${ref} <> ${value})`;
    default:
      return sql<SqlBool>`lower(${ref}) like ${likePattern(value, op)} escape '\\'`;
  }
}

function condition(eb: Eb, filter: SavedQueryCondition): Expression<SqlBool> {
  if (filter.column === 'all_text') {
    return eb.or([
      textCondition('label', 'ct', filter.value),
      textCondition('description', 'ct', filter.value),
      textCondition('sql', 'ct', filter.value),
    ]);
  }
  switch (filter.column) {
    case 'db_id':
    case 'id': {
      const ops = { eq: '=', neq: '<>', gt: '>', lt: '<' } as const;
      return eb(`saved_query.${filter.column}`, ops[filter.op], filter.value);
    }
    default:
      return textCondition(filter.column, filter.op, filter.value);
  }
}

function baseQuery(db: Db, userId: number) {
  return db
    .selectFrom('saved_query')
    .leftJoin('dbs', 'dbs.id', 'saved_query.db_id')
    .leftJoin('ab_user as creator', 'creator.id', 'saved_query.created_by_fk')
    .leftJoin('ab_user as editor', 'editor.id', 'saved_query.changed_by_fk')
    .where('saved_query.user_id', '=', userId);
}

function selectRecord(query: ReturnType<typeof baseQuery>) {
  return query.select([
    'saved_query.id',
    'saved_query.uuid',
    'saved_query.user_id',
    'saved_query.db_id',
    'saved_query.catalog',
    'saved_query.schema',
    'saved_query.label',
    'saved_query.description',
    'saved_query.sql',
    'saved_query.template_parameters',
    'saved_query.extra_json',
    'saved_query.rows',
    'saved_query.last_run',
    'saved_query.created_on',
    'saved_query.changed_on',
    'dbs.database_name',
    'creator.id as created_by_id',
    'creator.first_name as created_by_first_name',
    'creator.last_name as created_by_last_name',
    'editor.id as changed_by_id',
    'editor.first_name as changed_by_first_name',
    'editor.last_name as changed_by_last_name',
  ]);
}

/** The only SQL against `saved_query`. Every read is scoped to the user who created the row. */
export const savedQueryRepository = {
  async get(db: Db, userId: number, id: number): Promise<SavedQueryRecord | undefined> {
    return selectRecord(baseQuery(db, userId)).where('saved_query.id', '=', id).executeTakeFirst();
  },

  async list(
    db: Db,
    userId: number,
    options: {
      filters: SavedQueryCondition[];
      order: SavedQueryOrder;
      direction: 'asc' | 'desc';
      page: number;
      pageSize: number;
    },
  ): Promise<{ count: number; rows: SavedQueryRecord[] }> {
    const filtered = baseQuery(db, userId).where((eb) =>
      eb.and(options.filters.map((f) => condition(eb as unknown as Eb, f))),
    );
    const counted = await filtered
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    let rows = selectRecord(filtered)
      .orderBy(sql.ref(ORDER_EXPRESSIONS[options.order]), options.direction)
      .orderBy('saved_query.id', options.direction);
    if (options.pageSize >= 0) {
      rows = rows.limit(options.pageSize).offset(options.page * options.pageSize);
    }
    return { count: Number(counted.count), rows: await rows.execute() };
  },

  /** Ids among `ids` that the user created. */
  async ownedIds(db: Db, userId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('saved_query')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  },

  /** A saved query of `userId` (who alone sees it); `by` is who the audit columns name. */
  async insert(db: Db, by: AuditSource, userId: number, write: SavedQueryWrite): Promise<number> {
    const row = await db
      .insertInto('saved_query')
      .values({ ...write, uuid: randomUUID(), user_id: userId, ...createdStamp(by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(
    db: Db,
    by: AuditSource,
    userId: number,
    id: number,
    changes: Partial<SavedQueryWrite>,
  ): Promise<void> {
    await db
      .updateTable('saved_query')
      .set({ ...changes, ...changedStamp(by) })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  },

  async delete(db: Db, userId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .deleteFrom('saved_query')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  },
};
