import { grainTemplates } from '../../engines/timeGrains.ts';
import { type QueryDialect, standardIsBoolean, wallText } from './types.ts';

/** Trino, ready for when an engine folder exists: the compiler only needs this object. */
const within = (unit: string, field: string, step: number) =>
  `date_add('${field}', -(${field}({col}) % ${step}), date_trunc('${unit}', {col}))`;

const grains = grainTemplates({
  PT1S: "date_trunc('second', {col})",
  PT5S: within('second', 'second', 5),
  PT30S: within('second', 'second', 30),
  PT1M: "date_trunc('minute', {col})",
  PT5M: within('minute', 'minute', 5),
  PT10M: within('minute', 'minute', 10),
  PT15M: within('minute', 'minute', 15),
  PT30M: within('minute', 'minute', 30),
  PT1H: "date_trunc('hour', {col})",
  PT6H: within('hour', 'hour', 6),
  P1D: "date_trunc('day', {col})",
  P1W: "date_trunc('week', {col})",
  P1M: "date_trunc('month', {col})",
  P3M: "date_trunc('quarter', {col})",
  P1Y: "date_trunc('year', {col})",
  '1969-12-28T00:00:00Z/P1W': "date_add('day', -1, date_trunc('week', date_add('day', 1, {col})))",
  '1969-12-29T00:00:00Z/P1W': "date_trunc('week', {col})",
  'P1W/1970-01-03T00:00:00Z': "date_add('day', 5, date_trunc('week', date_add('day', 1, {col})))",
  'P1W/1970-01-04T00:00:00Z': "date_add('day', 6, date_trunc('week', {col}))",
});

export const trinoQueryDialect: QueryDialect = {
  engine: 'trino',
  quoteIdentifier: (name) => `"${name.replaceAll('"', '""')}"`,
  quoteString: (value) => `'${value.replaceAll("'", "''")}'`,
  timeGrainExpression: grains.timeGrainExpression,
  timeGrains: grains.timeGrains,
  limitMethod: 'force_limit',
  formatterLanguage: 'trino',
  parserDatabase: 'trino',
  dateTimeLiteral: (wall) => `TIMESTAMP '${wallText(wall)}'`,
  booleanLiteral: (value) => (value ? 'TRUE' : 'FALSE'),
  ilike: (expr, pattern) => `LOWER(${expr}) LIKE LOWER(${pattern})`,
  isBoolean: standardIsBoolean,
  maxIdentifierLength: 255,
  backslashEscapes: 'never',
  extraLineComments: [],
  stringQuotes: ["'"],
  dollarQuoting: false,
  identifierQuotes: ['"'],
};
