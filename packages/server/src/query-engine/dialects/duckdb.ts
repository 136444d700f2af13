import { duckdbDialect } from '../../engines/duckdb/dialect.ts';
import { type QueryDialect, standardIsBoolean, wallText } from './types.ts';

export const duckdbQueryDialect: QueryDialect = {
  ...duckdbDialect,
  engine: 'duckdb',
  dateTimeLiteral: (wall) => `TIMESTAMP '${wallText(wall)}'`,
  booleanLiteral: (value) => (value ? 'TRUE' : 'FALSE'),
  ilike: (expr, pattern) => `${expr} ILIKE ${pattern}`,
  isBoolean: standardIsBoolean,
  maxIdentifierLength: 255,
  backslashEscapes: 'e-strings',
  extraLineComments: [],
  stringQuotes: ["'"],
  dollarQuoting: true,
  identifierQuotes: ['"'],
};
