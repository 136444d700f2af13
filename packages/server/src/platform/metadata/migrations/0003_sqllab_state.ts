import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { StoreDialect } from '../store.ts';

// Migrations never import application code: the table shapes are written out as they were.
type AnyDb = Kysely<Record<string, never>>;

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: StoreDialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const flag = (fallback: 0 | 1) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(fallback);

/**
 * SQL Lab's persisted state: saved queries, server-side editor tabs and the table schemas shown
 * in a tab. Deleting a user or a database takes their tabs and saved queries with it; deleting a
 * saved query only unlinks the tabs that pointed at it. `latest_query_id` is the client id of a
 * row in `query` (migration 0002) and is kept as plain text so the two stay independent.
 */
export function sqllabStateMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('saved_query'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('cascade'))
        .addColumn('db_id', 'integer', (c) => c.references('dbs.id').onDelete('cascade'))
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(128)')
        .addColumn('label', 'varchar(256)', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sql', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('template_parameters', 'text')
        .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('rows', 'integer')
        .addColumn('last_run', 'varchar(32)')
        .addColumn('created_by_fk', 'integer', (c) =>
          c.references('ab_user.id').onDelete('set null'),
        )
        .addColumn('changed_by_fk', 'integer', (c) =>
          c.references('ab_user.id').onDelete('set null'),
        )
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();
      await db.schema
        .createIndex('saved_query_user_idx')
        .on('saved_query')
        .column('user_id')
        .execute();

      await withId(db.schema.createTable('tab_state'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('ab_user.id').onDelete('cascade'),
        )
        .addColumn('label', 'varchar(256)', notNull)
        .addColumn('active', 'integer', flag(0))
        .addColumn('database_id', 'integer', (c) => c.references('dbs.id').onDelete('cascade'))
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(256)')
        .addColumn('sql', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('query_limit', 'integer')
        .addColumn('latest_query_id', 'varchar(11)')
        .addColumn('autorun', 'integer', flag(0))
        .addColumn('template_params', 'text')
        .addColumn('hide_left_bar', 'integer', flag(0))
        .addColumn('saved_query_id', 'integer', (c) =>
          c.references('saved_query.id').onDelete('set null'),
        )
        .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();
      await db.schema.createIndex('tab_state_user_idx').on('tab_state').column('user_id').execute();

      await withId(db.schema.createTable('table_schema'), dialect)
        .addColumn('tab_state_id', 'integer', (c) =>
          c.notNull().references('tab_state.id').onDelete('cascade'),
        )
        .addColumn('database_id', 'integer', (c) =>
          c.notNull().references('dbs.id').onDelete('cascade'),
        )
        .addColumn('catalog', 'varchar(256)')
        .addColumn('schema', 'varchar(256)')
        .addColumn('table', 'varchar(256)', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('expanded', 'integer', flag(1))
        .addColumn('created_on', 'varchar(32)', notNull)
        .addColumn('changed_on', 'varchar(32)', notNull)
        .execute();
      await db.schema
        .createIndex('table_schema_tab_idx')
        .on('table_schema')
        .column('tab_state_id')
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['table_schema', 'tab_state', 'saved_query']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
