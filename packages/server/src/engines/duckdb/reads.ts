import { DuckDBInstance } from '@duckdb/node-api';
import type { TableRef } from '../types.ts';

/**
 * What SQL Lab must know about DuckDB to tell which tables a statement reads, for users granted
 * single tables: name lists, and DuckDB's own reading of a statement. Read by
 * `sqllab/statements.ts` (engine key `duckdb`).
 */
export const duckdbReads = {
  /**
   * Functions that read tables named in a string (`query`, `query_table`), files, the catalog with
   * the server's paths (`duckdb_*`), or settings.
   */
  deniedFunctions: [
    /^query(_table)?$/,
    /^read_/,
    /_scan$/,
    /^glob$/,
    /^sniff_csv$/,
    /^duckdb_/,
    /^pragma_/,
    /^parquet_/,
    /^iceberg_/,
    /^delta_/,
    /^current_setting$/,
    /^which_secret$/,
    /^load_extension$/,
  ],
  /** Table functions in FROM that read no table. */
  tableFunctions: ['range', 'generate_series', 'unnest', 'json_each', 'json_tree'],
  /** The catalog views DuckDB offers in every schema (`duckdb_databases` shows file paths). */
  systemNames: [/^duckdb_/, /^pragma_/, /^sqlite_(master|schema|temp_master|temp_schema)$/],
  systemSchemas: ['information_schema', 'pg_catalog'],
  fileFunctions: [/^read_/, /_scan$/, /^glob$/, /^sniff_csv$/, /^load_extension$/],
};

/**
 * A private in-memory DuckDB whose binder names the tables a statement reads: the engine's own
 * parser, resolving `query_table('t')`, `query('SELECT ... FROM t')`, SUMMARIZE and DESCRIBE.
 * It holds no data and reaches no file; started once, when this module loads, so the reading
 * stays synchronous.
 */
const reader = await DuckDBInstance.create(':memory:', {
  enable_external_access: 'false',
  threads: '1',
  memory_limit: '64MB',
});
const readerConnection = await reader.connect();
/** Built-in functions and macros: a name outside them is a user's macro, which may read tables. */
const builtins = new Set(
  (await readerConnection.runAndReadAll('SELECT DISTINCT function_name FROM duckdb_functions()'))
    .getRows()
    .map((row) => String(row[0]).toLowerCase()),
);

/** Calls DuckDB's grammar handles itself, so they are not in duckdb_functions(). */
const SYNTAX = new Set([
  'coalesce',
  'nullif',
  'ifnull',
  'if',
  'iif',
  'current_date',
  'current_time',
  'current_timestamp',
  'localtime',
  'localtimestamp',
  'extract',
  'grouping',
  'grouping_id',
  'columns',
  'try',
  'try_cast',
  'cast',
  'array',
  'interval',
  'overlay',
  'position',
  'substring',
  'trim',
  'row',
  'case',
  'exists',
  'collate',
]);

/** Whether `name` is one of DuckDB's own functions (not a macro someone created). */
export function duckdbBuiltinFunction(name: string): boolean {
  const lower = name.toLowerCase();
  return builtins.has(lower) || SYNTAX.has(lower);
}

/**
 * The tables DuckDB says one statement reads, or null when DuckDB cannot read the statement
 * (a syntax error, an unknown function or macro): the caller must then not trust it.
 */
export function duckdbTablesRead(sql: string): TableRef[] | null {
  let names: readonly string[];
  try {
    names = readerConnection.getTableNames(sql, true);
  } catch {
    return null;
  }
  return names.map((qualified) => {
    const parts = splitQualified(qualified);
    const [name, schema, catalog] = [...parts].reverse();
    return { name: name ?? '', schema: schema ?? null, catalog: catalog ?? null };
  });
}

/**
 * `a.b.c`, `"a.b"."c"` (DuckDB quotes parts holding dots, spaces or quotes) or `a.b AS x` into
 * unquoted parts.
 */
function splitQualified(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    // The binder writes an aliased table as `name AS alias`.
    else if (c === ' ') break;
    else if (c === '.') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}
