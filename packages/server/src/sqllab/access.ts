import { TesseraError } from '@tessera/shared/errors';
import {
  canAccessTable,
  canSeeDatabase,
  hasFullAccess,
  type Principal,
} from '../databases/access.ts';
import type { DatabaseRow } from '../databases/repository.ts';
import type { StatementInfo } from './statements.ts';

/**
 * Who may run what: the database must be visible to the caller; with database-wide access every
 * table is allowed, otherwise each table a statement reads needs a schema grant (its own schema,
 * else the tab's) or a dataset grant of that name.
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
  if (hasFullAccess(principal, database)) return;
  const denied: string[] = [];
  for (const statement of statements) {
    for (const table of statement.tables) {
      const schema = table.schema ?? context.schema;
      const catalog = table.catalog ?? context.catalog;
      if (canAccessTable(principal, database, { name: table.name, schema, catalog })) continue;
      const label = [schema, table.name].filter(Boolean).join('.');
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
}
