import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { StoreDialect } from '../store.ts';

// Migrations never import application code: the table shapes are written out as they were.
// These helpers are the migrations' own and frozen: a landed migration's schema must not change,
// so a different column shape is a new helper, never an edit of one below.

export type AnyDb = Kysely<Record<string, never>>;
type Column = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** The table with an auto-incrementing integer primary key `id`. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: StoreDialect,
) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull: Column = (c) => c.notNull();
export const uniqueValue: Column = (c) => c.notNull().unique();
/** A 0/1 integer flag, never null. */
export const flag =
  (fallback: 0 | 1): Column =>
  (c) =>
    c.notNull().defaultTo(fallback);
/** Text that is never null, with a default. */
export const textOr =
  (fallback: string): Column =>
  (c) =>
    c.notNull().defaultTo(fallback);
/** A required reference whose row goes when the referenced row goes. */
export const belongsTo =
  (target: string): Column =>
  (c) =>
    c.notNull().references(target).onDelete('cascade');
/** An optional reference whose row goes when the referenced row goes. */
export const optionallyBelongsTo =
  (target: string): Column =>
  (c) =>
    c.references(target).onDelete('cascade');
/** An optional reference that is cleared when the referenced row goes. */
export const pointsTo =
  (target: string): Column =>
  (c) =>
    c.references(target).onDelete('set null');
export const userRef = pointsTo('ab_user.id');

/** `created_on` and `changed_on`, ISO-8601 text. */
export function timestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_on', 'varchar(32)', notNull)
    .addColumn('changed_on', 'varchar(32)', notNull);
}

/** Superset's audit columns: who created and last changed the row, and when. */
export function audited<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return timestamps(
    table
      .addColumn('created_by_fk', 'integer', userRef)
      .addColumn('changed_by_fk', 'integer', userRef),
  );
}

/** A link table: an id, two required cascading references and the pair unique. */
export function createLink(
  db: AnyDb,
  dialect: StoreDialect,
  table: string,
  [left, leftTarget]: [string, string],
  [right, rightTarget]: [string, string],
  uniqueName = `${table}_unique`,
) {
  return withId(db.schema.createTable(table), dialect)
    .addColumn(left, 'integer', belongsTo(leftTarget))
    .addColumn(right, 'integer', belongsTo(rightTarget))
    .addUniqueConstraint(uniqueName, [left, right])
    .execute();
}

export function createIndex(db: AnyDb, name: string, table: string, columns: string[]) {
  return db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Drops the tables in the order given (dependents first). */
export async function dropTables(db: AnyDb, tables: string[]) {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
