import { isTesseraError, TesseraError } from '@tessera/shared/errors';
import type {
  Dialect,
  EngineConnection,
  ExecuteResult,
  ResultColumn,
  TypeGeneric,
} from '../engines/types.ts';
import { renderTemplate, type TemplateContext } from './template.ts';

/**
 * What a dataset reads from its engine: the columns of a table or of a virtual dataset's SQL,
 * the FROM clause that stands for the dataset in generated SQL, and the check of a calculated
 * column or metric expression (`SELECT <expr> FROM <source> WHERE 1=0`).
 */

export interface SourceColumn {
  name: string;
  type: string;
  type_generic: TypeGeneric;
  is_dttm: boolean;
}

export interface DatasetSource {
  table_name: string;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
}

/** 422 with field problems, as Superset's DatasetInvalidError answers. */
export function invalid(field: string, message: string): TesseraError {
  return new TesseraError(422, 'Invalid input', { fields: { [field]: [message] } });
}

/** Reads every result batch (or stops early), so the pooled connection is handed back. */
export async function drain(result: ExecuteResult): Promise<number> {
  let rows = 0;
  for await (const batch of result.batches) rows += batch.numRows;
  return rows;
}

/** Runs a probe statement and returns its columns; the result is always drained. */
export async function probeColumns(
  connection: EngineConnection,
  sql: string,
): Promise<ResultColumn[]> {
  const result = await connection.execute(sql, { maxRows: 1 });
  await drain(result);
  return result.columns;
}

/**
 * The text of SQL with strings, quoted identifiers and comments blanked out, so `;` and keywords
 * can be looked for without being fooled by literals.
 */
export function blankLiterals(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === ch) {
          if (sql[j + 1] === ch) j += 2;
          else break;
        } else if (sql[j] === '\\' && ch === "'") j += 2;
        else j += 1;
      }
      const stop = Math.min(j + 1, sql.length);
      out += ch + ' '.repeat(Math.max(stop - i - 2, 0)) + (stop - i >= 2 ? ch : '');
      i = stop;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

/**
 * The SQL without its trailing semicolons (and the blanks between them). A loop, not a regex:
 * `/;[\s;]*$/` backtracks quadratically over a long run of semicolons that does not end the text.
 */
export function withoutTrailingSemicolons(sql: string): string {
  const text = sql.trim();
  if (!text.endsWith(';')) return text;
  let start = text.length;
  while (start > 0 && /[\s;]/.test(text[start - 1] as string)) start -= 1;
  while (text[start] !== ';') start += 1;
  return text.slice(0, start);
}

/** Strips trailing semicolons; refuses several statements and anything but a query. */
export function singleSelect(sql: string, field = 'sql'): string {
  const trimmed = withoutTrailingSemicolons(sql);
  const blank = blankLiterals(trimmed);
  if (blank.includes(';')) throw invalid(field, 'Only single queries supported');
  const first = /^[\s(]*([A-Za-z]+)/.exec(blank)?.[1]?.toUpperCase();
  if (!first || !['SELECT', 'WITH', 'VALUES', 'FROM', 'TABLE'].includes(first)) {
    throw invalid(field, 'Only `SELECT` statements are allowed');
  }
  return trimmed;
}

/** A fragment (expression) must not end one statement and start another. */
export function assertSingleExpression(expression: string, field: string, label: string): void {
  if (blankLiterals(expression).includes(';')) {
    throw invalid(field, `Invalid expression for ${label}: it must be one SQL expression`);
  }
}

export function quotedTable(dialect: Dialect, source: Omit<DatasetSource, 'sql'>): string {
  return [source.catalog, source.schema, source.table_name]
    .filter((part): part is string => Boolean(part))
    .map((part) => dialect.quoteIdentifier(part))
    .join('.');
}

/**
 * The FROM clause for a dataset: the quoted table, or the rendered virtual SQL as a subquery
 * aliased `virtual_table` (the newline keeps a trailing `--` comment from eating the paren).
 */
export function fromClause(
  dialect: Dialect,
  source: DatasetSource,
  context: TemplateContext = {},
): string {
  if (source.sql && source.sql.trim() !== '') {
    const rendered = singleSelect(renderTemplate(source.sql, context));
    return `(\n${rendered}\n) AS ${dialect.quoteIdentifier('virtual_table')}`;
  }
  return quotedTable(dialect, source);
}

function engineMessage(error: unknown): string {
  if (isTesseraError(error)) return error.message;
  return 'The database could not run the statement';
}

/** Columns of a virtual dataset's SQL, from running it with LIMIT 1. */
export async function readVirtualColumns(
  connection: EngineConnection,
  dialect: Dialect,
  source: DatasetSource,
  context: TemplateContext,
): Promise<SourceColumn[]> {
  let from: string;
  try {
    from = fromClause(dialect, source, context);
  } catch (error) {
    if (isTesseraError(error) && error.fields) throw error;
    throw invalid('sql', engineMessage(error));
  }
  try {
    const columns = await probeColumns(connection, `SELECT * FROM ${from} LIMIT 1`);
    return columns.map(toSourceColumn);
  } catch (error) {
    throw invalid('sql', engineMessage(error));
  }
}

/** Columns of a table or view; a missing table answers the caller's not-found error. */
export async function readPhysicalColumns(
  connection: EngineConnection,
  source: Omit<DatasetSource, 'sql'>,
  onMissing: () => TesseraError,
): Promise<SourceColumn[]> {
  try {
    const metadata = await connection.getTableMetadata({
      name: source.table_name,
      schema: source.schema,
      catalog: source.catalog,
    });
    return metadata.columns.map((c) => ({
      name: c.name,
      type: c.type,
      type_generic: c.type_generic,
      is_dttm: c.type_generic === 2,
    }));
  } catch (error) {
    if (
      isTesseraError(error) &&
      (error.status === 404 ||
        error.errorType === 'TABLE_DOES_NOT_EXIST_ERROR' ||
        error.errorType === 'SCHEMA_DOES_NOT_EXIST_ERROR')
    ) {
      throw onMissing();
    }
    throw error;
  }
}

function toSourceColumn(column: ResultColumn): SourceColumn {
  return {
    name: column.name,
    type: column.type,
    type_generic: column.type_generic,
    is_dttm: column.is_dttm || column.type_generic === 2,
  };
}

export interface ExpressionCheck {
  /** `columns` or `metrics`: the field the problem is reported under. */
  field: 'columns' | 'metrics';
  /** How the problem names it, e.g. `column "price_eur"`. */
  label: string;
  expression: string;
}

/**
 * Runs each expression against the dataset's source with `WHERE 1=0`, so the engine checks
 * names, types and syntax without reading data. The first failure is a 422 carrying the
 * engine's message.
 */
export async function validateExpressions(
  connection: EngineConnection,
  dialect: Dialect,
  source: DatasetSource,
  checks: ExpressionCheck[],
  context: TemplateContext,
): Promise<void> {
  if (checks.length === 0) return;
  const from = fromClause(dialect, source, context);
  for (const check of checks) {
    assertSingleExpression(check.expression, check.field, check.label);
    let rendered: string;
    try {
      rendered = renderTemplate(check.expression, context);
    } catch (error) {
      throw invalid(check.field, `Invalid expression for ${check.label}: ${engineMessage(error)}`);
    }
    try {
      await probeColumns(connection, `SELECT\n${rendered}\nAS probe FROM ${from}\nWHERE 1=0`);
    } catch (error) {
      throw invalid(check.field, `Invalid expression for ${check.label}: ${engineMessage(error)}`);
    }
  }
}
