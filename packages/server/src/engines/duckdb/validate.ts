import { isTesseraError } from '@tessera/shared/errors';
import {
  explainText,
  fromSentOffset,
  lineStart,
  locateQuotedName,
  problemOrThrow,
} from '../explainKit.ts';
import type { SqlProblem, ValidateOptions } from '../types.ts';
import type { DuckdbSession } from './connect.ts';
import { duckdbDialect } from './dialect.ts';
import { mapDuckdbError } from './errors.ts';

/**
 * `EXPLAIN <statement>` is only prepared (parsed, bound, planned), never run; preparing refuses
 * text holding more than one statement, so nothing can ride along after a `;`.
 */
export async function duckdbValidate(
  session: DuckdbSession,
  sql: string,
  options: ValidateOptions = {},
): Promise<SqlProblem | null> {
  const connection = await session.pool.acquire();
  const sent = explainText(sql);
  try {
    if (options.schema)
      await connection.run(`SET search_path = ${duckdbDialect.quoteString(options.schema)}`);
    (await connection.prepare(sent)).destroySync();
    return null;
  } catch (error) {
    const mapped = isTesseraError(error) ? error : mapDuckdbError(error);
    const raw = error instanceof Error ? error.message : mapped.message;
    const problem = problemOrThrow(mapped, locate(raw, sent, sql));
    return { ...problem, message: problem.message.replace(/\n\s*LINE \d+:[\s\S]*$/, '').trim() };
  } finally {
    if (options.schema) await connection.run('RESET search_path').catch(() => undefined);
    session.pool.release(connection);
  }
}

/**
 * DuckDB ends its message with the failing line and a caret under the spot:
 * `LINE 3: WHER a = 1` / `             ^`. Long lines are shown cut, with `...` around.
 */
function locate(message: string, sent: string, sql: string): number | null {
  const match = /LINE (\d+): ([^\n]*)\n( *)\^/.exec(message);
  if (!match) return locateQuotedName(message.split('\n')[0] ?? message, sql);
  const [, lineText, shown, spaces] = match;
  const line = Number(lineText);
  const caret = (spaces?.length ?? 0) - `LINE ${lineText}: `.length;
  const start = lineStart(sent, line);
  const end = sent.indexOf('\n', start);
  const fullLine = sent.slice(start, end === -1 ? sent.length : end);
  let column = caret;
  if (shown?.startsWith('...')) {
    const core = shown.slice(3).replace(/\.\.\.$/, '');
    const at = fullLine.indexOf(core);
    if (at !== -1) column = at + (caret - 3);
  }
  return fromSentOffset(start + Math.max(0, column), sql);
}
