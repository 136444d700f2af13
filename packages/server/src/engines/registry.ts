import { TesseraError } from '@tessera/shared/errors';
import { duckdbEngine } from './duckdb/index.ts';
import { mariadbEngine, mysqlEngine } from './mysql/index.ts';
import { postgresqlEngine } from './postgresql/index.ts';
import { sqliteEngine } from './sqlite/index.ts';
import type { EngineSpec } from './types.ts';
import { uriScheme } from './uri.ts';

/** Every engine Tessera can connect to; adding one is a folder plus a line here. */
const ENGINES: readonly EngineSpec[] = [
  duckdbEngine,
  sqliteEngine,
  postgresqlEngine,
  mysqlEngine,
  mariadbEngine,
];

export function listEngineSpecs(): readonly EngineSpec[] {
  return ENGINES;
}

export function getEngineSpec(engineKey: string): EngineSpec {
  const spec = ENGINES.find((engine) => engine.engine === engineKey);
  if (!spec) throw new TesseraError(400, `Unknown database engine "${engineKey}"`);
  return spec;
}

/** The engine for a SQLAlchemy-style URI, chosen by its scheme (`postgresql+psycopg2`, ...). */
export function engineSpecForUri(uri: string): EngineSpec {
  const scheme = uriScheme(uri);
  if (scheme === null) {
    throw new TesseraError(
      400,
      'Invalid connection string: a valid URI looks like dialect://user:password@host:port/database',
      {
        errorType: 'GENERIC_DB_ENGINE_ERROR',
      },
    );
  }
  const spec = ENGINES.find((engine) => engine.schemes.includes(scheme));
  if (!spec) {
    throw new TesseraError(400, `Could not load database driver: ${scheme}`, {
      errorType: 'GENERIC_DB_ENGINE_ERROR',
    });
  }
  return spec;
}
