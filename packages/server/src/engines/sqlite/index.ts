import { z } from 'zod';
import type { EngineConnection, EngineSpec } from '../types.ts';
import { MEMORY_PATH, SqliteSession } from './connect.ts';
import { sqliteEstimateCost } from './cost.ts';
import { sqliteDialect } from './dialect.ts';
import { SQLITE_NAME } from './errors.ts';
import { sqliteExecute } from './execute.ts';
import {
  sqliteFunctionNames,
  sqliteSchemas,
  sqliteTableMetadata,
  sqliteTables,
} from './introspect.ts';

const parametersSchema = z.object({
  database: z
    .string({ error: 'Database file is required' })
    .trim()
    .min(1, 'Database file is required'),
});

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
    execute: (sql, executeOptions) => sqliteExecute(session, sql, executeOptions),
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
  parameters: [
    {
      name: 'database',
      label: 'Database file',
      type: 'string',
      required: true,
      placeholder: '/path/to/file.db',
      description: 'Absolute path, or a path relative to TESSERA_HOME',
    },
  ],
  parametersSchema,
  buildUri(parameters) {
    const { database } = parametersSchema.parse(parameters);
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
  connect,
};
