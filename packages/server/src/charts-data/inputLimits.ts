import type { QueryContext, QueryObject } from '@tessera/shared/api/chartData';
import { TesseraError } from '@tessera/shared/errors';

/**
 * Bounds on what a query context may carry, checked before anything compiles: every later step
 * (the SQL compiler, the function denylist, engine error messages) works on this text, so one
 * metric of 100,000 letters must not reach them. Each limit is far above what a chart needs.
 */
export const CHART_DATA_LIMITS = {
  /** A SQL expression: an adhoc metric or column, a custom WHERE or HAVING. */
  expression: 10_000,
  /** A name or label: a column, a metric, a label, a grain, an offset. */
  name: 1_000,
  /** A time range such as `Last week` or two dates. */
  timeRange: 500,
  /** One filter value, and the values of one filter. */
  filterValue: 10_000,
  filterValues: 10_000,
  /** Queries of one context; columns, metrics, filters or order items of one query. */
  queries: 100,
  items: 1_000,
} as const;

type Problems = Record<string, string[]>;

/** Enough to say what is wrong without echoing a whole oversized body back. */
const MAX_REPORTED = 20;
const full = (problems: Problems) => Object.keys(problems).length >= MAX_REPORTED;

function tooLong(problems: Problems, path: string, value: unknown, max: number, what: string) {
  if (typeof value === 'string' && value.length > max && !full(problems)) {
    problems[path] = [`${what} is longer than ${max} characters.`];
  }
}

function tooMany(problems: Problems, path: string, value: unknown, max: number) {
  if (Array.isArray(value) && value.length > max && !full(problems)) {
    problems[path] = [`Holds more than ${max} items.`];
  }
}

/** A metric or column: a name, or an adhoc object with an expression and a label. */
function checkItem(problems: Problems, path: string, item: unknown) {
  if (typeof item === 'string') {
    tooLong(problems, path, item, CHART_DATA_LIMITS.name, 'This name');
    return;
  }
  if (!item || typeof item !== 'object') return;
  const adhoc = item as Record<string, unknown>;
  const { expression, name } = CHART_DATA_LIMITS;
  tooLong(problems, `${path}.sqlExpression`, adhoc.sqlExpression, expression, 'This expression');
  tooLong(problems, `${path}.label`, adhoc.label, name, 'This label');
  tooLong(problems, `${path}.timeGrain`, adhoc.timeGrain, name, 'This time grain');
  const column = adhoc.column as Record<string, unknown> | null | undefined;
  if (column && typeof column === 'object') {
    tooLong(problems, `${path}.column.column_name`, column.column_name, name, 'This column name');
  }
}

function checkItems(problems: Problems, path: string, items: unknown) {
  if (!Array.isArray(items)) return;
  tooMany(problems, path, items, CHART_DATA_LIMITS.items);
  items.forEach((item, i) => {
    checkItem(problems, `${path}.${i}`, item);
  });
}

function checkQuery(problems: Problems, path: string, query: QueryObject) {
  const { expression, name, timeRange, filterValue, filterValues, items } = CHART_DATA_LIMITS;
  checkItems(problems, `${path}.metrics`, query.metrics);
  checkItems(problems, `${path}.columns`, query.columns);
  checkItems(problems, `${path}.series_columns`, query.series_columns);
  tooMany(problems, `${path}.orderby`, query.orderby, items);
  (query.orderby ?? []).forEach((order, i) => {
    checkItem(problems, `${path}.orderby.${i}.0`, order[0]);
  });
  tooLong(problems, `${path}.time_range`, query.time_range, timeRange, 'The time range');
  tooLong(problems, `${path}.granularity`, query.granularity, name, 'The time column');
  tooMany(problems, `${path}.time_offsets`, query.time_offsets, items);
  (query.time_offsets ?? []).forEach((offset, i) => {
    tooLong(problems, `${path}.time_offsets.${i}`, offset, name, 'This time offset');
  });
  const extras = query.extras ?? {};
  tooLong(problems, `${path}.extras.where`, extras.where, expression, 'The custom WHERE');
  tooLong(problems, `${path}.extras.having`, extras.having, expression, 'The custom HAVING');
  tooLong(problems, `${path}.extras.time_grain_sqla`, extras.time_grain_sqla, name, 'The grain');
  tooMany(problems, `${path}.filters`, query.filters, items);
  (query.filters ?? []).forEach((filter, i) => {
    const at = `${path}.filters.${i}`;
    checkItem(problems, `${at}.col`, filter.col);
    const values = Array.isArray(filter.val) ? filter.val : [filter.val];
    tooMany(problems, `${at}.val`, filter.val, filterValues);
    values.forEach((value, j) => {
      const where = Array.isArray(filter.val) ? `${at}.val.${j}` : `${at}.val`;
      tooLong(problems, where, value, filterValue, 'This filter value');
    });
  });
}

/** 400 naming every field over its limit (Superset's field envelope), else nothing. */
export function checkInputSizes(context: QueryContext): void {
  // A remembered request body (`bodyMemo.ts`) is the same frozen object each time it comes.
  if (checkedBodies.has(context)) return;
  const problems: Problems = {};
  tooMany(problems, 'queries', context.queries, CHART_DATA_LIMITS.queries);
  context.queries.slice(0, CHART_DATA_LIMITS.queries).forEach((query, i) => {
    checkQuery(problems, `queries.${i}`, query);
  });
  if (Object.keys(problems).length > 0) {
    throw new TesseraError(400, 'Invalid input', { fields: problems });
  }
  if (Object.isFrozen(context)) checkedBodies.add(context);
}

const checkedBodies = new WeakSet<QueryContext>();
