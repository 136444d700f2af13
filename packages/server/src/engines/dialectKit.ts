import { grainTemplates, type TimeGrain } from './timeGrains.ts';
import type { Dialect } from './types.ts';

/** ANSI identifier quoting (`"a""b"`), shared by DuckDB, SQLite and PostgreSQL. */
export const quoteAnsiIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** ANSI string literal (`'it''s'`): quotes doubled, backslashes literal. */
export const quoteAnsiString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** `YYYY-MM-DD HH:MM:SS[.mmm]` from a wall time. */
export function wallText(wall: Date): string {
  const iso = wall.toISOString();
  const ms = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${ms === '000' ? '' : `.${ms}`}`;
}

export const standardIsBoolean = (expr: string, value: boolean): string =>
  `${expr} IS ${value ? 'TRUE' : 'FALSE'}`;

export const standardBooleanLiteral = (value: boolean): string => (value ? 'TRUE' : 'FALSE');

/** Everything of a Dialect but the grains and limits, which `templateDialect` derives. */
export type DialectOptions = Omit<
  Dialect,
  'quoteIdentifier' | 'quoteString' | 'timeGrainExpression' | 'timeGrains' | 'limitMethod'
> &
  Partial<Pick<Dialect, 'quoteIdentifier' | 'quoteString'>>;

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
    ...options,
    quoteIdentifier: options.quoteIdentifier ?? quoteAnsiIdentifier,
    quoteString: options.quoteString ?? quoteAnsiString,
    timeGrainExpression: grains.timeGrainExpression,
    timeGrains: grains.timeGrains,
    limitMethod: 'force_limit',
  };
}
