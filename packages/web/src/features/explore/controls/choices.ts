import type { ControlConfig, DatasourceMeta } from '@tessera/shared/viz/types';
import type { DatasourceColumn } from './types.ts';

export interface OptionItem {
  value: string | number | boolean | null;
  label: string;
}

const TEMPORAL = 2;
const NUMERIC = 0;

export function isTemporalColumn(column: DatasourceColumn): boolean {
  return column.is_dttm === true || column.type_generic === TEMPORAL;
}

export function columnLabel(column: DatasourceColumn): string {
  return column.verbose_name || column.column_name;
}

/** The dataset columns a control offers, by its `choicesFrom`. */
export function datasetColumns(
  datasource: DatasourceMeta | null,
  from: ControlConfig['choicesFrom'] = 'columns',
): DatasourceColumn[] {
  const columns = datasource?.columns ?? [];
  switch (from) {
    case 'temporal_columns':
      return columns.filter(isTemporalColumn);
    case 'numeric_columns':
      return columns.filter((column) => column.type_generic === NUMERIC);
    case 'groupby_columns':
      return columns.filter((column) => column.groupby !== false);
    default:
      return columns;
  }
}

/** A select's options: its fixed choices, or the dataset's columns or saved metrics. */
export function selectOptions(
  config: ControlConfig,
  datasource: DatasourceMeta | null,
): OptionItem[] {
  if (config.choicesFrom === 'metrics') {
    return (datasource?.metrics ?? []).map((metric) => ({
      value: metric.metric_name,
      label: metric.verbose_name || metric.metric_name,
    }));
  }
  if (config.choicesFrom) {
    return datasetColumns(datasource, config.choicesFrom).map((column) => ({
      value: column.column_name,
      label: columnLabel(column),
    }));
  }
  return (config.choices ?? []).map(([value, label]) => ({ value, label }));
}
