import type { Dialect } from '../../engines/types.ts';

/**
 * What the SQL compiler needs beyond an engine's `Dialect`: literals for times and booleans,
 * case-insensitive LIKE, identifier length and how the engine reads string literals (so user SQL
 * fragments are scanned exactly as the engine will read them).
 */
export interface QueryDialect extends Dialect {
  engine: string;
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
  /** Quote characters of identifiers (their content is never SQL). */
  identifierQuotes: readonly string[];
}

/** `YYYY-MM-DD HH:MM:SS[.mmm]` from a wall time. */
export function wallText(wall: Date): string {
  const iso = wall.toISOString();
  const ms = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${ms === '000' ? '' : `.${ms}`}`;
}

export const standardIsBoolean = (expr: string, value: boolean) =>
  `${expr} IS ${value ? 'TRUE' : 'FALSE'}`;
