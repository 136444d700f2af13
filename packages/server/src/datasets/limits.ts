import {
  assertEachLength,
  assertLengths,
  MAX_EXPRESSION,
  MAX_NAME,
  MAX_SCHEMA,
  MAX_SQL,
  MAX_TEXT,
} from '../databases/limits.ts';

/** What a dataset write may carry, bounded before anything renders, parses or runs it. */
export interface DatasetTexts {
  table_name?: string | null;
  schema?: string | null;
  catalog?: string | null;
  sql?: string | null;
  description?: string | null;
  template_params?: string | null;
  extra?: string | null;
  fetch_values_predicate?: string | null;
  main_dttm_col?: string | null;
  columns?: ReadonlyArray<{
    column_name?: string | null;
    name?: string | null;
    expression?: string | null;
    description?: string | null;
    extra?: string | null;
  }>;
  metrics?: ReadonlyArray<{
    metric_name?: string | null;
    expression?: string | null;
    description?: string | null;
    extra?: string | null;
  }>;
}

/** 400 naming the first field over its cap (names 1024, SQL 1 MB, expressions 64 KB). */
export function assertDatasetLengths(texts: DatasetTexts): void {
  assertLengths({
    table_name: [texts.table_name, MAX_NAME],
    schema: [texts.schema, MAX_SCHEMA],
    catalog: [texts.catalog, MAX_SCHEMA],
    sql: [texts.sql, MAX_SQL],
    description: [texts.description, MAX_TEXT],
    template_params: [texts.template_params, MAX_TEXT],
    extra: [texts.extra, MAX_TEXT],
    fetch_values_predicate: [texts.fetch_values_predicate, MAX_EXPRESSION],
    main_dttm_col: [texts.main_dttm_col, MAX_NAME],
  });
  assertEachLength(texts.columns, 'columns', (c) => [
    [c.column_name, MAX_NAME],
    [c.name, MAX_NAME],
    [c.expression, MAX_EXPRESSION],
    [c.description, MAX_TEXT],
    [c.extra, MAX_TEXT],
  ]);
  assertEachLength(texts.metrics, 'metrics', (m) => [
    [m.metric_name, MAX_NAME],
    [m.expression, MAX_EXPRESSION],
    [m.description, MAX_TEXT],
    [m.extra, MAX_TEXT],
  ]);
}
