import { fileFormFields, fileParametersSchema, MEMORY_PATH } from '../fileEngine.ts';
import type { EngineConnection, EngineSpec } from '../types.ts';
import { DuckdbSession, duckdbPathFromUri } from './connect.ts';
import { duckdbEstimateCost } from './cost.ts';
import { duckdbDialect } from './dialect.ts';
import { DUCKDB_NAME } from './errors.ts';
import { duckdbExecute } from './execute.ts';
import { duckdbRefusesStatement } from './guard.ts';
import {
  duckdbCatalogs,
  duckdbFunctionNames,
  duckdbSchemas,
  duckdbTableMetadata,
  duckdbTables,
} from './introspect.ts';
import { duckdbValidate } from './validate.ts';

async function connect(uri: string, options: { home: string }): Promise<EngineConnection> {
  const session = await DuckdbSession.open(uri, options.home);
  return {
    engine: 'duckdb',
    testConnection: async () => {
      await session.query('SELECT 1');
    },
    getCatalogs: () => duckdbCatalogs(session),
    getSchemas: (catalog) => duckdbSchemas(session, catalog),
    getTables: (schema, catalog) => duckdbTables(session, schema, catalog),
    getTableMetadata: (table) => duckdbTableMetadata(session, table),
    getTableExtra: async () => ({}),
    execute: (sql, executeOptions) => duckdbExecute(session, sql, executeOptions),
    validateStatement: (sql, validateOptions) => duckdbValidate(session, sql, validateOptions),
    estimateCost: () => duckdbEstimateCost(),
    functionNames: () => duckdbFunctionNames(session),
    close: () => session.close(),
  };
}

export const duckdbEngine: EngineSpec = {
  engine: 'duckdb',
  name: DUCKDB_NAME,
  schemes: ['duckdb'],
  sqlalchemyUriPlaceholder: 'duckdb:////path/to/file.duckdb',
  parameters: fileFormFields(
    '/path/to/file.duckdb',
    'Absolute path, or a path relative to TESSERA_HOME; :memory: for an in-memory database',
  ),
  parametersSchema: fileParametersSchema,
  buildUri(parameters) {
    const { database } = fileParametersSchema.parse(parameters);
    return `duckdb:///${database}`;
  },
  parseUri(uri) {
    // Keep the path as written (relative stays relative) so the form round-trips.
    const { path } = duckdbPathFromUri(uri, '/');
    if (path === MEMORY_PATH) return { database: MEMORY_PATH };
    const written = decodeURIComponent(
      uri
        .trim()
        .replace(/^duckdb:\/\/\//i, '')
        .replace(/\?.*$/, ''),
    );
    return { database: written };
  },
  supportsCatalogs: false,
  supportsCostEstimate: false,
  supportsDynamicSchema: true,
  dialect: duckdbDialect,
  refusesStatement: duckdbRefusesStatement,
  connect,
};
