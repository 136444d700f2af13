import type {
  AdhocFilter,
  ControlChoice,
  ControlConfig,
  ControlContext,
  DatasourceMeta,
} from '../viz/types.ts';

/**
 * A select's choices as Explore offers them: fixed ones, the dataset's (columns, metrics), or the
 * dataset's database time grains for `time_grain_sqla`.
 */
export function resolveChoices(
  name: string,
  config: ControlConfig,
  ctx: ControlContext,
): readonly ControlChoice[] | undefined {
  const { datasource } = ctx;
  if (name === 'time_grain_sqla' && datasource?.time_grain_sqla?.length) {
    return datasource.time_grain_sqla.map(([value, label]) => [value, label] as const);
  }
  if (config.choices) return config.choices;
  if (!config.choicesFrom || !datasource) return undefined;
  const label = (name: string, verbose?: string | null) => verbose || name;
  switch (config.choicesFrom) {
    case 'metrics':
      return datasource.metrics.map(
        (m) => [m.metric_name, label(m.metric_name, m.verbose_name)] as const,
      );
    case 'temporal_columns':
      return datasource.columns
        .filter((c) => c.is_dttm || c.type_generic === 2)
        .map((c) => [c.column_name, label(c.column_name, c.verbose_name)] as const);
    case 'numeric_columns':
      return datasource.columns
        .filter((c) => c.type_generic === 0)
        .map((c) => [c.column_name, label(c.column_name, c.verbose_name)] as const);
    case 'groupby_columns':
      return datasource.columns
        .filter((c) => c.groupby !== false)
        .map((c) => [c.column_name, label(c.column_name, c.verbose_name)] as const);
    default:
      return datasource.columns.map(
        (c) => [c.column_name, label(c.column_name, c.verbose_name)] as const,
      );
  }
}

const hasColumn = (datasource: DatasourceMeta, name: string) =>
  datasource.columns.some((column) => column.column_name === name);
const hasMetric = (datasource: DatasourceMeta, name: string) =>
  datasource.metrics.some((metric) => metric.metric_name === name);

/** A saved metric must still exist; an adhoc SIMPLE metric needs its column; custom SQL stays. */
export function metricExists(datasource: DatasourceMeta, metric: unknown): boolean {
  if (typeof metric === 'string') return hasMetric(datasource, metric);
  if (!metric || typeof metric !== 'object') return false;
  const adhoc = metric as { expressionType?: string; column?: { column_name?: string } | null };
  if (adhoc.expressionType !== 'SIMPLE') return true;
  const column = adhoc.column?.column_name;
  return column === undefined || hasColumn(datasource, column);
}

/** A physical column must still exist; an adhoc (SQL) column stays. */
export function columnExists(datasource: DatasourceMeta, column: unknown): boolean {
  if (typeof column === 'string') return hasColumn(datasource, column);
  return Boolean(column && typeof column === 'object');
}

/** SQL filters stay; a SIMPLE one needs its column (or, on HAVING, its metric). */
export function filterExists(datasource: DatasourceMeta, filter: unknown): boolean {
  if (!filter || typeof filter !== 'object') return false;
  const adhoc = filter as AdhocFilter;
  if (adhoc.expressionType === 'SQL') return true;
  const subject = adhoc.subject;
  if (typeof subject !== 'string') return Boolean(subject);
  return (
    hasColumn(datasource, subject) || (adhoc.clause === 'HAVING' && hasMetric(datasource, subject))
  );
}

function existsCheck(
  config: ControlConfig,
): ((ds: DatasourceMeta, value: unknown) => boolean) | null {
  if (config.type === 'MetricsControl') return metricExists;
  if (config.type === 'AdhocFilterControl') return filterExists;
  if (config.type === 'ColumnsControl') return columnExists;
  if (config.type === 'SelectControl' && config.choicesFrom && config.choicesFrom !== 'metrics') {
    return columnExists;
  }
  if (config.type === 'SelectControl' && config.choicesFrom === 'metrics') return metricExists;
  return null;
}

const sameChoice = (a: unknown, b: unknown) =>
  a === b || (a != null && b != null && String(a) === String(b));

/**
 * Drops what a control can no longer hold: values outside a fixed select's choices (unless it
 * is free-form), and saved metrics, columns and filters the dataset no longer has. A single
 * value that goes becomes null; a list keeps what remains.
 */
export function keepValidValues(
  name: string,
  config: ControlConfig,
  value: unknown,
  ctx: ControlContext,
): unknown {
  if (value === undefined || value === null) return value;
  const { datasource } = ctx;
  const exists = datasource ? existsCheck(config) : null;
  const choices =
    config.type === 'SelectControl' && !config.freeForm && !config.choicesFrom
      ? resolveChoices(name, config, ctx)
      : undefined;
  const keep = (item: unknown) =>
    (!exists || (datasource !== null && exists(datasource, item))) &&
    (!choices || choices.some(([choice]) => sameChoice(choice, item)));
  if (Array.isArray(value)) {
    if (config.type === 'AdhocFilterControl' || config.multi || config.type === 'SelectControl') {
      return value.filter(keep);
    }
    return value;
  }
  if (config.type === 'AdhocFilterControl') return value;
  return keep(value) ? value : null;
}
