/**
 * What SQL Lab must know about MySQL/MariaDB to tell which tables a statement reads, for users
 * granted single tables. Plain data, read by `sqllab/statements.ts` (engine keys `mysql` and
 * `mariadb`).
 */
export const mysqlReads = {
  /** Functions reading the server's files. */
  deniedFunctions: [/^load_file$/],
  /** MySQL has no table functions besides JSON_TABLE, which the parser does not read. */
  tableFunctions: [] as string[],
  systemNames: [] as RegExp[],
  systemSchemas: ['information_schema', 'mysql', 'performance_schema', 'sys'],
  fileFunctions: [/^load_file$/],
};
