/**
 * What SQL Lab must know about PostgreSQL to tell which tables a statement reads, for users
 * granted single tables. Plain data, read by `sqllab/statements.ts` (engine key `postgresql`).
 */
export const postgresqlReads = {
  /**
   * Functions that run SQL given as text (so they read tables no parser sees), read the server's
   * files, reach other databases, or change settings that decide what a name means.
   */
  deniedFunctions: [
    /^(query|table|cursor|schema|database)_to_xml/,
    /^dblink/,
    /^pg_read_/,
    /^pg_ls_/,
    /^pg_stat_file$/,
    /^pg_file_/,
    /^lo_/,
    /^loread$/,
    /^ts_stat$/,
    /^set_config$/,
    /^current_setting$/,
    /^pg_(terminate|cancel)_backend$/,
    /^pg_reload_conf$/,
    /^pg_rotate_logfile$/,
  ],
  /** Table functions in FROM that read no table. */
  tableFunctions: [
    'generate_series',
    'generate_subscripts',
    'unnest',
    'json_each',
    'json_each_text',
    'jsonb_each',
    'jsonb_each_text',
    'json_array_elements',
    'json_array_elements_text',
    'jsonb_array_elements',
    'jsonb_array_elements_text',
    'json_to_recordset',
    'jsonb_to_recordset',
    'regexp_matches',
    'regexp_split_to_table',
    'string_to_table',
  ],
  /**
   * Catalog relations: `pg_*` names resolve to pg_catalog before any schema of the search path,
   * and their rows (pg_stats samples, pg_authid) belong to other tables and other users.
   */
  systemNames: [/^pg_/],
  systemSchemas: ['pg_catalog', 'information_schema', 'pg_toast'],
  /** Files outside the database are reached by these, whoever runs them. */
  fileFunctions: [/^pg_read_/, /^pg_ls_/, /^pg_stat_file$/, /^pg_file_/, /^lo_(import|export)$/],
};
