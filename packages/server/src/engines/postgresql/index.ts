import { z } from 'zod';
import type { EngineConnection, EngineSpec } from '../types.ts';
import { buildSqlalchemyUri, parseSqlalchemyUri } from '../uri.ts';
import { PostgresSession } from './connect.ts';
import { pgEstimateCost } from './cost.ts';
import { postgresqlDialect } from './dialect.ts';
import { POSTGRESQL_NAME } from './errors.ts';
import { pgExecute } from './execute.ts';
import {
  pgCatalogs,
  pgFunctionNames,
  pgSchemas,
  pgTableExtra,
  pgTableMetadata,
  pgTables,
} from './introspect.ts';

const parametersSchema = z.object({
  host: z.string({ error: 'Host is required' }).trim().min(1, 'Host is required'),
  port: z.coerce
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'The port number is invalid.')
    .max(65535, 'The port number is invalid.'),
  database: z
    .string({ error: 'Database name is required' })
    .trim()
    .min(1, 'Database name is required'),
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  password: z.string().optional().nullable(),
  encryption: z.boolean().optional().default(false),
  query: z.string().optional().nullable(),
});

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
  sqlalchemyUriPlaceholder: 'postgresql://user:password@host:5432/database',
  parameters: [
    { name: 'host', label: 'Host', type: 'string', required: true, placeholder: 'e.g. 127.0.0.1' },
    {
      name: 'port',
      label: 'Port',
      type: 'number',
      required: true,
      placeholder: 'e.g. 5432',
      default: 5432,
    },
    {
      name: 'database',
      label: 'Database name',
      type: 'string',
      required: true,
      placeholder: 'e.g. world_population',
    },
    {
      name: 'username',
      label: 'Username',
      type: 'string',
      required: true,
      placeholder: 'e.g. Analytics',
    },
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      required: false,
      placeholder: 'e.g. ********',
    },
    {
      name: 'query',
      label: 'Additional Parameters',
      type: 'string',
      required: false,
      placeholder: 'e.g. param1=value1&param2=value2',
    },
    {
      name: 'encryption',
      label: 'SSL',
      type: 'boolean',
      required: false,
      default: false,
      description: 'Require an encrypted connection (sslmode=require)',
    },
  ],
  parametersSchema,
  buildUri(parameters) {
    const values = parametersSchema.parse(parameters);
    const query = Object.fromEntries(new URLSearchParams(values.query ?? ''));
    if (values.encryption) query.sslmode = query.sslmode ?? 'require';
    return buildSqlalchemyUri({ scheme: 'postgresql', ...values, query });
  },
  parseUri(uri) {
    const parsed = parseSqlalchemyUri(uri);
    const { sslmode, ...rest } = parsed.query;
    return {
      host: parsed.host,
      port: parsed.port ?? 5432,
      database: parsed.database,
      username: parsed.username,
      encryption: sslmode !== undefined && sslmode !== 'disable',
      query: new URLSearchParams(rest).toString(),
    };
  },
  supportsCatalogs: true,
  supportsCostEstimate: true,
  supportsDynamicSchema: true,
  dialect: postgresqlDialect,
  connect,
};
