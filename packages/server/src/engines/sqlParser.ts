import vm from 'node:vm';
import parserPkg from 'node-sql-parser';

/**
 * node-sql-parser, the only way into it, with its cost bounded. Its grammars backtrack without
 * memo: a few nested brackets around a syntax error cost seconds (PostgreSQL's grammar: six levels
 * of `(a IN (SELECT` took 4.5 s, eight took 89 s) and some shapes grow arrays until V8 aborts the
 * whole process. Every parse therefore runs under a wall-clock limit (vm's watchdog stops the
 * synchronous parser where it stands) and, inside `withParseBudget`, under a shared budget for
 * all the statements of one request. A parse that runs out reports `too-costly`; callers treat
 * it as a statement they could not read.
 */

const { Parser } = parserPkg;
const parser = new Parser();

/** The most one parse may take. */
export const PARSE_TIMEOUT_MS = 250;
/** Text longer than this is not parsed at all (the parser needs ~13 µs a character). */
export const MAX_PARSE_CHARS = 64 * 1024;

/** Short, flat text parses in microseconds: it skips the watchdog, which costs ~1.5 ms a call. */
const FAST_PATH_CHARS = 256;
const FAST_PATH_DEPTH = 2;

export type ParseOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'syntax'; error: unknown }
  | { ok: false; reason: 'too-costly' };

let deadline: number | null = null;

/** Runs `work` with at most `ms` of parsing in all (nested budgets keep the tighter one). */
export function withParseBudget<T>(ms: number, work: () => T): T {
  const outer = deadline;
  const mine = performance.now() + ms;
  deadline = outer === null ? mine : Math.min(outer, mine);
  try {
    return work();
  } finally {
    deadline = outer;
  }
}

const sandbox = vm.createContext({ run: null as null | (() => unknown) });
const call = new vm.Script('run()');

function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40) max = Math.max(max, ++depth);
    else if (c === 41) depth--;
  }
  return max;
}

function bounded<T>(sql: string, work: () => T): ParseOutcome<T> {
  if (sql.length > MAX_PARSE_CHARS) return { ok: false, reason: 'too-costly' };
  const left =
    deadline === null ? PARSE_TIMEOUT_MS : Math.min(PARSE_TIMEOUT_MS, deadline - performance.now());
  if (left < 1) return { ok: false, reason: 'too-costly' };
  try {
    if (sql.length <= FAST_PATH_CHARS && bracketDepth(sql) <= FAST_PATH_DEPTH) {
      return { ok: true, value: work() };
    }
    sandbox.run = work;
    return { ok: true, value: call.runInContext(sandbox, { timeout: Math.ceil(left) }) as T };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      return { ok: false, reason: 'too-costly' };
    }
    return { ok: false, reason: 'syntax', error };
  } finally {
    sandbox.run = null;
  }
}

export interface ParsedSql {
  ast: unknown;
  tableList: string[];
}

/** The tree and the tables read, as node-sql-parser's `parse` gives them. */
export function parseSql(sql: string, database: string): ParseOutcome<ParsedSql> {
  return bounded(sql, () => {
    const { ast, tableList } = parser.parse(sql, { database });
    return { ast: ast as unknown, tableList };
  });
}

/** The tree alone, as node-sql-parser's `astify` gives it. */
export function astifySql(sql: string, database: string): ParseOutcome<unknown> {
  return bounded(sql, () => parser.astify(sql, { database }) as unknown);
}
