import { fileFormFields, fileParametersSchema, MEMORY_PATH } from '../fileEngine.ts';
import type { EngineConnection, EngineSpec } from '../types.ts';
import { SqliteSession } from './connect.ts';
import { sqliteEstimateCost } from './cost.ts';
import { sqliteDialect } from './dialect.ts';
import { SQLITE_NAME } from './errors.ts';
import { sqliteExecute } from './execute.ts';
import { guardSqliteStatement, guardSqliteText } from './fileGuard.ts';
import { sqliteRefusesStatement } from './guard.ts';
import {
  sqliteFunctionNames,
  sqliteSchemas,
  sqliteTableMetadata,
  sqliteTables,
} from './introspect.ts';
import { sqliteValidate } from './validate.ts';

async function connect(uri: string, options: { home: string }): Promise<EngineConnection> {
  const session = await SqliteSession.open(uri, options.home);
  return {
    engine: 'sqlite',
    testConnection: async () => {
      await session.query('SELECT 1');
    },
    getCatalogs: async () => [],
    getSchemas: () => sqliteSchemas(session),
    getTables: (schema) => sqliteTables(session, schema),
    getTableMetadata: (table) => sqliteTableMetadata(session, table),
    getTableExtra: async () => ({}),
    // No SQL may reach another file (ATTACH, VACUUM INTO, extensions): fileGuard.ts.
    execute: async (sql, executeOptions) => {
      await session.pool.use((handle) => guardSqliteStatement(handle, sql, executeOptions?.params));
      return sqliteExecute(session, sql, executeOptions);
    },
    validateStatement: async (sql) => {
      guardSqliteText(sql);
      return sqliteValidate(session, sql);
    },
    estimateCost: () => sqliteEstimateCost(),
    functionNames: () => sqliteFunctionNames(session),
    close: () => session.close(),
  };
}

export const sqliteEngine: EngineSpec = {
  engine: 'sqlite',
  name: SQLITE_NAME,
  schemes: ['sqlite'],
  sqlalchemyUriPlaceholder: 'sqlite:////path/to/file.db',
  parameters: fileFormFields(
    '/path/to/file.db',
    'Absolute path, or a path relative to TESSERA_HOME',
  ),
  parametersSchema: fileParametersSchema,
  buildUri(parameters) {
    const { database } = fileParametersSchema.parse(parameters);
    return database === MEMORY_PATH ? 'sqlite://' : `sqlite:///${database}`;
  },
  parseUri(uri) {
    const location = decodeURIComponent(
      uri
        .trim()
        .replace(/^sqlite[^:]*:\/\//i, '')
        .replace(/\?.*$/, ''),
    );
    if (location === '' || location === `/${MEMORY_PATH}`) return { database: MEMORY_PATH };
    return { database: location.slice(1) };
  },
  supportsCatalogs: false,
  supportsCostEstimate: false,
  supportsDynamicSchema: false,
  dialect: sqliteDialect,
  refusesStatement: sqliteRefusesStatement,
  connect,
};
