import { duckdbBuiltinFunction, duckdbReads, duckdbTablesRead } from '../engines/duckdb/reads.ts';
import { mysqlReads } from '../engines/mysql/reads.ts';
import { postgresqlReads } from '../engines/postgresql/reads.ts';
import { sqliteReads } from '../engines/sqlite/reads.ts';
import { parseSql } from '../engines/sqlParser.ts';
import type { Dialect, TableRef } from '../engines/types.ts';
import { type Token, type TokenizeOptions, tokenize } from './tokens.ts';

/**
 * What SQL Lab needs to know about one statement: is it a SELECT (a limit applies, CTAS may wrap
 * it), does it change anything (refused without allow_dml), and which tables it reads (access
 * checks). node-sql-parser answers when it understands the dialect; where it cannot parse (DuckDB
 * extensions, PRAGMA, EXPLAIN, ...) keyword checks on the token stream answer instead, so a parse
 * failure never becomes an error of its own.
 */
export interface StatementInfo {
  sql: string;
  isSelect: boolean;
  isMutating: boolean;
  tables: Array<{ name: string; schema: string | null; catalog: string | null }>;
  /** Whether node-sql-parser understood it (else the keyword fallback decided). */
  parsed: boolean;
  /**
   * Null when `tables` is every table the statement reads, as far as Tessera can tell (a query,
   * a write or SUMMARIZE/DESCRIBE/SHOW/PRAGMA of a table that both readers understood); else why
   * not. Callers without database-wide access are refused such statements.
   */
  unverified: string | null;
  /** Why no one may run it (it reaches files outside the database), else null. */
  forbidden: string | null;
}

const SELECT_STARTS = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'FROM', '(']);
const HARMLESS_STARTS = new Set([
  'SHOW',
  'DESCRIBE',
  'DESC',
  'EXPLAIN',
  'SET',
  'RESET',
  'USE',
  'SUMMARIZE',
  'PRAGMA',
]);
const DML_WORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'REPLACE', 'COPY']);
/**
 * First words of statements that change data, schema, grants, files or the engine's state. A
 * statement starting with a word in neither list (a typo such as `SELEC`) goes to the engine,
 * which answers with its own syntax error.
 */
const MUTATING_STARTS = new Set([
  ...DML_WORDS,
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'RENAME',
  'GRANT',
  'REVOKE',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'LOAD',
  'IMPORT',
  'EXPORT',
  'CALL',
  'EXEC',
  'EXECUTE',
  'DO',
  'VACUUM',
  'CHECKPOINT',
  'COMMENT',
  'LOCK',
  'UNLOCK',
  'REINDEX',
  'CLUSTER',
  'REFRESH',
  'REASSIGN',
  'SECURITY',
  'PREPARE',
  'HANDLER',
  'OPTIMIZE',
  'REPAIR',
  'FLUSH',
  'KILL',
  'SHUTDOWN',
  'NOTIFY',
  'UNLISTEN',
  'LISTEN',
  'DISCARD',
  'PURGE',
]);
const PARSER_MUTATING_TYPES = new Set([
  'insert',
  'update',
  'delete',
  'replace',
  'create',
  'alter',
  'drop',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'lock',
  'unlock',
  'call',
  'exec',
  'execute',
  'load_data',
  'merge',
  'declare',
  'deallocate',
]);
const PARSER_SELECT_TYPES = new Set(['select']);
const PARSER_HARMLESS_TYPES = new Set(['show', 'desc', 'describe', 'explain', 'use', 'set']);

/** The dialect's lexical rules; a bare `{ parserDatabase }` gets the PostgreSQL/MySQL defaults. */
export function tokenizeOptions(dialect: AnalysisDialect): TokenizeOptions {
  const mysql = dialect.parserDatabase === 'mysql' || dialect.parserDatabase === 'mariadb';
  return {
    mysql,
    dollarQuotes: dialect.dollarQuoting ?? (!mysql && dialect.parserDatabase !== 'sqlite'),
    brackets: dialect.identifierQuotes?.includes('[') ?? dialect.parserDatabase === 'sqlite',
    eStrings: dialect.backslashEscapes === 'e-strings',
  };
}

