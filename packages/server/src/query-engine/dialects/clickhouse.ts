import { grainTemplates } from '../../engines/timeGrains.ts';
import { type QueryDialect, wallText } from './types.ts';

/**
 * ClickHouse, ready for when an engine folder exists: the compiler only needs this object.
 * Strings take backslash escapes; `toStartOfInterval` covers the odd grains.
 */
const every = (amount: number, unit: string) =>
  `toStartOfInterval(toDateTime({col}), INTERVAL ${amount} ${unit})`;

const grains = grainTemplates({
  PT1S: 'toStartOfSecond(toDateTime64({col}, 3))',
  PT5S: every(5, 'SECOND'),
  PT30S: every(30, 'SECOND'),
  PT1M: 'toStartOfMinute(toDateTime({col}))',
  PT5M: 'toStartOfFiveMinutes(toDateTime({col}))',
  PT10M: 'toStartOfTenMinutes(toDateTime({col}))',
  PT15M: 'toStartOfFifteenMinutes(toDateTime({col}))',
  PT30M: every(30, 'MINUTE'),
  PT1H: 'toStartOfHour(toDateTime({col}))',
  PT6H: every(6, 'HOUR'),
  P1D: 'toStartOfDay(toDateTime({col}))',
  P1W: 'toMonday(toDateTime({col}))',
  P1M: 'toStartOfMonth(toDateTime({col}))',
  P3M: 'toStartOfQuarter(toDateTime({col}))',
  P1Y: 'toStartOfYear(toDateTime({col}))',
  // toStartOfWeek mode 0 starts weeks on Sunday.
  '1969-12-28T00:00:00Z/P1W': 'toStartOfWeek(toDateTime({col}), 0)',
  '1969-12-29T00:00:00Z/P1W': 'toMonday(toDateTime({col}))',
  'P1W/1970-01-03T00:00:00Z': 'addDays(toStartOfWeek(toDateTime({col}), 0), 6)',
  'P1W/1970-01-04T00:00:00Z': 'addDays(toMonday(toDateTime({col})), 6)',
});

export const clickhouseQueryDialect: QueryDialect = {
  engine: 'clickhouse',
  quoteIdentifier: (name) => `\`${name.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``,
  quoteString: (value) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`,
  timeGrainExpression: grains.timeGrainExpression,
  timeGrains: grains.timeGrains,
  limitMethod: 'force_limit',
  formatterLanguage: 'sql',
  parserDatabase: 'mysql',
  dateTimeLiteral: (wall) => `toDateTime64('${wallText(wall)}', 3)`,
  booleanLiteral: (value) => (value ? 'true' : 'false'),
  ilike: (expr, pattern) => `${expr} ILIKE ${pattern}`,
  isBoolean: (expr, value) => `${expr} = ${value ? 'true' : 'false'}`,
  maxIdentifierLength: 255,
  backslashEscapes: 'always',
  extraLineComments: ['#'],
  stringQuotes: ["'"],
  dollarQuoting: false,
  identifierQuotes: ['`', '"'],
};
