/**
 * What SQL Lab must know about SQLite to tell which tables a statement reads, for users granted
 * single tables. Plain data, read by `sqllab/statements.ts` (engine key `sqlite`).
 */
export const sqliteReads = {
  /** Functions reaching files or the engine itself (fts3_tokenizer takes raw pointers). */
  deniedFunctions: [/^load_extension$/, /^readfile$/, /^writefile$/, /^edit$/, /^fts3_tokenizer$/],
  /** Table-valued functions that read no table (`pragma_*` ones read the catalog). */
  tableFunctions: ['json_each', 'json_tree', 'generate_series'],
  /** sqlite_master/sqlite_schema hold every table's DDL, sqlite_stat* samples of their values. */
  systemNames: [/^sqlite_/, /^pragma_/],
  systemSchemas: [] as string[],
  fileFunctions: [/^load_extension$/, /^readfile$/, /^writefile$/, /^edit$/],
};
