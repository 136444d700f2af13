import { z } from 'zod';
import type { EngineConnection, EngineSpec } from '../types.ts';
import { DuckdbSession, duckdbPathFromUri, MEMORY_PATH } from './connect.ts';
import { duckdbEstimateCost } from './cost.ts';
import { duckdbDialect } from './dialect.ts';
import { DUCKDB_NAME } from './errors.ts';
import { duckdbExecute } from './execute.ts';
import {
  duckdbCatalogs,
  duckdbFunctionNames,
  duckdbSchemas,
  duckdbTableMetadata,
  duckdbTables,
} from './introspect.ts';

const parametersSchema = z.object({
  database: z
    .string({ error: 'Database file is required' })
    .trim()
    .min(1, 'Database file is required'),
});

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
  parameters: [
    {
      name: 'database',
      label: 'Database file',
      type: 'string',
      required: true,
      placeholder: '/path/to/file.duckdb',
      description:
        'Absolute path, or a path relative to TESSERA_HOME; :memory: for an in-memory database',
    },
  ],
  parametersSchema,
  buildUri(parameters) {
    const { database } = parametersSchema.parse(parameters);
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
  connect,
};
