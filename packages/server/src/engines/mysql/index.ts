import { networkForm } from '../networkForm.ts';
import type { EngineConnection, EngineSpec } from '../types.ts';
import { MysqlSession } from './connect.ts';
import { mysqlEstimateCost } from './cost.ts';
import { mariadbDialect, mysqlDialect } from './dialect.ts';
import { mysqlExecute } from './execute.ts';
import { mysqlRefusesStatementFor } from './guard.ts';
import { mysqlFunctionNames, mysqlSchemas, mysqlTableMetadata, mysqlTables } from './introspect.ts';
import { mysqlValidate } from './validate.ts';

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
      validateStatement: (sql, validateOptions) => mysqlValidate(session, sql, validateOptions),
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
    ...networkForm({
      scheme: defaultScheme,
      defaultPort: 3306,
      sslParameter: 'ssl_mode',
      sslRequired: 'REQUIRED',
      sslEnabled: (value) => !/^disabled?$/i.test(value),
    }),
    supportsCatalogs: false,
    supportsCostEstimate: false,
    supportsDynamicSchema: true,
    dialect: engine === 'mariadb' ? mariadbDialect : mysqlDialect,
    refusesStatement: mysqlRefusesStatementFor(
      engine === 'mariadb' ? mariadbDialect : mysqlDialect,
    ),
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
