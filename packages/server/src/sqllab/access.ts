import { TesseraError } from '@tessera/shared/errors';
import {
  canAccessTable,
  canSeeDatabase,
  grantedTableNames,
  hasFullAccess,
  type Principal,
} from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import type { DatabaseRow } from '../databases/repository.ts';
import { isSystemTable, type StatementInfo } from './statements.ts';

/** Engines whose table names match whatever their case (a grant on `cars` covers `CARS`). */
const CASE_INSENSITIVE_ENGINES = new Set(['duckdb', 'sqlite']);

/**
 * Who may run what: the database must be visible to the caller, and no one may run a statement
 * that reaches files outside the database. With database-wide access every table is allowed;
 * otherwise each table a statement reads needs a schema grant (its own schema, else the tab's) or
 * a dataset grant of that name, the engine's catalog needs database-wide access, and a statement
 * whose reads Tessera cannot verify (see `StatementInfo.unverified`) is refused.
 */
export function checkQueryAccess(
  principal: Principal,
  database: DatabaseRow,
  statements: readonly StatementInfo[],
  context: { schema: string | null; catalog: string | null },
): void {
  if (!canSeeDatabase(principal, database)) {
    throw new TesseraError(403, 'You do not have access to this database.', {
      errorType: 'DATABASE_SECURITY_ACCESS_ERROR',
    });
  }
  const forbidden = statements.find((statement) => statement.forbidden);
  if (forbidden?.forbidden) {
    throw new TesseraError(403, forbidden.forbidden, {
      errorType: 'DATABASE_SECURITY_ACCESS_ERROR',
    });
  }
  if (hasFullAccess(principal, database)) return;
  const dialect = lookupSpec(database.engine).dialect;
  const caseInsensitive = CASE_INSENSITIVE_ENGINES.has(dialect.engine);
  const granted = caseInsensitive
    ? new Set([...grantedTableNames(principal, database)].map((name) => name.toLowerCase()))
    : null;
  const denied: string[] = [];
  for (const statement of statements) {
    for (const table of statement.tables) {
      const schema = table.schema ?? context.schema;
      const catalog = table.catalog ?? context.catalog;
      const allowed =
        !isSystemTable(table, dialect) &&
        (canAccessTable(principal, database, { name: table.name, schema, catalog }) ||
          Boolean(granted?.has(table.name.toLowerCase())));
      if (allowed) continue;
      const label = [table.schema ?? (isSystemTable(table, dialect) ? null : schema), table.name]
        .filter(Boolean)
        .join('.');
      if (!denied.includes(label)) denied.push(label);
    }
  }
  if (denied.length > 0) {
    throw new TesseraError(
      403,
      `You need access to the following tables: ${denied.join(', ')}, all database access or schema access`,
      { errorType: 'TABLE_SECURITY_ACCESS_ERROR', extra: { tables: denied } },
    );
  }
  const unverified = statements.find((statement) => statement.unverified);
  if (unverified?.unverified) {
    throw new TesseraError(
      403,
      `You need all database access to run this statement: ${unverified.unverified}.`,
      { errorType: 'TABLE_SECURITY_ACCESS_ERROR', extra: { reason: unverified.unverified } },
    );
  }
}
