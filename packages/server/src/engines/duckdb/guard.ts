import { statementGuard } from '../statementGuard.ts';
import { duckdbDialect } from './dialect.ts';

/** PRAGMAs and their `pragma_*` table functions that only read the catalog or the engine. */
const TABLE_PRAGMAS = ['table_info', 'show', 'storage_info'];
const VALUE_PRAGMAS = [
  'show_tables',
  'show_tables_expanded',
  'show_databases',
  'database_list',
  'database_size',
  'version',
  'platform',
  'functions',
  'collations',
  'metadata_info',
  'user_agent',
];

/** Refuses what would change DuckDB's state for every user (settings are also locked: connect.ts). */
export const duckdbRefusesStatement = statementGuard(duckdbDialect, {
  pragmas: { tables: new Set(TABLE_PRAGMAS), values: new Set(VALUE_PRAGMAS) },
  calls: new Set([...TABLE_PRAGMAS, ...VALUE_PRAGMAS].map((name) => `pragma_${name}`)),
  stateFunctions: new Set([
    'enable_logging',
    'disable_logging',
    'truncate_duckdb_logs',
    'checkpoint',
    'force_checkpoint',
  ]),
});
