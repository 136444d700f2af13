import type { TesseraError } from '@tessera/shared/errors';
import type { RecordBatch, Schema } from 'apache-arrow';
import type { z } from 'zod';

/**
 * The contract every engine folder implements (src/engines/<engine>/index.ts exports one
 * `EngineSpec`). Adding an engine is a new folder plus one line in registry.ts; nothing else.
 */

/** 0 numeric, 1 string, 2 temporal, 3 boolean (Superset's GenericDataType). */
export type TypeGeneric = 0 | 1 | 2 | 3;

export interface ResultColumn {
  name: string;
  /** The engine's own type name, e.g. `BIGINT`, `VARCHAR`, `TIMESTAMP WITH TIME ZONE`. */
  type: string;
  type_generic: TypeGeneric;
  is_dttm: boolean;
}

export interface TableRef {
  name: string;
  schema?: string | null;
  catalog?: string | null;
}

export interface TableListItem {
  value: string;
  type: 'table' | 'view' | 'materialized_view';
  extra?: Record<string, unknown>;
}

export interface ColumnMetadata {
  name: string;
  type: string;
  /** Type with its length/precision, as the engine prints it. */
  longType: string;
  type_generic: TypeGeneric;
  nullable: boolean;
  default: string | null;
  comment: string | null;
  keys: Array<{ type: 'pk' | 'fk' | 'index'; name: string | null; column_names: string[] }>;
}

export interface TableMetadata {
  name: string;
  schema: string | null;
  catalog: string | null;
  type: 'table' | 'view' | 'materialized_view';
  columns: ColumnMetadata[];
  primaryKey: { name: string | null; column_names: string[] } | null;
  foreignKeys: Array<{
    name: string | null;
    column_names: string[];
    referred_schema: string | null;
    referred_table: string;
    referred_columns: string[];
  }>;
  indexes: Array<{ name: string; column_names: string[]; unique: boolean }>;
  comment: string | null;
}

export interface ExecuteOptions {
  /** Aborting cancels the statement inside the engine (a real cancel, not a dropped promise). */
  signal?: AbortSignal;
  /** Stop reading after this many rows (the caller applies limits in SQL; this is a backstop). */
  maxRows?: number;
  schema?: string | null;
  catalog?: string | null;
  /** Positional parameters bound by the driver. */
  params?: unknown[];
}

/**
 * A statement's result: the column metadata first, then Arrow record batches as the engine
 * produces them. Big results never become one array of row objects inside the server.
 */
export interface ExecuteResult {
  columns: ResultColumn[];
  schema: Schema;
  batches: AsyncIterable<RecordBatch>;
  /** Rows affected by DML, when the engine reports it. */
  rowsAffected?: number;
}

/** What `validateStatement` found wrong: the engine's message and where (0-based offset) if known. */
export interface SqlProblem {
  message: string;
  offset: number | null;
}

export type ValidateOptions = Pick<ExecuteOptions, 'schema' | 'catalog'>;

export interface CostEstimate {
  [field: string]: string | number | null;
}

/** A pooled connection to one database, opened from a URI. */
export interface EngineConnection {
  readonly engine: string;
  testConnection(): Promise<void>;
  getCatalogs(): Promise<string[]>;
  getSchemas(catalog?: string | null): Promise<string[]>;
  getTables(schema: string | null, catalog?: string | null): Promise<TableListItem[]>;
  /** Throws a TesseraError TABLE_DOES_NOT_EXIST_ERROR (404) when there is no such table. */
  getTableMetadata(table: TableRef): Promise<TableMetadata>;
  /** Engine-specific extras for `/table_metadata/extra/` (partitions and the like); `{}` if none. */
  getTableExtra(table: TableRef): Promise<Record<string, unknown>>;
  execute(sql: string, options?: ExecuteOptions): Promise<ExecuteResult>;
  /** Cost of a statement from EXPLAIN; throws a 400 TesseraError where the engine has none. */
  estimateCost(
    sql: string,
    options?: Pick<ExecuteOptions, 'schema' | 'catalog'>,
  ): Promise<CostEstimate[]>;
  /**
   * Compiles one statement without running it (`EXPLAIN`, only prepared or planned; nothing is
   * executed or written, text holding a second statement is refused): null when the engine
   * accepts it, else the problem. Connection failures are thrown. Optional: SQL validation
   * answers 422 for engines without it.
   */
  validateStatement?(sql: string, options?: ValidateOptions): Promise<SqlProblem | null>;
  /** Function names for editor completion. */
  functionNames(): Promise<string[]>;
  close(): Promise<void>;
}

