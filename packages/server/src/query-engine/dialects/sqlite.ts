import { sqliteDialect } from '../../engines/sqlite/dialect.ts';
import { type QueryDialect, wallText } from './types.ts';

/**
 * SQLite keeps datetimes as ISO text (`YYYY-MM-DD HH:MM:SS`), so bounds are compared as text in
 * that same form; booleans are 0/1.
 */
export const sqliteQueryDialect: QueryDialect = {
  ...sqliteDialect,
  engine: 'sqlite',
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
};
