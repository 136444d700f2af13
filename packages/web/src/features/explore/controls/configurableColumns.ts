import { getColumnLabel, getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import { asArray } from '@tessera/shared/viz/common/timeseriesQuery';
import { tableMetrics, tableQueryMode } from '@tessera/shared/viz/table/buildQuery';
import type { Column, DatasourceMeta, Metric, QueryFormData } from '@tessera/shared/viz/types';

/** Which settings a column offers, as Superset's layout by generic type. */
export type ColumnKind = 'numeric' | 'string' | 'temporal' | 'boolean';

export interface ConfigurableColumn {
  /** The result column's label: the key of its settings in `column_config`. */
  key: string;
  label: string;
  kind: ColumnKind;
}

const GENERIC_KINDS: Record<number, ColumnKind> = {
  0: 'numeric',
  1: 'string',
  2: 'temporal',
  3: 'boolean',
};

function dimension(column: Column, datasource: DatasourceMeta | null): ConfigurableColumn {
  const key = getColumnLabel(column);
  if (typeof column !== 'string') {
    const temporal = column.columnType === 'BASE_AXIS' || !!column.timeGrain;
    return { key, label: key, kind: temporal ? 'temporal' : 'string' };
  }
  const meta = datasource?.columns.find((c) => c.column_name === column);
  const kind = meta?.is_dttm
    ? 'temporal'
    : (GENERIC_KINDS[meta?.type_generic ?? 1] ?? ('string' as const));
  return { key, label: meta?.verbose_name || key, kind };
}

function metric(item: Metric, datasource: DatasourceMeta | null, prefix = ''): ConfigurableColumn {
  const key = `${prefix}${getMetricLabel(item)}`;
  const saved =
    typeof item === 'string' ? datasource?.metrics.find((m) => m.metric_name === item) : undefined;
  return { key, label: prefix ? key : saved?.verbose_name || key, kind: 'numeric' };
}

/**
 * The columns a table query returns, in its order: the raw columns, or the dimensions, the
 * metrics and the `%`-prefixed percentage metrics (the labels its renderer reads settings by).
 */
export function configurableColumns(
  formData: QueryFormData,
  datasource: DatasourceMeta | null,
): ConfigurableColumn[] {
  if (tableQueryMode(formData) === 'raw') {
    return asArray(formData.all_columns as Column[] | undefined).map((c) =>
      dimension(c, datasource),
    );
  }
  const { metrics, percent } = tableMetrics(formData);
  const percentLabels = new Set(percent.map(getMetricLabel));
  const plainMetrics = metrics.filter(
    (m) =>
      !percentLabels.has(getMetricLabel(m)) ||
      asArray(formData.metrics).some((x) => getMetricLabel(x) === getMetricLabel(m)),
  );
  const columns = [
    ...asArray(formData.groupby).map((c) => dimension(c, datasource)),
    ...plainMetrics.map((m) => metric(m, datasource)),
    ...percent.map((m) => metric(m, datasource, '%')),
  ];
  // One entry per label: the renderer reads one setting per result column.
  return columns.filter((c, i) => columns.findIndex((other) => other.key === c.key) === i);
}
