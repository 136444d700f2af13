import parserPkg from 'node-sql-parser';
import type { Dialect } from '../engines/types.ts';
import { type Token, type TokenizeOptions, tokenize } from './tokens.ts';

const { Parser } = parserPkg;
const parser = new Parser();

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

export function tokenizeOptions(dialect: Pick<Dialect, 'parserDatabase'>): TokenizeOptions {
  return { mysql: dialect.parserDatabase === 'mysql' || dialect.parserDatabase === 'mariadb' };
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

/** Reads one statement (already split from its script). */
export function analyzeStatement(
  sql: string,
  dialect: Pick<Dialect, 'parserDatabase'>,
): StatementInfo {
  const tokens = tokenize(sql, tokenizeOptions(dialect));
  const keywords = keywordKinds(tokens);
  let ast: unknown;
  try {
    ast = parser.astify(sql, { database: dialect.parserDatabase });
  } catch {
    return { sql, ...keywords, tables: keywordTables(tokens), parsed: false };
  }
  const parsed = parserKinds(ast);
  if (!parsed) return { sql, ...keywords, tables: keywordTables(tokens), parsed: false };
  let tables: StatementInfo['tables'];
  try {
    const ctes = cteNames(ast);
    tables = parser
      .tableList(sql, { database: dialect.parserDatabase })
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
  // Either reader seeing a write is enough to call it one.
  return {
    sql,
    isSelect: parsed.isSelect && !keywords.isMutating,
    isMutating: parsed.isMutating || keywords.isMutating,
    tables: dedupeTables(tables),
    parsed: true,
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
export function sqlLimitOf(sql: string, dialect: Pick<Dialect, 'parserDatabase'>): number | null {
  return findLimit(tokenize(sql, tokenizeOptions(dialect)))?.value ?? null;
}

/**
 * Forces a statement's top-level limit to `limit`: replaces the count of an existing LIMIT, or
 * appends one on its own line (so a trailing `--` comment cannot swallow it).
 */
export function applyLimit(
  sql: string,
  limit: number,
  dialect: Pick<Dialect, 'parserDatabase'>,
): string {
  const found = findLimit(tokenize(sql, tokenizeOptions(dialect)));
  if (found?.token)
    return `${sql.slice(0, found.token.start)}${limit}${sql.slice(found.token.end)}`;
  if (found) return sql; // LIMIT ALL / LIMIT :param: leave as written, maxRows still caps the read.
  return `${sql}\nLIMIT ${limit}`;
}
