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

/**
 * The raw-mode table's "Ordering" choices: each column ascending and descending, keyed as
 * Superset keys them (`["name", true]`). The dataset's own `order_by_choices` when Explore has
 * it, else the same built from its columns.
 */
export function orderByOptions(datasource: DatasourceMeta | null): OptionItem[] {
  const given = (datasource as { order_by_choices?: Array<[string, string]> } | null)
    ?.order_by_choices;
  const choices =
    given ??
    (datasource?.columns ?? [])
      .map((column) => column.column_name)
      .sort()
      .flatMap(
        (name): Array<[string, string]> => [
          [`[${JSON.stringify(name)}, true]`, `${name} [asc]`],
          [`[${JSON.stringify(name)}, false]`, `${name} [desc]`],
        ],
      );
  return choices.map(([value, label]) => ({ value, label }));
}

/** Controls whose choices come from the dataset in a way `choicesFrom` does not describe. */
const DATASET_CHOICES: Record<string, (datasource: DatasourceMeta | null) => OptionItem[]> = {
  order_by_cols: orderByOptions,
};

/** A select's options: its fixed choices, or the dataset's columns or saved metrics. */
export function selectOptions(
  config: ControlConfig,
  datasource: DatasourceMeta | null,
  name?: string,
): OptionItem[] {
  const fromDataset = name === undefined ? undefined : DATASET_CHOICES[name];
  if (fromDataset) return fromDataset(datasource);
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
