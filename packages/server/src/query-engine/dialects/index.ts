import { TesseraError } from '@tessera/shared/errors';
import { clickhouseQueryDialect } from './clickhouse.ts';
import { duckdbQueryDialect } from './duckdb.ts';
import { mariadbQueryDialect, mysqlQueryDialect } from './mysql.ts';
import { postgresqlQueryDialect } from './postgresql.ts';
import { sqliteQueryDialect } from './sqlite.ts';
import { trinoQueryDialect } from './trino.ts';
import type { QueryDialect } from './types.ts';

const DIALECTS: Record<string, QueryDialect> = {
  duckdb: duckdbQueryDialect,
  sqlite: sqliteQueryDialect,
  postgresql: postgresqlQueryDialect,
  mysql: mysqlQueryDialect,
  mariadb: mariadbQueryDialect,
  clickhouse: clickhouseQueryDialect,
  trino: trinoQueryDialect,
};

export const QUERY_DIALECT_ENGINES = Object.keys(DIALECTS);

/** The compiler's dialect for an engine key (`databases.engine`). */
export function queryDialectFor(engine: string): QueryDialect {
  const dialect = DIALECTS[engine];
  if (!dialect) {
    throw new TesseraError(400, `Charts are not supported on the "${engine}" engine`, {
      errorType: 'GENERIC_DB_ENGINE_ERROR',
    });
  }
  return dialect;
}
