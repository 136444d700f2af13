import { statementGuard } from '../statementGuard.ts';
import { sqliteDialect } from './dialect.ts';

/** PRAGMAs that only read: with a table (or index) argument, or with none. */
const TABLE_PRAGMAS = [
  'table_info',
  'table_xinfo',
  'table_list',
  'index_list',
  'index_info',
  'index_xinfo',
  'foreign_key_list',
];
const VALUE_PRAGMAS = [
  'database_list',
  'table_list',
  'collation_list',
  'function_list',
  'module_list',
  'pragma_list',
  'compile_options',
  'encoding',
  'page_size',
  'page_count',
  'user_version',
  'application_id',
];

/** Refuses what would change SQLite's state for every user of the pooled handles. */
export const sqliteRefusesStatement = statementGuard(sqliteDialect, {
  pragmas: { tables: new Set(TABLE_PRAGMAS), values: new Set(VALUE_PRAGMAS) },
  // load_extension is refused with the other ways out of the database file (fileGuard.ts).
  stateFunctions: new Set(),
});
