import { grainTemplates, type TimeGrain } from './timeGrains.ts';
import type { Dialect } from './types.ts';

/** ANSI identifier quoting (`"a""b"`), shared by DuckDB, SQLite and PostgreSQL. */
export const quoteAnsiIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** ANSI string literal (`'it''s'`): quotes doubled, backslashes literal. */
export const quoteAnsiString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

export interface DialectOptions {
  formatterLanguage: string;
  parserDatabase: string;
  quoteIdentifier?: Dialect['quoteIdentifier'];
  quoteString?: Dialect['quoteString'];
}

/**
 * A Dialect from its time-grain templates (`{col}` is the quoted column); quoting defaults to
 * ANSI and every current engine applies its row limit as a trailing `LIMIT n`.
 */
export function templateDialect(
  options: DialectOptions,
  templates: Partial<Record<TimeGrain, string>>,
): Dialect {
  const grains = grainTemplates(templates);
  return {
    quoteIdentifier: options.quoteIdentifier ?? quoteAnsiIdentifier,
    quoteString: options.quoteString ?? quoteAnsiString,
    timeGrainExpression: grains.timeGrainExpression,
    timeGrains: grains.timeGrains,
    limitMethod: 'force_limit',
    formatterLanguage: options.formatterLanguage,
    parserDatabase: options.parserDatabase,
  };
}
