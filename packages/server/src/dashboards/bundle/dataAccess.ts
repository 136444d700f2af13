import {
  canAccessTable,
  canSeeDatabase,
  hasFullAccess,
  type Principal,
} from '../../databases/access.ts';
import type { Dialect } from '../../engines/types.ts';
import { analyzeStatement, tokenizeOptions } from '../../sqllab/statements.ts';
import { splitStatements } from '../../sqllab/tokens.ts';

/**
 * Whether the importer may already read the data a new dataset would expose. An imported dataset
 * is owned by its importer and owners read their datasets, so without this check a bundle could
 * turn any table into readable data. As Superset's import (`raise_for_access` on the new
 * dataset, and on the SQL of a virtual one when it is created), the grants are the caller's own:
 * database or schema access, or a dataset grant of that table name.
 */

export interface NewDataset {
  table_name: string;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
}

const label = (schema: string | null, name: string) => (schema ? `${schema}.${name}` : name);

/** null when allowed, else what the caller would gain, worded for the 403. */
export function deniedData(
  principal: Principal,
  database: { id: number; database_name: string },
  dialect: Dialect,
  dataset: NewDataset,
): string | null {
  if (hasFullAccess(principal, database)) return null;
  const sql = dataset.sql?.trim() ? dataset.sql : null;
  if (!sql) {
    const table = { name: dataset.table_name, schema: dataset.schema, catalog: dataset.catalog };
    return canAccessTable(principal, database, table)
      ? null
      : `the table ${label(dataset.schema, dataset.table_name)} of database ${database.database_name}`;
  }
  if (!canSeeDatabase(principal, database)) return `the database ${database.database_name}`;
  // A template can name any table once rendered, so only database-wide access covers it.
  if (/\{\{|\{%/.test(sql)) {
    return `the whole database ${database.database_name} (its SQL uses templates)`;
  }
  const denied: string[] = [];
  for (const statement of splitStatements(sql, tokenizeOptions(dialect))) {
    for (const table of analyzeStatement(statement, dialect).tables) {
      const schema = table.schema ?? dataset.schema;
      const catalog = table.catalog ?? dataset.catalog;
      if (canAccessTable(principal, database, { name: table.name, schema, catalog })) continue;
      const name = label(schema, table.name);
      if (!denied.includes(name)) denied.push(name);
    }
  }
  if (denied.length === 0) return null;
  const tables = denied.length === 1 ? 'the table' : 'the tables';
  return `${tables} ${denied.join(', ')} of database ${database.database_name}`;
}
