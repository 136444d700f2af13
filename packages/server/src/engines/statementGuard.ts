import { TesseraError } from '@tessera/shared/errors';
import { lexSql } from './sqlLexer.ts';
import type { Dialect } from './types.ts';

/**
 * Statements users may not run through SQL Lab whatever their grants: those that change settings
 * or state of the engine. Connections are pooled and shared by every user of a database, so even
 * a session setting (`SET search_path`, MySQL's `sql_mode`, `SET ROLE`) would change the next
 * user's queries, and a global one (`SET GLOBAL memory_limit`) breaks the engine for everyone.
 * Each engine states its rules; the statement is read with the engine's own lexical rules.
 */
export interface StatementRules {
  /** PRAGMAs that only read: `tables` take a table or schema argument, `values` none. */
  pragmas?: { tables: ReadonlySet<string>; values: ReadonlySet<string> };
  /** Procedures `CALL` may run (DuckDB's reading `pragma_*` functions); others are refused. */
  calls?: ReadonlySet<string>;
  /** Functions that change the state of the connection or the server. */
  stateFunctions: ReadonlySet<string>;
}

/** Statement heads that change how the pooled connection reads every later statement. */
const SETTING_STARTS = new Set(['SET', 'RESET', 'USE']);

const HEAD = /^[\s(]*([A-Za-z_]+)/;
/** `PRAGMA [schema.]name [= value | (argument)]` over the skeleton (quoted names are `"?"`). */
const PRAGMA = /^\s*PRAGMA\s+(?:(?:[\w$]+|"\?")\s*\.\s*)?([\w$]+|"\?")\s*([=(])?/i;
const CALL = /^\s*CALL\s+(?:(?:[\w$]+|"\?")\s*\.\s*)?([\w$]+|"\?")/i;

function refusal(message: string): TesseraError {
  return new TesseraError(400, message, { errorType: 'QUERY_SECURITY_ACCESS_ERROR' });
}

const SHARED = "this database's connections are shared by every user";

export function statementGuard(
  dialect: Dialect,
  rules: StatementRules,
): (sql: string) => TesseraError | null {
  return (sql) => {
    const lexed = lexSql(sql, dialect);
    const head = HEAD.exec(lexed.skeleton)?.[1]?.toUpperCase();
    if (head && SETTING_STARTS.has(head)) {
      return refusal(
        `${head} is not allowed in SQL Lab: ${SHARED}, so it would change their queries too.`,
      );
    }
    if (head === 'PRAGMA') {
      const pragma = PRAGMA.exec(lexed.skeleton);
      const name = pragma?.[1]?.toLowerCase() ?? '';
      const argument = pragma?.[2];
      const reads =
        rules.pragmas &&
        argument !== '=' &&
        (rules.pragmas.tables.has(name) || (!argument && rules.pragmas.values.has(name)));
      if (!reads) {
        return refusal(
          `This PRAGMA is not allowed in SQL Lab: it could change settings ${SHARED} use. Only PRAGMAs that read (such as table_info) may run.`,
        );
      }
    }
    if (head === 'CALL' && rules.calls) {
      const name = CALL.exec(lexed.skeleton)?.[1]?.toLowerCase() ?? '';
      if (!rules.calls.has(name)) {
        return refusal(
          `CALL ${name} is not allowed in SQL Lab: only procedures that read may run, since ${SHARED}.`,
        );
      }
    }
    if (lexed.calls.some((candidate) => candidate.unicodeEscaped)) {
      return refusal('Function names written with U& escapes are not allowed in SQL Lab.');
    }
    const call = lexed.calls.find((candidate) => rules.stateFunctions.has(candidate.name));
    if (call) {
      return refusal(
        `The function ${call.name} is not allowed in SQL Lab: it changes state ${SHARED} use.`,
      );
    }
    return null;
  };
}
