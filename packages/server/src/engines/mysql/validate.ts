import { isTesseraError } from '@tessera/shared/errors';
import {
  explainText,
  findWord,
  fromSentOffset,
  lineStart,
  locateQuotedName,
  problemOrThrow,
} from '../explainKit.ts';
import type { SqlProblem, ValidateOptions } from '../types.ts';
import type { MysqlSession } from './connect.ts';
import { mapMysqlError } from './errors.ts';
import { mysqlExecute } from './execute.ts';

/**
 * `EXPLAIN <statement>`: MySQL and MariaDB plan SELECT, INSERT, UPDATE, DELETE and REPLACE
 * without running them (callers send nothing else). The pool is opened without
 * `multipleStatements`, so text holding a second statement is refused, never run.
 */
export async function mysqlValidate(
  session: MysqlSession,
  sql: string,
  options: ValidateOptions = {},
): Promise<SqlProblem | null> {
  const sent = explainText(sql);
  try {
    const result = await mysqlExecute(session, sent, { schema: options.schema });
    for await (const _batch of result.batches) {
      // Read to the end so the connection goes back to the pool.
    }
    return null;
  } catch (error) {
    const mapped = isTesseraError(error)
      ? error
      : mapMysqlError(error, { ...session.errorContext, phase: 'query' });
    return problemOrThrow(mapped, locate(mapped.message, sent, sql));
  }
}

/** `... near 'FORM t' at line 2` names the text where parsing stopped; other errors a name. */
function locate(message: string, sent: string, sql: string): number | null {
  const near = /near '([\s\S]*)' at line (\d+)\s*$/.exec(message);
  if (near) {
    const [, text, line] = near;
    const from = lineStart(sent, Number(line));
    if (text === '') return sql.length;
    const snippet = text.split('\n')[0] ?? text;
    const at = sent.indexOf(snippet, from);
    const found = at === -1 ? findWord(sent, snippet.split(/\s/)[0] ?? '', from) : at;
    return found === null || found === -1 ? null : fromSentOffset(found, sql);
  }
  return locateQuotedName(message, sql);
}
