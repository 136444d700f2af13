import { isTesseraError } from '@tessera/shared/errors';
import { explainText, findWord, locateQuotedName, problemOrThrow } from '../explainKit.ts';
import type { SqlProblem } from '../types.ts';
import type { SqliteSession } from './connect.ts';
import { mapSqliteError } from './errors.ts';

/**
 * `EXPLAIN <statement>` is compiled with better-sqlite3's `prepare()` and never stepped, so
 * nothing runs; `prepare()` also refuses text holding more than one statement.
 */
export async function sqliteValidate(
  session: SqliteSession,
  sql: string,
): Promise<SqlProblem | null> {
  try {
    await session.pool.use((handle) => {
      handle.prepare(explainText(sql));
    });
    return null;
  } catch (error) {
    const mapped = isTesseraError(error) ? error : mapSqliteError(error);
    return problemOrThrow(mapped, locate(mapped.message, sql));
  }
}

/** SQLite says `near "FORM": syntax error`, `incomplete input`, or names the missing object. */
function locate(message: string, sql: string): number | null {
  const near = /near "([^"]*)": syntax error/.exec(message);
  if (near) return findWord(sql, near[1] ?? '');
  if (/incomplete input/i.test(message)) return sql.replace(/[\s;]+$/, '').length;
  return locateQuotedName(message, sql);
}
