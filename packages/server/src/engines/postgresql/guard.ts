import { statementGuard } from '../statementGuard.ts';
import { postgresqlDialect } from './dialect.ts';

/**
 * Refuses what would change PostgreSQL's state for other users of the pooled connections:
 * settings (SET, set_config, SET ROLE), held advisory locks, other sessions' queries.
 */
export const postgresqlRefusesStatement = statementGuard(postgresqlDialect, {
  stateFunctions: new Set([
    'set_config',
    'pg_reload_conf',
    'pg_terminate_backend',
    'pg_cancel_backend',
    'pg_advisory_lock',
    'pg_advisory_lock_shared',
    'pg_try_advisory_lock',
    'pg_try_advisory_lock_shared',
  ]),
});
