import {
  quoteAnsiString,
  standardBooleanLiteral,
  standardIsBoolean,
  templateDialect,
  wallText,
} from '../dialectKit.ts';
import type { Dialect } from '../types.ts';

/** Truncates to `unit` then adds whole steps of `step` within it (no date_bin before PG 14). */
const within = (unit: string, field: string, step: number, interval: string) =>
  `DATE_TRUNC('${unit}', {col}) + INTERVAL '${interval}' * FLOOR(EXTRACT(${field} FROM {col}) / ${step})`;

export const postgresqlDialect: Dialect = templateDialect(
  {
    engine: 'postgresql',
    formatterLanguage: 'postgresql',
    parserDatabase: 'postgresql',
    dateTimeLiteral: (wall) => `TIMESTAMP '${wallText(wall)}'`,
    booleanLiteral: standardBooleanLiteral,
    ilike: (expr, pattern) => `${expr} ILIKE ${pattern}`,
    isBoolean: standardIsBoolean,
    // NAMEDATALEN - 1: PostgreSQL silently truncates longer aliases.
    maxIdentifierLength: 63,
    backslashEscapes: 'e-strings',
    extraLineComments: [],
    stringQuotes: ["'"],
    dollarQuoting: true,
    identifierQuotes: ['"'],
    // An E'' literal reads the same whatever standard_conforming_strings is set to.
    quoteString: (value) =>
      value.includes('\\')
        ? `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`
        : quoteAnsiString(value),
  },
  {
    PT1S: "DATE_TRUNC('second', {col})",
    PT5S: within('minute', 'SECOND', 5, '5 seconds'),
    PT30S: within('minute', 'SECOND', 30, '30 seconds'),
    PT1M: "DATE_TRUNC('minute', {col})",
    PT5M: within('hour', 'MINUTE', 5, '5 minutes'),
    PT10M: within('hour', 'MINUTE', 10, '10 minutes'),
    PT15M: within('hour', 'MINUTE', 15, '15 minutes'),
    PT30M: within('hour', 'MINUTE', 30, '30 minutes'),
    PT1H: "DATE_TRUNC('hour', {col})",
    PT6H: within('day', 'HOUR', 6, '6 hours'),
    P1D: "DATE_TRUNC('day', {col})",
    P1W: "DATE_TRUNC('week', {col})",
    P1M: "DATE_TRUNC('month', {col})",
    P3M: "DATE_TRUNC('quarter', {col})",
    P1Y: "DATE_TRUNC('year', {col})",
    // PostgreSQL weeks start on Monday; the Sunday variants shift by a day around the truncation.
    '1969-12-28T00:00:00Z/P1W': "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
    '1969-12-29T00:00:00Z/P1W': "DATE_TRUNC('week', {col})",
    'P1W/1970-01-03T00:00:00Z': "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
    'P1W/1970-01-04T00:00:00Z': "DATE_TRUNC('week', {col}) + INTERVAL '6 days'",
  },
);
