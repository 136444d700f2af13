import { badRequest, type TesseraError } from '@tessera/shared/errors';
import { balancedParentheses, lexSql } from '../engines/sqlLexer.ts';
import { astifySql } from '../engines/sqlParser.ts';
import type { Dialect } from '../engines/types.ts';

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

/**
 * Functions that read files, other tables or the environment, write outside the query, or stall
 * the engine. Matched on the name the engine resolves (quotes removed, any case, last part of a
 * qualified name), whole or by one of the families below.
 */
const FORBIDDEN_FUNCTIONS = new Set([
  // PostgreSQL
  'pg_stat_file',
  'lo_import',
  'lo_export',
  'loread',
  'lowrite',
  'ts_stat',
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_promote',
  'pg_switch_wal',
  'pg_notify',
  'pg_logical_emit_message',
  'pg_advisory_lock',
  'pg_advisory_xact_lock',
  'pg_try_advisory_lock',
  'current_setting',
  'set_config',
  'nextval',
  'setval',
  // DuckDB
  'glob',
  'getenv',
  'getvariable',
  'query',
  'query_table',
  'sniff_csv',
  'parquet_scan',
  'json_execute_serialized_sql',
  'which_secret',
  // SQLite
  'load_extension',
  'readfile',
  'writefile',
  'edit',
  'fts3_tokenizer',
  // MySQL / MariaDB
  'load_file',
  'sleep',
  'benchmark',
  'get_lock',
  'release_lock',
  'release_all_locks',
  'master_pos_wait',
  'source_pos_wait',
  'sys_exec',
  'sys_eval',
  // remote readers
  'file',
  'url',
  'remote',
  's3',
]);
/** Families: file and directory readers, large objects, dblink, XML dumps of queries and tables, DuckDB's catalogue and file scans. */
const FORBIDDEN_FAMILIES =
  /^(?:pg_read_|pg_ls_|pg_file_|pg_logdir_|lo_|dblink|read_|duckdb_|pragma_|parquet_|iceberg_|delta_)|_to_xml(?:schema|_and_xmlschema)?$/;

function forbiddenFunction(name: string): boolean {
  return FORBIDDEN_FUNCTIONS.has(name) || FORBIDDEN_FAMILIES.test(name);
}

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
  // Text too costly to parse is refused like text that does not parse.
  const outcome = astifySql(sql, database);
  return outcome.ok && (!Array.isArray(outcome.value) || outcome.value.length === 1);
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
export function checkExpression(fragment: string, dialect: Dialect): string {
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
  for (const call of lexed.calls) {
    if (call.unicodeEscaped)
      throw invalid('function names written with U& escapes are not allowed');
    if (forbiddenFunction(call.name)) throw invalid(`the function ${call.name} is not allowed`);
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
export function checkVirtualSql(sql: string, dialect: Dialect): string {
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