/** Keyword-level reading of a statement: the fallback, and a second opinion on DML. */
function keywordKinds(tokens: Token[]): { isSelect: boolean; isMutating: boolean } {
  const first = tokens[0];
  if (!first) return { isSelect: false, isMutating: false };
  const head = first.kind === 'punct' ? first.value : first.value;
  if (head === 'EXPLAIN') {
    // EXPLAIN ANALYZE runs the statement it explains.
    const analyzed = tokens.some((t) => t.kind === 'word' && t.value === 'ANALYZE');
    const inner = tokens
      .slice(1)
      .filter((t) => t.kind === 'word' && !['ANALYZE', 'VERBOSE', 'ANALYSE'].includes(t.value));
    return {
      isSelect: false,
      isMutating: analyzed && inner.some((t) => DML_WORDS.has(t.value) || t.value === 'CREATE'),
    };
  }
  if (head === 'PRAGMA') {
    // `PRAGMA name = value` changes settings; `PRAGMA table_info(x)` only reads.
    return {
      isSelect: false,
      isMutating: tokens.some((t) => t.kind === 'punct' && t.value === '='),
    };
  }
  if (HARMLESS_STARTS.has(head)) return { isSelect: false, isMutating: false };
  if (SELECT_STARTS.has(head)) {
    const words = tokens.filter((t) => t.kind === 'word');
    // Data-modifying CTEs (WITH x AS (DELETE ...)) and SELECT ... INTO a new table write.
    const writes =
      words.some((t) => DML_WORDS.has(t.value) && t.value !== 'REPLACE') ||
      words.some((t) => t.value === 'INTO');
    return { isSelect: !writes, isMutating: writes };
  }
  return { isSelect: false, isMutating: MUTATING_STARTS.has(head) };
}

function parserKinds(ast: unknown): { isSelect: boolean; isMutating: boolean } | null {
  const nodes = (Array.isArray(ast) ? ast : [ast]) as Array<Record<string, unknown>>;
  if (nodes.length !== 1 || !nodes[0] || typeof nodes[0].type !== 'string') return null;
  const node = nodes[0];
  const type = (node.type as string).toLowerCase();
  if (PARSER_SELECT_TYPES.has(type)) {
    const into = node.into as { expr?: unknown; position?: unknown } | undefined;
    const writes = Boolean(into && (into.expr || into.position));
    return { isSelect: !writes, isMutating: writes };
  }
  if (PARSER_HARMLESS_TYPES.has(type)) return { isSelect: false, isMutating: false };
  return { isSelect: false, isMutating: PARSER_MUTATING_TYPES.has(type) };
}

function cteNames(ast: unknown): Set<string> {
  const names = new Set<string>();
  const nodes = (Array.isArray(ast) ? ast : [ast]) as Array<Record<string, unknown>>;
  for (const node of nodes) {
    const withList = node?.with as Array<{ name?: { value?: string } | string }> | undefined;
    for (const item of withList ?? []) {
      const name = typeof item.name === 'string' ? item.name : item.name?.value;
      if (name) names.add(name.toLowerCase());
    }
  }
  return names;
}

/** Tables named after FROM / JOIN (and comma-separated lists), for when the parser gave up. */
function keywordTables(tokens: Token[]): StatementInfo['tables'] {
  const tables: StatementInfo['tables'] = [];
  const ctes = new Set<string>();
  for (let i = 0; i < tokens.length - 2; i += 1) {
    const t = tokens[i];
    if (
      (t.kind === 'word' || t.kind === 'ident') &&
      tokens[i + 1]?.value === 'AS' &&
      tokens[i + 2]?.value === '('
    )
      ctes.add(t.value.toLowerCase());
  }
  const readName = (at: number): { parts: string[]; next: number } | null => {
    const parts: string[] = [];
    let i = at;
    while (tokens[i] && (tokens[i].kind === 'word' || tokens[i].kind === 'ident')) {
      parts.push(tokens[i].kind === 'word' ? tokens[i].value.toLowerCase() : tokens[i].value);
      if (tokens[i + 1]?.value === '.' && tokens[i + 1].kind === 'punct') i += 2;
      else {
        i += 1;
        break;
      }
    }
    if (parts.length === 0 || tokens[i]?.value === '(') return null;
    return { parts, next: i };
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (t.kind !== 'word' || (t.value !== 'FROM' && t.value !== 'JOIN')) continue;
    let at = i + 1;
    for (;;) {
      const name = readName(at);
      if (!name) break;
      const [table, schema, catalog] = [...name.parts].reverse();
      if (!(name.parts.length === 1 && ctes.has(table.toLowerCase())))
        tables.push({ name: table, schema: schema ?? null, catalog: catalog ?? null });
      at = name.next;
      if (tokens[at]?.kind === 'word' && tokens[at].value === 'AS') at += 1;
      if (
        tokens[at] &&
        (tokens[at].kind === 'ident' ||
          (tokens[at].kind === 'word' && !RESERVED_AFTER_TABLE.has(tokens[at].value)))
      )
        at += 1;
      if (tokens[at]?.value === ',' && tokens[at].kind === 'punct') at += 1;
      else break;
    }
  }
  return tables;
}

