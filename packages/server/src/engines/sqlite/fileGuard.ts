import { TesseraError } from '@tessera/shared/errors';
import type Database from 'better-sqlite3';

/**
 * No SQL run on a SQLite connection may reach another file: ATTACH (the metadata store is a
 * SQLite file too), DETACH, VACUUM INTO, loading extensions, or moving SQLite's temporary
 * directory. better-sqlite3 has no authorizer, so the check reads SQLite's own compiled program
 * (EXPLAIN names sqlite_attach, sqlite_detach and load_extension calls and VACUUM's target,
 * however the SQL is spelled), after a scan of the text for the PRAGMAs that act while a
 * statement is merely prepared. Whatever cannot be checked is refused.
 */

function refused(what: string): TesseraError {
  return new TesseraError(
    403,
    `${what} is not allowed: SQL may not reach files outside this database.`,
    { errorType: 'DATABASE_SECURITY_ACCESS_ERROR' },
  );
}

/** Words and quoted names of `sql` as SQLite reads them (strings and comments skipped). */
function sqliteNames(sql: string): string[] {
  const names: string[] = [];
  let i = 0;
  const n = sql.length;
  const closeOf: Record<string, string> = { '"': '"', '`': '`', '[': ']' };
  while (i < n) {
    const c = sql[i];
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === "'") {
      i += 1;
      while (i < n && !(sql[i] === "'" && sql[i + 1] !== "'")) i += sql[i] === "'" ? 2 : 1;
      i += 1;
    } else if (c in closeOf) {
      const close = closeOf[c];
      let end = i + 1;
      let value = '';
      while (end < n) {
        if (sql[end] === close && close !== ']' && sql[end + 1] === close) {
          value += close;
          end += 2;
        } else if (sql[end] === close) break;
        else value += sql[end++];
      }
      names.push(value.toLowerCase());
      i = end + 1;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let end = i + 1;
      while (end < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[end])) end += 1;
      names.push(sql.slice(i, end).toLowerCase());
      i = end;
    } else {
      i += 1;
    }
  }
  return names;
}

/** Refuses (403) a statement that would reach files outside the connection's database. */
export function guardSqliteText(sql: string): void {
  const names = sqliteNames(sql);
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i];
    if (name === 'attach' || name === 'detach') throw refused(name.toUpperCase());
    if (name === 'vacuum' && names.slice(i + 1).includes('into')) throw refused('VACUUM INTO');
    if (name === 'load_extension') throw refused('Loading an extension');
    if (name === 'pragma' && names.slice(i + 1, i + 3).some((next) => next.endsWith('_directory')))
      throw refused('Moving SQLite directories');
  }
}

const FILE_CALLS = /^(sqlite_attach|sqlite_detach|load_extension|readfile|writefile)\(/i;

/**
 * The full check, on an open handle: the text first, then SQLite's program for the statement.
 * Preparing compiles without running anything (the PRAGMAs that act when prepared were refused by
 * the text scan).
 */
export function guardSqliteStatement(
  handle: Database.Database,
  sql: string,
  params: readonly unknown[] = [],
): void {
  guardSqliteText(sql);
  let program: Array<{ opcode: string; p2: number; p4: unknown }>;
  try {
    // EXPLAIN wants as many values as the statement has parameters; their values do not matter.
    program = handle.prepare(`EXPLAIN ${sql}`).all(...params.map(() => null)) as typeof program;
  } catch {
    // Text that EXPLAIN cannot compile must not compile on its own either.
    let compiles = false;
    try {
      handle.prepare(sql);
      compiles = true;
    } catch {
      // The engine reports the error when the statement runs.
    }
    if (compiles) throw refused('A statement that cannot be checked');
    return;
  }
  for (const step of program) {
    if (step.opcode === 'Vacuum' && step.p2 !== 0) throw refused('VACUUM INTO');
    if (
      (step.opcode === 'Function' || step.opcode === 'PureFunc') &&
      typeof step.p4 === 'string' &&
      FILE_CALLS.test(step.p4)
    )
      throw refused(
        step.p4
          .replace(/\(.*$/, '')
          .replace(/^sqlite_/, '')
          .toUpperCase(),
      );
  }
}
