import {
  standardBooleanLiteral,
  standardIsBoolean,
  templateDialect,
  wallText,
} from '../dialectKit.ts';
import type { TimeGrain } from '../timeGrains.ts';
import type { Dialect } from '../types.ts';

/** Floors the time of day to a multiple of `seconds`; no time-zone conversion is involved. */
const bucket = (seconds: number) =>
  `DATE_ADD(DATE({col}), INTERVAL (TIME_TO_SEC({col}) DIV ${seconds}) * ${seconds} SECOND)`;

const templates: Partial<Record<TimeGrain, string>> = {
  PT1S: bucket(1),
  PT5S: bucket(5),
  PT30S: bucket(30),
  PT1M: bucket(60),
  PT5M: bucket(300),
  PT10M: bucket(600),
  PT15M: bucket(900),
  PT30M: bucket(1800),
  PT1H: bucket(3600),
  PT6H: bucket(21600),
  P1D: 'DATE({col})',
  // Weeks start on Monday as in the other engines (WEEKDAY: 0 = Monday; DAYOFWEEK: 1 = Sunday).
  P1W: 'DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY))',
  P1M: 'DATE(DATE_SUB({col}, INTERVAL DAYOFMONTH({col}) - 1 DAY))',
  P3M: 'MAKEDATE(YEAR({col}), 1) + INTERVAL QUARTER({col}) QUARTER - INTERVAL 1 QUARTER',
  P1Y: 'DATE(DATE_SUB({col}, INTERVAL DAYOFYEAR({col}) - 1 DAY))',
  '1969-12-28T00:00:00Z/P1W': 'DATE(DATE_SUB({col}, INTERVAL DAYOFWEEK({col}) - 1 DAY))',
  '1969-12-29T00:00:00Z/P1W': 'DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY))',
  'P1W/1970-01-03T00:00:00Z': 'DATE(DATE_ADD({col}, INTERVAL 7 - DAYOFWEEK({col}) DAY))',
  'P1W/1970-01-04T00:00:00Z': 'DATE(DATE_ADD({col}, INTERVAL 6 - WEEKDAY({col}) DAY))',
};

export function mysqlDialectFor(parserDatabase: 'mysql' | 'mariadb'): Dialect {
  return templateDialect(
    {
      engine: parserDatabase,
      formatterLanguage: parserDatabase,
      parserDatabase,
      dateTimeLiteral: (wall) => `CAST('${wallText(wall)}' AS DATETIME(3))`,
      booleanLiteral: standardBooleanLiteral,
      // Case sensitivity of LIKE depends on the column's collation; LOWER makes it certain.
      ilike: (expr, pattern) => `LOWER(${expr}) LIKE LOWER(${pattern})`,
      isBoolean: standardIsBoolean,
      maxIdentifierLength: 64,
      backslashEscapes: 'always',
      extraLineComments: ['#'],
      stringQuotes: ["'", '"'],
      dollarQuoting: false,
      identifierQuotes: ['`'],
      quoteIdentifier: (name) => `\`${name.replaceAll('`', '``')}\``,
      // Backslash is an escape character in MySQL string literals unless NO_BACKSLASH_ESCAPES is set.
      quoteString: (value) =>
        `'${value.replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll('\0', '\\0')}'`,
    },
    templates,
  );
}

export const mysqlDialect = mysqlDialectFor('mysql');
export const mariadbDialect = mysqlDialectFor('mariadb');