const RESERVED_AFTER_TABLE = new Set([
  'WHERE',
  'GROUP',
  'ORDER',
  'LIMIT',
  'JOIN',
  'LEFT',
  'RIGHT',
  'INNER',
  'OUTER',
  'FULL',
  'CROSS',
  'ON',
  'USING',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'HAVING',
  'WINDOW',
  'OFFSET',
  'NATURAL',
  'QUALIFY',
  'SET',
  'VALUES',
  'FETCH',
  'FOR',
  'LATERAL',
  'SAMPLE',
  'TABLESAMPLE',
  'POSITIONAL',
  'ASOF',
  'ANTI',
  'SEMI',
]);

/** The dialect an analysis needs: the parser's name, and the engine key and lexical rules. */
export type AnalysisDialect = Pick<Dialect, 'parserDatabase'> &
  Partial<Pick<Dialect, 'engine' | 'dollarQuoting' | 'identifierQuotes' | 'backslashEscapes'>>;

/** Reads one statement (already split from its script). */
export function analyzeStatement(sql: string, dialect: AnalysisDialect): StatementInfo {
  const tokens = tokenize(sql, tokenizeOptions(dialect));
  const rules = readRulesFor(dialect);
  const base = readStatement(sql, tokens, dialect);
  const verdict = verifyReads(sql, tokens, dialect, rules, base);
  return {
    ...base.info,
    tables: dedupeTables([...base.info.tables, ...verdict.extraTables]),
    unverified: verdict.unverified,
    forbidden: fileReach(tokens, rules),
  };
}

interface BaseReading {
  info: Omit<StatementInfo, 'unverified' | 'forbidden'>;
  /** node-sql-parser's tree of exactly one statement, when it understood it. */
  ast: Record<string, unknown> | null;
}

function readStatement(sql: string, tokens: Token[], dialect: AnalysisDialect): BaseReading {
  const keywords = keywordKinds(tokens);
  // One parse gives both the tree and the table list (parsing is the costly part). A statement
  // too costly to parse is read by its keywords, like one the parser does not understand.
  const outcome = parseSql(sql, dialect.parserDatabase);
  if (!outcome.ok) {
    return {
      info: { sql, ...keywords, tables: keywordTables(tokens), parsed: false },
      ast: null,
    };
  }
  const { ast, tableList } = outcome.value;
  const parsed = parserKinds(ast);
  if (!parsed)
    return {
      info: { sql, ...keywords, tables: keywordTables(tokens), parsed: false },
      ast: null,
    };
  let tables: StatementInfo['tables'];
  try {
    const ctes = cteNames(ast);
    tables = tableList
      .map((entry) => entry.split('::'))
      .filter(([, , name]) => name && name !== 'null')
      .map(([, schema, name]) => ({
        name,
        schema: schema === 'null' ? null : schema,
        catalog: null,
      }))
      .filter((table) => !(table.schema === null && ctes.has(table.name.toLowerCase())));
  } catch {
    tables = keywordTables(tokens);
  }
  const node = (Array.isArray(ast) ? ast[0] : ast) as Record<string, unknown>;
  // Either reader seeing a write is enough to call it one.
  return {
    info: {
      sql,
      isSelect: parsed.isSelect && !keywords.isMutating,
      isMutating: parsed.isMutating || keywords.isMutating,
      tables: dedupeTables(tables),
      parsed: true,
    },
    ast: node,
  };
}

