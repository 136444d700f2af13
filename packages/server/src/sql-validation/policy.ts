import type { Token } from '../sqllab/tokens.ts';

/**
 * Which check a statement gets, by its first words. `engine`: the engine's own EXPLAIN, which
 * only plans. `parser`: node-sql-parser's syntax check, for statements EXPLAIN does not take
 * (PostgreSQL and MySQL DDL), so DDL is never sent anywhere. `none`: valid statement kinds
 * neither can judge without false alarms (transactions, settings, engine extensions).
 * A first word in no list is most likely a typo: EXPLAIN then answers with a syntax error there.
 */
export type CheckKind = 'engine' | 'parser' | 'none';

export interface ValidationPolicy {
  /** Superset-style validator name, for messages and the README. */
  name: string;
  engineWords: ReadonlySet<string>;
  /** DDL whose shape node-sql-parser knows well enough to judge (none: never the parser). */
  parserDdl: 'postgresql' | 'mysql' | null;
}

const words = (...list: string[]) => new Set(list);

const KNOWN_STATEMENT_WORDS = words(
  'ABORT',
  'ALTER',
  'ANALYSE',
  'ANALYZE',
  'ATTACH',
  'BEGIN',
  'CALL',
  'CHECK',
  'CHECKPOINT',
  'CHECKSUM',
  'CLOSE',
  'CLUSTER',
  'COMMENT',
  'COMMIT',
  'COPY',
  'CREATE',
  'DEALLOCATE',
  'DECLARE',
  'DESC',
  'DESCRIBE',
  'DETACH',
  'DISCARD',
  'DO',
  'DROP',
  'END',
  'EXEC',
  'EXECUTE',
  'EXPLAIN',
  'EXPORT',
  'FETCH',
  'FLUSH',
  'FORCE',
  'GRANT',
  'HANDLER',
  'IMPORT',
  'INSTALL',
  'KILL',
  'LISTEN',
  'LOAD',
  'LOCK',
  'MOVE',
  'NOTIFY',
  'OPTIMIZE',
  'PRAGMA',
  'PREPARE',
  'PURGE',
  'REASSIGN',
  'REFRESH',
  'REINDEX',
  'RELEASE',
  'RENAME',
  'REPAIR',
  'RESET',
  'REVOKE',
  'ROLLBACK',
  'SAVEPOINT',
  'SECURITY',
  'SET',
  'SHOW',
  'SHUTDOWN',
  'START',
  'SUMMARIZE',
  'TRUNCATE',
  'UNLISTEN',
  'UNLOCK',
  'USE',
  'VACUUM',
  'XA',
);

const PARSER_CREATE_OBJECTS = words('TABLE', 'VIEW', 'INDEX', 'SCHEMA', 'DATABASE');
const PARSER_DROP_OBJECTS = words('TABLE', 'VIEW', 'INDEX');
const CREATE_MODIFIERS = words('OR', 'REPLACE', 'TEMP', 'TEMPORARY', 'UNIQUE', 'GLOBAL', 'LOCAL');

const POSTGRESQL: ValidationPolicy = {
  name: 'PostgreSQLValidator',
  engineWords: words(
    'SELECT',
    'WITH',
    'VALUES',
    'TABLE',
    'INSERT',
    'UPDATE',
    'DELETE',
    'MERGE',
    '(',
  ),
  parserDdl: 'postgresql',
};

const MYSQL: ValidationPolicy = {
  name: 'MySQLValidator',
  engineWords: words(
    'SELECT',
    'WITH',
    'VALUES',
    'TABLE',
    'INSERT',
    'UPDATE',
    'DELETE',
    'REPLACE',
    '(',
  ),
  parserDdl: 'mysql',
};

const DUCKDB: ValidationPolicy = {
  name: 'DuckDBValidator',
  // DuckDB plans DDL too (checked: preparing `EXPLAIN DROP TABLE t` drops nothing).
  engineWords: words(
    'SELECT',
    'WITH',
    'VALUES',
    'TABLE',
    'FROM',
    'INSERT',
    'UPDATE',
    'DELETE',
    'CREATE',
    'DROP',
    'ALTER',
    'PIVOT',
    'UNPIVOT',
    'DESCRIBE',
    'SHOW',
    'SUMMARIZE',
    '(',
  ),
  parserDdl: null,
};

const SQLITE: ValidationPolicy = {
  name: 'SQLiteValidator',
  // SQLite compiles any statement under EXPLAIN; prepare() never steps it. PRAGMAs may act while
  // compiling, so they are left out (see KNOWN_STATEMENT_WORDS).
  engineWords: words(
    'SELECT',
    'WITH',
    'VALUES',
    'INSERT',
    'UPDATE',
    'DELETE',
    'REPLACE',
    'CREATE',
    'DROP',
    'ALTER',
    'ATTACH',
    'DETACH',
    'ANALYZE',
    'REINDEX',
    'VACUUM',
    'BEGIN',
    'COMMIT',
    'END',
    'ROLLBACK',
    'SAVEPOINT',
    'RELEASE',
    '(',
  ),
  parserDdl: null,
};

/** Engines with a validator, by engine key (Superset's SQL_VALIDATORS_BY_ENGINE). */
const POLICIES: Readonly<Record<string, ValidationPolicy>> = {
  postgresql: POSTGRESQL,
  mysql: MYSQL,
  mariadb: MYSQL,
  duckdb: DUCKDB,
  sqlite: SQLITE,
};

export function policyFor(engine: string): ValidationPolicy | undefined {
  return Object.hasOwn(POLICIES, engine) ? POLICIES[engine] : undefined;
}

export function checkKind(policy: ValidationPolicy, tokens: readonly Token[]): CheckKind {
  const first = tokens[0];
  if (!first) return 'none';
  const head = first.kind === 'word' || first.value === '(' ? first.value : '';
  if (policy.engineWords.has(head)) return 'engine';
  if (policy.parserDdl && isParserDdl(policy.parserDdl, tokens)) return 'parser';
  if (KNOWN_STATEMENT_WORDS.has(head)) return 'none';
  // Not a statement word at all (`SELEC 1`, a stray identifier): let the engine say where.
  return head === '' ? 'parser' : 'engine';
}

/**
 * Only the DDL node-sql-parser reads right (checked against common statements): it refuses valid
 * `DROP SCHEMA`, `DROP FUNCTION` and PostgreSQL's `ALTER TABLE ... RENAME COLUMN`, so those are
 * left alone rather than flagged.
 */
function isParserDdl(flavour: 'postgresql' | 'mysql', tokens: readonly Token[]): boolean {
  const head = tokens[0]?.value;
  if (head === 'TRUNCATE') return true;
  if (head === 'DROP') return PARSER_DROP_OBJECTS.has(tokens[1]?.value ?? '');
  if (flavour === 'mysql' && head === 'RENAME') return true;
  if (flavour === 'mysql' && head === 'ALTER') return tokens[1]?.value === 'TABLE';
  if (head !== 'CREATE') return false;
  let index = 1;
  while (tokens[index] && CREATE_MODIFIERS.has(tokens[index].value)) index += 1;
  return PARSER_CREATE_OBJECTS.has(tokens[index]?.value ?? '');
}
