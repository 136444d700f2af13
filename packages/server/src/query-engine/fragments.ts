import { badRequest, type TesseraError } from '@tessera/shared/errors';
import parserPkg from 'node-sql-parser';
import type { QueryDialect } from './dialects/types.ts';
import { balancedParentheses, lexSql } from './sqlLexer.ts';

const { Parser } = parserPkg;
const parser = new Parser();

/**
 * Checks on SQL written by users: adhoc SQL metrics and columns, `extras.where`/`having` (each
 * must be ONE expression: no `;`, no comment, no second statement, no DML, no sub-query) and the
 * SQL of virtual datasets (one SELECT). The compiler embeds fragments inside parentheses, so a
 * fragment that passes cannot end the statement, close the parentheses or comment out the rest.
 */

export const SUBQUERY_MESSAGE = 'Custom SQL fields cannot contain sub-queries.';

const DML_WORDS = [
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'DROP',
  'CREATE',
  'ALTER',
  'TRUNCATE',
  'GRANT',
  'REVOKE',
  'COPY',
  'ATTACH',
  'DETACH',
  'PRAGMA',
  'CALL',
  'EXEC',
  'EXECUTE',
  'INTO',
  'LOAD',
  'INSTALL',
  'EXPORT',
  'IMPORT',
  'VACUUM',
  'SET',
  'RESET',
  'USE',
  'KILL',
  'SHUTDOWN',
  'HANDLER',
  'LOCK',
  'UNLOCK',
  'DO',
];
const DML = new RegExp(`\\b(${DML_WORDS.join('|')})\\b`, 'i');
const SUBQUERY = /\b(SELECT|TABLE|VALUES|WITH|UNION|INTERSECT|EXCEPT)\b/i;

/** Functions that read files, other tables or the environment, or stall the engine. */
const FORBIDDEN_FUNCTIONS = new Set([
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'lo_import',
  'lo_export',
  'dblink',
  'dblink_exec',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'table_to_xml',
  'pg_sleep',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'current_setting',
  'set_config',
  'read_csv',
  'read_csv_auto',
  'read_parquet',
  'read_json',
  'read_json_auto',
  'read_ndjson',
  'read_text',
  'read_blob',
  'parquet_scan',
  'glob',
  'getenv',
  'query',
  'query_table',
  'load_extension',
  'readfile',
  'writefile',
  'load_file',
  'sleep',
  'benchmark',
  'sys_exec',
  'sys_eval',
  'file',
  'url',
  'remote',
  's3',
]);

function invalid(reason: string): TesseraError {
  return badRequest(`Invalid SQL expression: ${reason}`, { errorType: 'INVALID_SQL_ERROR' });
}

/**
 * Parsing is the costly part of checking a fragment and a pure function of (dialect, text), and
 * the same saved metrics and filters come back on every chart call: the verdicts of the last
 * PARSE_MEMO_SIZE texts are kept (least recently used dropped first; long texts never kept).
 */
const PARSE_MEMO_SIZE = 1000;
const PARSE_MEMO_MAX_TEXT = 10_000;
const parseMemo = new Map<string, boolean>();

function parsesUncached(sql: string, database: string): boolean {
  try {
    const ast = parser.astify(sql, { database });
    return !Array.isArray(ast) || ast.length === 1;
  } catch {
    return false;
  }
}

function parses(sql: string, database: string): boolean {
  if (sql.length > PARSE_MEMO_MAX_TEXT) return parsesUncached(sql, database);
  const key = `${database}\u0000${sql}`;
  const known = parseMemo.get(key);
  if (known !== undefined) {
    // Re-inserted so the Map's order stays least recently used first.
    parseMemo.delete(key);
    parseMemo.set(key, known);
    return known;
  }
  const verdict = parsesUncached(sql, database);
  parseMemo.set(key, verdict);
  if (parseMemo.size > PARSE_MEMO_SIZE) {
    parseMemo.delete(parseMemo.keys().next().value as string);
  }
  return verdict;
}

/** How many parse verdicts are remembered (for tests of the bound). */
export const parseMemoSize = () => parseMemo.size;

/** Refuses anything but one expression; answers the fragment unchanged when it is one. */
export function checkExpression(fragment: string, dialect: QueryDialect): string {
  const text = fragment.trim();
  if (text === '') throw invalid('the expression is empty');
  const lexed = lexSql(text, dialect);
  if (lexed.unterminated) throw invalid('a string, quoted name or comment is not closed');
  if (lexed.hasComment) throw invalid('comments are not allowed');
  if (lexed.hasDollarQuote || (dialect.dollarQuoting && lexed.skeleton.includes('$'))) {
    throw invalid('dollar-quoted text is not allowed');
  }
  const code = lexed.skeleton;
  if (code.includes(';')) throw invalid("only one expression is allowed (no ';')");
  if (!balancedParentheses(code)) throw invalid('parentheses are not balanced');
  if (SUBQUERY.test(code)) throw badRequest(SUBQUERY_MESSAGE);
  const dml = DML.exec(code);
  if (dml) throw invalid(`${dml[1]?.toUpperCase()} is not allowed in an expression`);
  for (const call of code.matchAll(/([A-Za-z_][A-Za-z_0-9.]*)\s*\(/g)) {
    const name = (call[1] as string).split('.').pop()?.toLowerCase() ?? '';
    if (FORBIDDEN_FUNCTIONS.has(name)) throw invalid(`the function ${name} is not allowed`);
  }
  const probe = `SELECT (${text}) AS x FROM t`;
  if (!parses(probe, dialect.parserDatabase) && !parses(probe, 'postgresql')) {
    throw invalid('this is not a single SQL expression');
  }
  return text;
}

/**
 * The SQL of a virtual dataset: one SELECT (or WITH ... SELECT) without DML, answered with
 * comments removed and any trailing `;` dropped, ready to be wrapped as a subquery.
 */
export function checkVirtualSql(sql: string, dialect: QueryDialect): string {
  const lexed = lexSql(sql, dialect);
  if (lexed.unterminated) {
    throw invalid('a string, quoted name or comment is not closed in the dataset SQL');
  }
  const skeleton = lexed.skeleton.trim().replace(/[;\s]+$/, '');
  const clean = lexed.clean.trim().replace(/[;\s]+$/, '');
  if (skeleton.includes(';')) {
    throw badRequest('Only one SELECT statement is allowed in a virtual dataset', {
      errorType: 'INVALID_SQL_ERROR',
    });
  }
  if (!/^\(*\s*(SELECT|WITH)\b/i.test(skeleton)) {
    throw badRequest('A virtual dataset must be a SELECT statement', {
      errorType: 'INVALID_SQL_ERROR',
    });
  }
  const dml = DML.exec(skeleton.replace(/\bINTERSECT\b/gi, ''));
  if (dml && dml[1]?.toUpperCase() !== 'SET') {
    throw badRequest(`${dml[1]?.toUpperCase()} is not allowed in a virtual dataset`, {
      errorType: 'DML_NOT_ALLOWED_ERROR',
    });
  }
  if (!balancedParentheses(skeleton)) throw invalid('parentheses are not balanced');
  return clean;
}
