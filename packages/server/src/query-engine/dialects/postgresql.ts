import { postgresqlDialect } from '../../engines/postgresql/dialect.ts';
import { type QueryDialect, standardIsBoolean, wallText } from './types.ts';

export const postgresqlQueryDialect: QueryDialect = {
  ...postgresqlDialect,
  engine: 'postgresql',
  dateTimeLiteral: (wall) => `TIMESTAMP '${wallText(wall)}'`,
  booleanLiteral: (value) => (value ? 'TRUE' : 'FALSE'),
  ilike: (expr, pattern) => `${expr} ILIKE ${pattern}`,
  isBoolean: standardIsBoolean,
  // NAMEDATALEN - 1: PostgreSQL silently truncates longer aliases.
  maxIdentifierLength: 63,
  backslashEscapes: 'e-strings',
  extraLineComments: [],
  stringQuotes: ["'"],
  dollarQuoting: true,
  identifierQuotes: ['"'],
};
