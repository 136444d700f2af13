import { networkForm } from '../networkForm.ts';
import type { EngineConnection, EngineSpec } from '../types.ts';
import { PostgresSession } from './connect.ts';
import { pgEstimateCost } from './cost.ts';
import { postgresqlDialect } from './dialect.ts';
import { POSTGRESQL_NAME } from './errors.ts';
import { pgExecute } from './execute.ts';
import { postgresqlRefusesStatement } from './guard.ts';
import {
  pgCatalogs,
  pgFunctionNames,
  pgSchemas,
  pgTableExtra,
  pgTableMetadata,
  pgTables,
} from './introspect.ts';
import { pgValidate } from './validate.ts';

async function connect(
  uri: string,
  options: { password?: string | null; extra?: Record<string, unknown> },
): Promise<EngineConnection> {
  const session = await PostgresSession.open(uri, options);
  return {
    engine: 'postgresql',
    testConnection: async () => {
      await session.query('SELECT 1');
    },
    getCatalogs: () => pgCatalogs(session),
    getSchemas: (catalog) => pgSchemas(session, catalog),
    getTables: (schema, catalog) => pgTables(session, schema, catalog),
    getTableMetadata: (table) => pgTableMetadata(session, table),
    getTableExtra: (table) => pgTableExtra(session, table),
    execute: (sql, executeOptions) => pgExecute(session, sql, executeOptions),
    validateStatement: (sql, validateOptions) => pgValidate(session, sql, validateOptions),
    estimateCost: (sql, costOptions) => pgEstimateCost(session, sql, costOptions),
    functionNames: () => pgFunctionNames(session),
    close: () => session.close(),
  };
}

export const postgresqlEngine: EngineSpec = {
  engine: 'postgresql',
  name: POSTGRESQL_NAME,
  schemes: [
    'postgresql',
    'postgresql+psycopg2',
    'postgresql+psycopg',
    'postgresql+pg8000',
    'postgres',
  ],
  ...networkForm({
    scheme: 'postgresql',
    defaultPort: 5432,
    sslParameter: 'sslmode',
    sslRequired: 'require',
    sslEnabled: (value) => value !== 'disable',
  }),
  supportsCatalogs: true,
  supportsCostEstimate: true,
  supportsDynamicSchema: true,
  dialect: postgresqlDialect,
  refusesStatement: postgresqlRefusesStatement,
  connect,
};