/** One field of the generated connection form ("dynamic_form"). */
export interface FormField {
  name: string;
  label: string;
  type: 'string' | 'password' | 'number' | 'boolean' | 'file';
  required: boolean;
  placeholder?: string;
  description?: string;
  default?: string | number | boolean;
}

/**
 * How an engine writes and reads SQL: quoting, time grains, limits (everyone), the literals the
 * chart compiler writes, and the lexical rules user SQL is checked with (so a check reads text
 * exactly as the engine will).
 */
export interface Dialect {
  /** The engine key this dialect belongs to (`databases.engine`). */
  engine: string;
  /** Quote an identifier (table, column, alias) for this engine. */
  quoteIdentifier(name: string): string;
  /** Quote a string literal for this engine. */
  quoteString(value: string): string;
  /** SQL expression truncating `column` (already quoted) to an ISO-8601 time grain; undefined if unsupported. */
  timeGrainExpression(grain: string, column: string): string | undefined;
  /** The time grains this engine supports, in the reference's order. */
  timeGrains: readonly string[];
  /** How a row limit is applied: `LIMIT n` at the end (all current engines) or a wrapping select. */
  limitMethod: 'force_limit' | 'wrap_sql' | 'fetch_many';
  /** Dialect name understood by sql-formatter and node-sql-parser. */
  formatterLanguage: string;
  parserDatabase: string;
  /** A literal comparable with the engine's timestamp columns, for a wall time (UTC fields). */
  dateTimeLiteral(wall: Date): string;
  booleanLiteral(value: boolean): string;
  /** `expr` matched case-insensitively against an already-quoted pattern. */
  ilike(expr: string, pattern: string): string;
  /** `expr IS TRUE` / `IS FALSE`, or the engine's equivalent. */
  isBoolean(expr: string, value: boolean): string;
  /** Longest alias the engine keeps intact; longer labels are aliased by a hash. */
  maxIdentifierLength: number;
  /** Where a backslash escapes the next character inside '...' literals. */
  backslashEscapes: 'always' | 'e-strings' | 'never';
  /** Characters starting a line comment besides `--` (MySQL's `#`). */
  extraLineComments: readonly string[];
  /** Quote characters of string literals. */
  stringQuotes: readonly string[];
  /** PostgreSQL-style `$tag$...$tag$` strings exist (fragments then refuse a bare `$`). */
  dollarQuoting: boolean;
  /** Opening quote characters of identifiers (`[` closes with `]`). */
  identifierQuotes: readonly string[];
}

export interface EngineSpec {
  /** Superset's engine key, e.g. `duckdb`, `sqlite`, `postgresql`, `mysql`. */
  engine: string;
  /** Name shown in the engine picker, e.g. `PostgreSQL`. */
  name: string;
  /** URI schemes accepted (`postgresql`, `postgresql+psycopg2`, `postgres`, ...). */
  schemes: readonly string[];
  /** Placeholder shown for the URI field, e.g. `postgresql://user:password@host:5432/database`. */
  sqlalchemyUriPlaceholder: string;
  /** The connection form, generated into the modal ("dynamic_form"); empty when URI-only. */
  parameters: readonly FormField[];
  /** zod schema of the form's values, used to validate `parameters` (labels in FormField). */
  parametersSchema: z.ZodType<Record<string, unknown>>;
  buildUri(parameters: Record<string, unknown>): string;
  /** Reverse of buildUri, used to fill the form when editing (password omitted). */
  parseUri(uri: string): Record<string, unknown>;
  supportsCatalogs: boolean;
  supportsCostEstimate: boolean;
  supportsDynamicSchema: boolean;
  dialect: Dialect;
  /**
   * Why a user's SQL Lab statement must not run whatever their grants, as a 400, or null: it
   * would change settings or state that every user of the pooled connections shares (SET, RESET,
   * USE, PRAGMAs that write, state-changing functions).
   */
  refusesStatement(sql: string): TesseraError | null;
  /** Open a pooled connection. `password` is passed apart so it never sits in a logged URI. */
  connect(
    uri: string,
    options: { password?: string | null; extra?: Record<string, unknown>; home: string },
  ): Promise<EngineConnection>;
}
