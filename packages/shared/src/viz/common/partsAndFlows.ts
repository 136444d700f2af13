import { validateNonEmpty } from '../../controls/validators.ts';
import { getMetricLabel } from '../buildQueryContext.ts';
import type { Column, ControlChoice, Metric, QueryFormData, QueryObject } from '../types.ts';
import { checkboxControl, type InlineControl } from './panelSections.ts';

/**
 * What the "parts of a whole" and "flow" chart types (pie, funnel, gauge, treemap, sunburst,
 * radar, graph, sankey) share on the query side: one query of dimensions and a metric or two,
 * largest first, and the label controls their Customize tabs have in common.
 */

/** Older saves and URLs sometimes hold a single value where a list is expected. */
export function asList<T>(value: T | readonly T[] | null | undefined): T[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? [...value] : [value as T];
}

/** A single column control's value (`source`, `target`, ...), or undefined when it is empty. */
export function columnOf(value: unknown): Column | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined;
  if (value && typeof value === 'object' && 'sqlExpression' in value) return value as Column;
  return undefined;
}

/** Charts whose saved default sorts by the metric treat a missing `sort_by_metric` as true. */
export function sortsByMetric(formData: QueryFormData, fallback = true): boolean {
  const value = formData.sort_by_metric;
  return value === undefined || value === null ? fallback : Boolean(value);
}

/** Metrics without duplicates (a secondary metric equal to the primary one is asked once). */
export function uniqueMetrics(metrics: ReadonlyArray<Metric | null | undefined>): Metric[] {
  const seen = new Set<string>();
  const unique: Metric[] = [];
  for (const metric of metrics) {
    if (metric === undefined || metric === null || metric === '') continue;
    const label = getMetricLabel(metric);
    if (seen.has(label)) continue;
    seen.add(label);
    unique.push(metric);
  }
  return unique;
}

/** The one query these charts send: dimensions, metrics, and the metric's order when asked. */
export function dimensionsQuery(
  base: QueryObject,
  columns: Column[],
  metrics: Metric[],
  sortBy?: Metric | null,
): QueryObject {
  return {
    ...base,
    columns,
    metrics,
    orderby: sortBy ? [[sortBy, false]] : [],
  };
}

/**
 * The query of the charts that show a metric over their dimensions (pie, funnel, treemap,
 * sunburst, sankey): the metrics asked once each, by the main metric largest first unless
 * `sort_by_metric` is off.
 */
export function metricByDimensionsQuery(
  base: QueryObject,
  formData: QueryFormData,
  columns: Column[],
  metrics: ReadonlyArray<Metric | null | undefined> = [formData.metric],
): QueryObject {
  const metric = formData.metric;
  return dimensionsQuery(
    base,
    columns,
    uniqueMetrics(metrics),
    sortsByMetric(formData) ? metric : null,
  );
}

export const LABEL_TYPE_CHOICES: readonly ControlChoice[] = [
  ['key', 'Category Name'],
  ['value', 'Value'],
  ['percent', 'Percentage'],
  ['key_value', 'Category and Value'],
  ['key_percent', 'Category and Percentage'],
  ['key_value_percent', 'Category, Value and Percentage'],
  ['value_percent', 'Value and Percentage'],
];

export function labelTypeControl(
  choices: readonly ControlChoice[] = LABEL_TYPE_CHOICES,
  defaultValue = 'key',
): InlineControl {
  return {
    name: 'label_type',
    config: {
      type: 'SelectControl',
      label: 'Label Type',
      default: defaultValue,
      renderTrigger: true,
      choices,
      description: 'What should be shown on the label?',
    },
  };
}

export const showLabelsControl = checkboxControl(
  'show_labels',
  'Show Labels',
  true,
  'Whether to display the labels.',
);

export const showLabelsThresholdControl = {
  name: 'show_labels_threshold',
  config: {
    type: 'TextControl',
    label: 'Percentage threshold',
    renderTrigger: true,
    isFloat: true,
    default: 5,
    description: 'Minimum threshold in percentage points for showing labels.',
  },
} satisfies InlineControl;

export const showTotalControl = checkboxControl(
  'show_total',
  'Show Total',
  false,
  'Whether to display the aggregate count',
);

/** A single dimension picked from the dataset (a graph's or sankey's source, target, ...). */
export function columnSelectControl(
  name: string,
  label: string,
  description: string,
  required: boolean,
): InlineControl {
  return {
    name,
    config: {
      type: 'ColumnsControl',
      label,
      description,
      multi: false,
      choicesFrom: 'groupby_columns',
      clearable: !required,
      default: null,
      ...(required ? { validators: [validateNonEmpty] } : {}),
    },
  };
}
