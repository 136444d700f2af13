import { statementGuard } from '../statementGuard.ts';
import type { Dialect } from '../types.ts';

/**
 * Refuses what would change MySQL's state for other users of the pooled connections: every SET
 * (`sql_mode` changes how later SQL is read, `SET PASSWORD` locks everyone out) and named locks.
 */
export function mysqlRefusesStatementFor(dialect: Dialect) {
  return statementGuard(dialect, {
    stateFunctions: new Set(['get_lock', 'release_lock', 'release_all_locks']),
  });
}
