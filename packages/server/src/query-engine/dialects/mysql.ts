import { mariadbDialect, mysqlDialect } from '../../engines/mysql/dialect.ts';
import type { Dialect } from '../../engines/types.ts';
import { type QueryDialect, standardIsBoolean, wallText } from './types.ts';

function forMysql(engine: string, dialect: Dialect): QueryDialect {
  return {
    ...dialect,
    engine,
    dateTimeLiteral: (wall) => `CAST('${wallText(wall)}' AS DATETIME(3))`,
    booleanLiteral: (value) => (value ? 'TRUE' : 'FALSE'),
    // Case sensitivity of LIKE depends on the column's collation; LOWER makes it certain.
    ilike: (expr, pattern) => `LOWER(${expr}) LIKE LOWER(${pattern})`,
    isBoolean: standardIsBoolean,
    maxIdentifierLength: 64,
    backslashEscapes: 'always',
    extraLineComments: ['#'],
    stringQuotes: ["'", '"'],
    dollarQuoting: false,
    identifierQuotes: ['`'],
  };
}

export const mysqlQueryDialect = forMysql('mysql', mysqlDialect);
export const mariadbQueryDialect = forMysql('mariadb', mariadbDialect);
