import { z } from 'zod';
import type { EngineConnection, EngineSpec } from '../types.ts';
import { buildSqlalchemyUri, parseSqlalchemyUri } from '../uri.ts';
import { MysqlSession } from './connect.ts';
import { mysqlEstimateCost } from './cost.ts';
import { mariadbDialect, mysqlDialect } from './dialect.ts';
import { mysqlExecute } from './execute.ts';
import { mysqlFunctionNames, mysqlSchemas, mysqlTableMetadata, mysqlTables } from './introspect.ts';

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

function connector(engine: string, name: string) {
  return async (
    uri: string,
    options: { password?: string | null; extra?: Record<string, unknown> },
  ): Promise<EngineConnection> => {
    const session = await MysqlSession.open(uri, options, name);
    return {
      engine,
      testConnection: async () => {
        await session.query('SELECT 1');
      },
      getCatalogs: async () => [],
      getSchemas: () => mysqlSchemas(session),
      getTables: (schema) => mysqlTables(session, schema),
      getTableMetadata: (table) => mysqlTableMetadata(session, name, table),
      getTableExtra: async () => ({}),
      execute: (sql, executeOptions) => mysqlExecute(session, sql, executeOptions),
      estimateCost: () => mysqlEstimateCost(name),
      functionNames: () => mysqlFunctionNames(session),
      close: () => session.close(),
    };
  };
}

/** MySQL and MariaDB speak one protocol; they differ in name, schemes and parser dialect. */
function mysqlFamilySpec(
  engine: 'mysql' | 'mariadb',
  name: string,
  schemes: string[],
  defaultScheme: string,
): EngineSpec {
  return {
    engine,
    name,
    schemes,
    sqlalchemyUriPlaceholder: `${defaultScheme}://user:password@host:3306/database`,
    parameters: [
      {
        name: 'host',
        label: 'Host',
        type: 'string',
        required: true,
        placeholder: 'e.g. 127.0.0.1',
      },
      {
        name: 'port',
        label: 'Port',
        type: 'number',
        required: true,
        placeholder: 'e.g. 3306',
        default: 3306,
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
        description: 'Require an encrypted connection (ssl_mode=REQUIRED)',
      },
    ],
    parametersSchema,
    buildUri(parameters) {
      const values = parametersSchema.parse(parameters);
      const query = Object.fromEntries(new URLSearchParams(values.query ?? ''));
      if (values.encryption) query.ssl_mode = query.ssl_mode ?? 'REQUIRED';
      return buildSqlalchemyUri({ scheme: defaultScheme, ...values, query });
    },
    parseUri(uri) {
      const parsed = parseSqlalchemyUri(uri);
      const { ssl_mode: sslMode, ...rest } = parsed.query;
      return {
        host: parsed.host,
        port: parsed.port ?? 3306,
        database: parsed.database,
        username: parsed.username,
        encryption: sslMode !== undefined && !/^disabled?$/i.test(sslMode),
        query: new URLSearchParams(rest).toString(),
      };
    },
    supportsCatalogs: false,
    supportsCostEstimate: false,
    supportsDynamicSchema: true,
    dialect: engine === 'mariadb' ? mariadbDialect : mysqlDialect,
    connect: connector(engine, name),
  };
}

export const mysqlEngine: EngineSpec = mysqlFamilySpec(
  'mysql',
  'MySQL',
  ['mysql', 'mysql+mysqldb', 'mysql+pymysql', 'mysql+mysqlconnector'],
  'mysql',
);

export const mariadbEngine: EngineSpec = mysqlFamilySpec(
  'mariadb',
  'MariaDB',
  ['mariadb', 'mariadb+mariadbconnector', 'mariadb+pymysql', 'mariadb+mysqldb'],
  'mariadb',
);
