import { TesseraError } from '@tessera/shared/errors';
import type { Config } from '../platform/config.ts';
import { type Actor, actsAsAdmin } from '../security/actor.ts';

/**
 * Superset's PREVENT_UNSAFE_DB_CONNECTIONS: engines that open files on the server (and can
 * ATTACH, COPY or read any other file the server's user may reach, the metadata store
 * included) are connected by admins only, unless the setting is turned off. In-memory
 * connections of these engines count too: they attach files just as well.
 */
const UNSAFE_ENGINES = new Set(['sqlite', 'duckdb']);

export function isUnsafeEngine(engine: string): boolean {
  return UNSAFE_ENGINES.has(engine);
}

/**
 * 400 `{"message": {"sqlalchemy_uri": ["SQLite cannot be used as a data source for security
 * reasons."]}}` when a non-admin creates, edits or tests a connection to such an engine.
 */
export function assertSafeConnection(
  config: Pick<Config, 'preventUnsafeDbConnections'>,
  actor: Actor,
  spec: { engine: string; name: string },
): void {
  if (!config.preventUnsafeDbConnections || actsAsAdmin(actor) || !isUnsafeEngine(spec.engine))
    return;
  throw new TesseraError(400, 'Invalid input', {
    fields: {
      sqlalchemy_uri: [`${spec.name} cannot be used as a data source for security reasons.`],
    },
  });
}