function dedupeTables(tables: StatementInfo['tables']): StatementInfo['tables'] {
  const seen = new Set<string>();
  return tables.filter((table) => {
    const key = `${table.catalog}\u0000${table.schema}\u0000${table.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The top-level LIMIT of a statement: its count token, or null (none, or `LIMIT ALL`). */
function findLimit(tokens: Token[]): { value: number | null; token: Token | null } | null {
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const t = tokens[i];
    if (t.depth !== 0 || t.kind !== 'word' || t.value !== 'LIMIT') continue;
    const first = tokens[i + 1];
    if (first?.kind !== 'number') return { value: null, token: null };
    // MySQL's `LIMIT offset, count`.
    const comma = tokens[i + 2];
    const second = tokens[i + 3];
    const count = comma?.value === ',' && second?.kind === 'number' ? second : first;
    const value = Number(count.value);
    return { value: Number.isInteger(value) ? value : null, token: count };
  }
  return null;
}

/** The row limit written in a statement's own top-level LIMIT, or null. */
export function sqlLimitOf(sql: string, dialect: AnalysisDialect): number | null {
  return findLimit(tokenize(sql, tokenizeOptions(dialect)))?.value ?? null;
}

/**
 * Forces a statement's top-level limit to `limit`: replaces the count of an existing LIMIT, or
 * appends one on its own line (so a trailing `--` comment cannot swallow it).
 */
export function applyLimit(sql: string, limit: number, dialect: AnalysisDialect): string {
  const found = findLimit(tokenize(sql, tokenizeOptions(dialect)));
  if (found?.token)
    return `${sql.slice(0, found.token.start)}${limit}${sql.slice(found.token.end)}`;
  if (found) return sql; // LIMIT ALL / LIMIT :param: leave as written, maxRows still caps the read.
  return `${sql}\nLIMIT ${limit}`;
}

// ---------------------------------------------------------------------------------------------
// What a statement reads, for callers granted single tables, and what no one may run.

/** Per-engine knowledge (from `engines/<engine>/reads.ts`) the reading below needs. */
interface ReadRules {
  /** Functions whose use hides what is read (SQL in a string, files, settings): never verified. */
  deniedFunctions: readonly RegExp[];
  /** Table functions in FROM known to read no table. */
  tableFunctions: readonly string[];
  /** Relation names that are the engine's catalog whatever schema they are written in. */
  systemNames: readonly RegExp[];
  systemSchemas: readonly string[];
  /** Functions reaching files outside the database: refused to everyone. */
  fileFunctions: readonly RegExp[];
  /** The engine's own list of the tables a statement reads; null when it cannot read it. */
  tablesRead?: (sql: string) => TableRef[] | null;
  /** Whether a function is the engine's own (user-defined ones may read any table). */
  builtinFunction?: (name: string) => boolean;
}

const READ_RULES: Record<string, ReadRules> = {
  duckdb: { ...duckdbReads, tablesRead: duckdbTablesRead, builtinFunction: duckdbBuiltinFunction },
  postgresql: postgresqlReads,
  sqlite: sqliteReads,
  mysql: mysqlReads,
  mariadb: mysqlReads,
};

/** An engine without rules: only plain queries over plain tables are verified. */
const NO_RULES: ReadRules = {
  deniedFunctions: [],
  tableFunctions: [],
  systemNames: [],
  systemSchemas: ['information_schema'],
  fileFunctions: [],
};

/** Functions that load code or read files on any engine that has them. */
const ALWAYS_FILE_FUNCTIONS = [/^load_extension$/, /^load_file$/, /^readfile$/, /^writefile$/];

function readRulesFor(dialect: AnalysisDialect): ReadRules {
  return READ_RULES[dialect.engine ?? dialect.parserDatabase] ?? NO_RULES;
}

/** Whether a table is the engine's catalog (its rows describe or sample other tables). */
export function isSystemTable(
  table: { name: string; schema: string | null },
  dialect: AnalysisDialect,
): boolean {
  const rules = readRulesFor(dialect);
  const name = table.name.toLowerCase();
  if (rules.systemNames.some((pattern) => pattern.test(name))) return true;
  return table.schema !== null && rules.systemSchemas.includes(table.schema.toLowerCase());
}

const QUERY_STARTS = new Set(['SELECT', 'WITH', 'FROM', 'VALUES', 'TABLE', '(']);
const PARSER_VERIFIABLE_TYPES = new Set(['select', 'insert', 'update', 'delete']);
/** PRAGMAs whose one argument is a table, and which read nothing else. */
const TABLE_PRAGMAS = new Set([
  'table_info',
  'table_xinfo',
  'show',
  'storage_info',
  'index_list',
  'foreign_key_list',
]);
const EXPLAIN_OPTIONS = new Set([
  'ANALYZE',
  'ANALYSE',
  'VERBOSE',
  'EXTENDED',
  'PARTITIONS',
  'QUERY',
  'PLAN',
]);

/** Calls `name(`: a word or quoted identifier right before an opening parenthesis. */
function calledNames(tokens: Token[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < tokens.length - 1; i += 1) {
    const t = tokens[i];
    if ((t.kind === 'word' || t.kind === 'ident') && tokens[i + 1].value === '(')
      names.push(t.value.toLowerCase());
  }
  return names;
}

function isName(token: Token | undefined): token is Token {
  return token !== undefined && (token.kind === 'word' || token.kind === 'ident');
}

/** A dotted name at `at` (words, quoted identifiers, or one string such as PRAGMA's 'a.b'). */
function readTableName(
  tokens: Token[],
  at: number,
): { table: StatementInfo['tables'][number]; next: number } | null {
  const first = tokens[at];
  if (first?.kind === 'string') {
    const inner = first.value.slice(1, -1).replaceAll("''", "'");
    const parts = inner.split('.');
    const [name, schema, catalog] = [...parts].reverse();
    if (!name) return null;
    return { table: { name, schema: schema ?? null, catalog: catalog ?? null }, next: at + 1 };
  }
  const parts: string[] = [];
  let i = at;
  while (isName(tokens[i])) {
    parts.push(tokens[i].kind === 'word' ? tokens[i].value.toLowerCase() : tokens[i].value);
    if (tokens[i + 1]?.kind === 'punct' && tokens[i + 1].value === '.') i += 2;
    else {
      i += 1;
      break;
    }
  }
  if (parts.length === 0) return null;
  const [name, schema, catalog] = [...parts].reverse();
  return { table: { name, schema: schema ?? null, catalog: catalog ?? null }, next: i };
}

interface CommandReading {
  tables: StatementInfo['tables'];
  unverified: string | null;
}

/**
 * SUMMARIZE/DESCRIBE/SHOW/EXPLAIN/PRAGMA/TABLE forms read a table (or a query) named after their
 * keyword; null when the statement is not one of them.
 */
function commandRead(
  sql: string,
  tokens: Token[],
  dialect: AnalysisDialect,
): CommandReading | null {
  const head = tokens[0];
  if (head?.kind !== 'word') return null;
  const notUnderstood = (): CommandReading => ({
    tables: [],
    unverified: `${head.value} statements of this form are not understood`,
  });
  const tableAt = (at: number, trailing = 0): CommandReading => {
    const read = readTableName(tokens, at);
    if (!read || tokens.length - read.next > trailing) return notUnderstood();
    return { tables: [read.table], unverified: null };
  };
  const queryAt = (at: number): CommandReading => {
    const inner = analyzeStatement(sql.slice(tokens[at].start), dialect);
    return { tables: inner.tables, unverified: inner.unverified };
  };
  const word = (at: number) => (tokens[at]?.kind === 'word' ? tokens[at].value : '');

  switch (head.value) {
    case 'TABLE': {
      // SQL Lab's own `LIMIT n` (and OFFSET) may follow the table.
      const read = readTableName(tokens, 1);
      const rest = read ? tokens.slice(read.next) : [];
      const onlyLimits = rest.every((t) =>
        t.kind === 'number'
          ? true
          : t.kind === 'word' && (t.value === 'LIMIT' || t.value === 'OFFSET'),
      );
      return read && onlyLimits ? { tables: [read.table], unverified: null } : notUnderstood();
    }
    case 'PRAGMA': {
      // PRAGMA [schema.]name(arg) or PRAGMA name('table').
      let at = 1;
      let schema: string | null = null;
      if (isName(tokens[1]) && tokens[2]?.value === '.' && isName(tokens[3])) {
        schema = tokens[1].kind === 'word' ? tokens[1].value.toLowerCase() : tokens[1].value;
        at = 3;
      }
      const name = tokens[at]?.value.toLowerCase() ?? '';
      if (!TABLE_PRAGMAS.has(name) || tokens[at + 1]?.value !== '(') return notUnderstood();
      const read = readTableName(tokens, at + 2);
      if (!read || tokens[read.next]?.value !== ')' || read.next + 1 !== tokens.length)
        return notUnderstood();
      return {
        tables: [{ ...read.table, schema: read.table.schema ?? schema }],
        unverified: null,
      };
    }
    case 'SUMMARIZE':
    case 'DESCRIBE':
    case 'DESC':
    case 'EXPLAIN':
    case 'SHOW': {
      let at = 1;
      if (head.value === 'EXPLAIN') {
        for (;;) {
          if (EXPLAIN_OPTIONS.has(word(at))) at += 1;
          else if (word(at) === 'FORMAT' && tokens[at + 1]?.value === '=') at += 3;
          else if (tokens[at]?.value === '(' && tokens[at].kind === 'punct') {
            const close = tokens.findIndex(
              (t, i) => i > at && t.kind === 'punct' && t.value === ')' && t.depth === 0,
            );
            if (close === -1) return notUnderstood();
            at = close + 1;
          } else break;
        }
      }
      if (!tokens[at]) return notUnderstood();
      if (QUERY_STARTS.has(tokens[at].value) && tokens[at].kind !== 'ident') return queryAt(at);
      if (head.value === 'SHOW') {
        if (word(at) === 'FULL') at += 1;
        if (['COLUMNS', 'FIELDS', 'INDEX', 'INDEXES', 'KEYS'].includes(word(at))) {
          if (!['FROM', 'IN'].includes(word(at + 1))) return notUnderstood();
          const read = readTableName(tokens, at + 2);
          if (!read) return notUnderstood();
          // MySQL's `SHOW COLUMNS FROM t FROM db`.
          if (['FROM', 'IN'].includes(word(read.next))) {
            const db = readTableName(tokens, read.next + 1);
            if (!db || db.next !== tokens.length || db.table.schema) return notUnderstood();
            return { tables: [{ ...read.table, schema: db.table.name }], unverified: null };
          }
          return read.next === tokens.length
            ? { tables: [read.table], unverified: null }
            : notUnderstood();
        }
        if (word(at) === 'CREATE' && ['TABLE', 'VIEW'].includes(word(at + 1)))
          return tableAt(at + 2);
        if (['TABLES', 'DATABASES', 'SCHEMAS', 'ALL', 'FUNCTIONS'].includes(word(at)))
          return notUnderstood();
      }
      if (word(at) === 'TABLE') at += 1;
      // MySQL's `DESCRIBE t column`.
      return tableAt(at, head.value === 'DESCRIBE' || head.value === 'DESC' ? 1 : 0);
    }
    default:
      return null;
  }
}

/** Why a FROM item of node-sql-parser's tree is not a plain read, else null. */
function fromItemProblem(item: unknown, rules: ReadRules): string | null {
  if (!item || typeof item !== 'object') return 'a FROM item is not understood';
  const entry = item as Record<string, unknown>;
  if (typeof entry.table === 'string') return null;
  if (entry.type === 'dual') return null;
  const expr = entry.expr as Record<string, unknown> | undefined;
  if (expr && (expr.ast || expr.type === 'select' || expr.type === 'values')) return null;
  const call = expr?.type === 'function' ? expr : entry.type === 'function' ? entry : null;
  if (call) {
    const name = functionName(call);
    if (name && rules.tableFunctions.includes(name)) return null;
    return `the table function ${name ?? '(unnamed)'} is not understood`;
  }
  return 'a FROM item is not understood';
}

function functionName(node: Record<string, unknown>): string | null {
  const name = node.name as unknown;
  if (typeof name === 'string') return name.toLowerCase();
  const parts = (name as { name?: Array<{ value?: unknown }> } | undefined)?.name;
  const last = Array.isArray(parts) ? parts[parts.length - 1]?.value : undefined;
  return typeof last === 'string' ? last.toLowerCase() : null;
}

/** Walks node-sql-parser's tree: every FROM item must be a table, a subquery or known function. */
function treeProblem(ast: Record<string, unknown>, rules: ReadRules): string | null {
  const stack: unknown[] = [ast];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (rules.builtinFunction && (record.type === 'function' || record.type === 'aggr_func')) {
      const name = functionName(record);
      if (name && !rules.builtinFunction(name)) return `the function ${name} is not built in`;
    }
    if (Array.isArray(record.from)) {
      for (const item of record.from) {
        const problem = fromItemProblem(item, rules);
        if (problem) return problem;
      }
    }
    for (const value of Object.values(record))
      if (value && typeof value === 'object') stack.push(value);
  }
  return null;
}

/**
 * Decides whether `tables` is everything a statement reads: a statement form Tessera understands,
 * no function that hides what it reads, and (where the engine can say) the engine's own list of
 * tables agreeing with the parser's. Tables only the engine names are added to the statement's.
 */
function verifyReads(
  sql: string,
  tokens: Token[],
  dialect: AnalysisDialect,
  rules: ReadRules,
  base: BaseReading,
): { unverified: string | null; extraTables: StatementInfo['tables'] } {
  const denied = calledNames(tokens).find((name) =>
    rules.deniedFunctions.some((pattern) => pattern.test(name)),
  );
  const command = commandRead(sql, tokens, dialect);
  let unverified: string | null = denied ? `the function ${denied} is not allowed` : null;
  const extraTables: StatementInfo['tables'] = command ? [...command.tables] : [];
  if (command) {
    unverified ??= command.unverified;
  } else if (!base.ast || !PARSER_VERIFIABLE_TYPES.has(String(base.ast.type).toLowerCase())) {
    const head = tokens[0]?.value ?? '';
    unverified ??= `${head || 'this'} statements are not understood`;
  } else {
    unverified ??= treeProblem(base.ast, rules);
  }
  if (rules.tablesRead) {
    const engineTables = rules.tablesRead(sql);
    if (engineTables === null) {
      unverified ??= 'the engine could not read the statement';
    } else {
      extraTables.push(
        ...engineTables.map((t) => ({
          name: t.name,
          schema: t.schema ?? null,
          catalog: t.catalog ?? null,
        })),
      );
      // A table the parser sees and the engine does not means they read different statements.
      const engineNames = new Set(engineTables.map((t) => t.name.toLowerCase()));
      if (!command && base.info.tables.some((t) => !engineNames.has(t.name.toLowerCase())))
        unverified ??= 'the engine and the parser read the statement differently';
    }
  }
  return { unverified, extraTables };
}

/** Why a statement reaches files outside its database (refused to everyone), else null. */
function fileReach(tokens: Token[], rules: ReadRules): string | null {
  const words = tokens.filter((t) => t.kind === 'word').map((t) => t.value);
  const head = words[0] ?? '';
  const refuse = (what: string) =>
    `${what} is not allowed: SQL may not reach files outside this database.`;
  if (['ATTACH', 'DETACH', 'INSTALL', 'LOAD', 'IMPORT', 'EXPORT'].includes(head))
    return refuse(head);
  if (head === 'FORCE' && words[1] === 'INSTALL') return refuse('INSTALL');
  if (head === 'VACUUM' && words.includes('INTO')) return refuse('VACUUM INTO');
  if (head === 'COPY' && (words.includes('PROGRAM') || tokens.some((t) => t.kind === 'string')))
    return refuse('COPY to or from a file');
  if (head === 'PRAGMA') {
    const name = tokens.find((t, i) => i > 0 && isName(t) && tokens[i + 1]?.value !== '.');
    if (name && /_directory$/i.test(name.value)) return refuse(`PRAGMA ${name.value}`);
  }
  if (head === 'SET' || head === 'RESET') {
    const name = tokens.find(
      (t, i) => i > 0 && isName(t) && !['GLOBAL', 'SESSION', 'LOCAL', 'PERSIST'].includes(t.value),
    );
    if (
      name &&
      /(_directory|_directories|^allowed_paths|^enable_external_access|extension)/i.test(name.value)
    )
      return refuse(`${head} ${name.value}`);
  }
  for (let i = 0; i < tokens.length - 1; i += 1) {
    if (
      tokens[i].kind === 'word' &&
      tokens[i].value === 'INTO' &&
      ['OUTFILE', 'DUMPFILE'].includes(tokens[i + 1].value)
    )
      return refuse(`INTO ${tokens[i + 1].value}`);
  }
  const call = calledNames(tokens).find((name) =>
    [...rules.fileFunctions, ...ALWAYS_FILE_FUNCTIONS].some((pattern) => pattern.test(name)),
  );
  if (call) return refuse(`The function ${call}`);
  return null;
}
