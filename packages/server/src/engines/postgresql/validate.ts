import type pg from 'pg';
import { explainText, fromSentOffset, problemOrThrow } from '../explainKit.ts';
import type { SqlProblem, ValidateOptions } from '../types.ts';
import type { PostgresSession } from './connect.ts';
import { postgresqlDialect } from './dialect.ts';
import { mapPostgresError } from './errors.ts';

const TIMEOUT_MS = 10_000;

/**
 * `EXPLAIN <statement>` inside a read-only transaction that is always rolled back. Plain EXPLAIN
 * only plans; the transaction makes sure nothing planning touches can stay. The extended protocol
 * refuses text holding a second statement, so nothing can ride along after a `;`.
 */
export async function pgValidate(
  session: PostgresSession,
  sql: string,
  options: ValidateOptions = {},
): Promise<SqlProblem | null> {
  const client = await session.client(options.catalog);
  let broken = false;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${TIMEOUT_MS}`);
    if (options.schema)
      await client.query(
        `SET LOCAL search_path TO ${postgresqlDialect.quoteIdentifier(options.schema)}`,
      );
    try {
      await client.query({ text: explainText(sql), queryMode: 'extended' } as pg.QueryConfig);
      return null;
    } catch (error) {
      const position = Number((error as { position?: string }).position);
      const offset = Number.isFinite(position) ? fromSentOffset(position - 1, sql) : null;
      return problemOrThrow(mapPostgresError(error, session.secrets), offset);
    }
  } catch (error) {
    broken = true;
    throw mapPostgresError(error, session.secrets);
  } finally {
    const failed = await client.query('ROLLBACK').then(
      () => false,
      () => true,
    );
    client.release(broken || failed || undefined);
  }
}
