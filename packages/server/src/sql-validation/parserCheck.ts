import { astifySql } from '../engines/sqlParser.ts';
import type { SqlProblem } from '../engines/types.ts';

interface ParserFailure {
  location?: { start?: { offset?: number } };
}

/**
 * node-sql-parser's syntax check of one statement, for statements no engine EXPLAIN takes. Only
 * the place matters: its own message lists every token it expected, so the annotation says
 * where, in the words PostgreSQL uses.
 */
export function parserProblem(sql: string, database: string): SqlProblem | null {
  const outcome = astifySql(sql, database);
  if (outcome.ok) return null;
  if (outcome.reason === 'too-costly') {
    return { message: 'This statement is too long or too deeply nested to check.', offset: null };
  }
  {
    const offset = (outcome.error as ParserFailure).location?.start?.offset;
    if (typeof offset !== 'number') {
      return { message: 'syntax error', offset: null };
    }
    const rest = sql.slice(offset);
    const near = /^\s*([A-Za-z_][A-Za-z0-9_$]*|\S)/.exec(rest)?.[1];
    return near
      ? { message: `syntax error at or near "${near}"`, offset: offset + rest.indexOf(near) }
      : { message: 'syntax error at end of input', offset: sql.length };
  }
}
