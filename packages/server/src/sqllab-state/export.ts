import { badRequest, notFound, TesseraError } from '@tessera/shared/errors';
import { hasPermission } from '@tessera/shared/permissions';
import type { AppContext } from '../context.ts';
import { canSeeDatabase, principalOf } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import { databaseRepository } from '../databases/repository.ts';
import type { Dialect } from '../engines/types.ts';
import { type Actor, rolesOf } from '../security/actor.ts';
import { checkQueryAccess } from '../sqllab/access.ts';
import { analyzeStatement, applyLimit, sqlLimitOf, tokenizeOptions } from '../sqllab/statements.ts';
import { splitStatements } from '../sqllab/tokens.ts';
import { actingUser } from './access.ts';
import type { ExportSource } from './exportFormats.ts';
import { type QueryRow, queryLinks } from './queryLinks.ts';

/**
 * Downloads of a SQL Lab result (`GET /api/v1/sqllab/export/{client_id}/`). The run's SELECT goes
 * to the engine again with the run's row limit (what the grid said it holds), bounded by the
 * export row limit, and its batches stream out as they arrive.
 */

export type ExportFormat = 'csv' | 'xlsx';

export const NOT_DOWNLOADABLE_MESSAGE =
  'Only the result of a query that finished successfully with a SELECT can be downloaded.';

export interface PreparedExport extends ExportSource {
  filename: string;
}

/** The query run if the caller may download it; 404 for a missing one or someone else's. */
async function downloadableRun(ctx: AppContext, actor: Actor, clientId: string): Promise<QueryRow> {
  const user = actingUser(actor, 'can_export_csv', 'SQLLab');
  const row = await queryLinks.byClientId(ctx.store.db, clientId);
  const mayReadAll = hasPermission(rolesOf(actor), 'all_query_access', 'all_query_access');
  if (!row || (row.user_id !== user.id && !mayReadAll)) throw notFound();
  if (row.status !== 'success') throw badRequest(NOT_DOWNLOADABLE_MESSAGE);
  return row;
}

/** The SELECT to run again: a CTAS run's table, else the last statement with the export limit. */
function exportSql(
  row: QueryRow,
  dialect: Dialect,
  exportLimit: number,
): { sql: string; limit: number } {
  if (row.select_as_cta && row.tmp_table_name) {
    const table = dialect.quoteIdentifier(row.tmp_table_name);
    const target = row.tmp_schema_name
      ? `${dialect.quoteIdentifier(row.tmp_schema_name)}.${table}`
      : table;
    return { sql: `SELECT * FROM ${target}`, limit: exportLimit };
  }
  const options = tokenizeOptions(dialect);
  const executed = splitStatements(row.executed_sql ?? row.sql, options);
  const last = executed[executed.length - 1];
  if (!last || !analyzeStatement(last, dialect).isSelect)
    throw badRequest(NOT_DOWNLOADABLE_MESSAGE);
  // As Superset does, the file holds what the grid said the run holds: the run's limit (the
  // dropdown's, or the LIMIT the user wrote when smaller), bounded by the export limit. The
  // executed text carries one row more than that limit; the limit is set again exactly.
  const written = splitStatements(row.sql, options);
  const writtenLast = written[written.length - 1];
  const userLimit = writtenLast ? sqlLimitOf(writtenLast, dialect) : null;
  const limits = [exportLimit, row.limit, userLimit].filter(
    (value): value is number => value !== null && value >= 0,
  );
  const limit = Math.min(...limits);
  return { sql: applyLimit(last, limit, dialect), limit };
}

function safeName(text: string | null): string {
  const cleaned = (text ?? '')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '')
    .trim()
    .replace(/\s+/g, '_');
  return cleaned.slice(0, 100) || 'query';
}

export function exportFilename(
  row: Pick<QueryRow, 'tab_name'>,
  format: ExportFormat,
  now = new Date(),
): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}_${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
  return `${safeName(row.tab_name)}_${stamp}.${format}`;
}

/**
 * Checks everything and starts the statement; the caller streams `batches` out. Failures before
 * the first byte (access, a dropped table, a dead connection) still answer as errors.
 */
export async function prepareExport(
  ctx: AppContext,
  actor: Actor,
  clientId: string,
  format: ExportFormat,
  signal: AbortSignal,
): Promise<PreparedExport> {
  const row = await downloadableRun(ctx, actor, clientId);
  const database = await databaseRepository.get(ctx.store.db, row.database_id);
  const principal = principalOf(actor);
  if (!database || !canSeeDatabase(principal, database)) throw notFound();
  const spec = lookupSpec(database.engine);
  const { sql, limit } = exportSql(row, spec.dialect, Math.max(0, ctx.config.exportRowLimit));
  checkQueryAccess(principal, database, [analyzeStatement(sql, spec.dialect)], {
    schema: row.schema,
    catalog: row.catalog,
  });
  const connection = await ctx.connections.forRow(database);
  const result = await connection.execute(sql, {
    schema: row.schema,
    catalog: row.catalog,
    maxRows: limit,
    signal,
  });
  if (!result.columns.length) {
    await closeBatches(result.batches);
    throw new TesseraError(400, NOT_DOWNLOADABLE_MESSAGE);
  }
  return {
    schema: result.schema,
    names: result.columns.map((c) => c.name),
    batches: result.batches,
    limit,
    signal,
    filename: exportFilename(row, format),
  };
}

/** Reads the batches to the end so the pooled connection goes back (a statement without rows). */
async function closeBatches(batches: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of batches) {
    // nothing to keep
  }
}
