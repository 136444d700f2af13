import { templateDialect, wallText } from '../dialectKit.ts';
import type { Dialect } from '../types.ts';

/** Seconds since the epoch of `{col}`; SQLite keeps datetimes as ISO text or numbers. */
const EPOCH = "CAST(STRFTIME('%s', {col}) AS INTEGER)";

/** Floors to a multiple of `seconds` (the double modulo keeps pre-1970 values flooring down). */
const bucket = (seconds: number) =>
  `DATETIME(${EPOCH} - ((${EPOCH} % ${seconds}) + ${seconds}) % ${seconds}, 'unixepoch')`;

/**
 * SQLite keeps datetimes as ISO text (`YYYY-MM-DD HH:MM:SS`), so bounds are compared as text in
 * that same form; booleans are 0/1.
 */
export const sqliteDialect: Dialect = templateDialect(
  {
    engine: 'sqlite',
    formatterLanguage: 'sqlite',
    parserDatabase: 'sqlite',
    dateTimeLiteral: (wall) => `'${wallText(wall)}'`,
    booleanLiteral: (value) => (value ? '1' : '0'),
    // LIKE is already case-insensitive for ASCII; LOWER on both sides extends it to what LOWER knows.
    ilike: (expr, pattern) => `LOWER(${expr}) LIKE LOWER(${pattern})`,
    isBoolean: (expr, value) => `${expr} = ${value ? 1 : 0}`,
    maxIdentifierLength: 255,
    backslashEscapes: 'never',
    extraLineComments: [],
    stringQuotes: ["'"],
    dollarQuoting: false,
    identifierQuotes: ['"', '`', '['],
  },
  {
    PT1S: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:%S', {col}))",
    PT5S: bucket(5),
    PT30S: bucket(30),
    PT1M: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}))",
    PT5M: bucket(300),
    PT10M: bucket(600),
    PT15M: bucket(900),
    PT30M: bucket(1800),
    PT1H: "DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', {col}))",
    PT6H: bucket(21600),
    P1D: "DATETIME({col}, 'start of day')",
    // `weekday N` moves forward to the next day N (0 = Sunday) unless already on it.
    P1W: "DATETIME({col}, 'start of day', '-6 days', 'weekday 1')",
    P1M: "DATETIME({col}, 'start of month')",
    P3M: "DATETIME({col}, 'start of month', PRINTF('-%d month', (CAST(STRFTIME('%m', {col}) AS INTEGER) - 1) % 3))",
    P1Y: "DATETIME({col}, 'start of year')",
    '1969-12-28T00:00:00Z/P1W': "DATETIME({col}, 'start of day', '-6 days', 'weekday 0')",
    '1969-12-29T00:00:00Z/P1W': "DATETIME({col}, 'start of day', '-6 days', 'weekday 1')",
    'P1W/1970-01-03T00:00:00Z': "DATETIME({col}, 'start of day', 'weekday 6')",
    'P1W/1970-01-04T00:00:00Z': "DATETIME({col}, 'start of day', 'weekday 0')",
  },
);
