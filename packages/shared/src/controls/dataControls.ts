import type { ControlConfig, ControlContext } from '../viz/types.ts';
import {
  COMPARISON_TYPES,
  choicesOf,
  DEFAULT_ROW_LIMIT,
  DEFAULT_TIME_GRAIN,
  RESAMPLE_METHODS,
  RESAMPLE_RULES,
  ROLLING_TYPES,
  ROW_LIMIT_OPTIONS,
  SERIES_LIMITS,
  TIME_GRAINS,
  TIME_SHIFT_CHOICES,
} from './options.ts';
import {
  validateDefaultRowLimit,
  validateInteger,
  validateNonEmpty,
  validatePositiveInteger,
} from './validators.ts';

/** Superset's fallback when no DEFAULT_TIME_FILTER is configured. */
export const DEFAULT_TIME_RANGE = 'No filter';

/** The dataset's main datetime column, else its first temporal one (Superset's x-axis default). */
export function defaultTemporalColumn({ datasource }: ControlContext): string | null {
  if (!datasource) return null;
  if (datasource.main_dttm_col) return datasource.main_dttm_col;
  return datasource.columns.find((column) => column.is_dttm)?.column_name ?? null;
}

/**
 * Time grain and comparison controls only mean something on a temporal x-axis: an adhoc
 * expression counts as temporal, a physical column only when the dataset says it is.
 */
export function isTemporalXAxis({ formData, datasource }: ControlContext): boolean {
  const xAxis = formData.x_axis;
  if (xAxis === undefined || xAxis === null || typeof xAxis !== 'string') return true;
  const column = datasource?.columns.find((c) => c.column_name === xAxis);
  return column === undefined ? true : Boolean(column.is_dttm || column.type_generic === 2);
}

const metrics: ControlConfig = {
  type: 'MetricsControl',
  label: 'Metrics',
  description:
    'Select one or many metrics to display. You can use an aggregation function on a column or write custom SQL to create a metric.',
  multi: true,
  choicesFrom: 'metrics',
  validators: [validateNonEmpty],
};

const metric: ControlConfig = {
  type: 'MetricsControl',
  label: 'Metric',
  description: 'Metric',
  multi: false,
  choicesFrom: 'metrics',
  validators: [validateNonEmpty],
};

const sortByMetric: ControlConfig = {
  type: 'MetricsControl',
  label: 'Sort by',
  description:
    'Metric used to define how the top series are sorted if a series or cell limit is present. If undefined reverts to the first metric (where appropriate).',
  multi: false,
  clearable: true,
  choicesFrom: 'metrics',
  default: null,
};

const groupby: ControlConfig = {
  type: 'ColumnsControl',
  label: 'Dimensions',
  description:
    'Dimensions contain qualitative values such as names, dates, or geographical data. Use dimensions to categorize, segment, and reveal the details in your data. Dimensions affect the level of detail in the view.',
  multi: true,
  choicesFrom: 'groupby_columns',
  default: [],
};

export const dataControls: Record<string, ControlConfig> = {
  metrics,
  metric,
  percent_metrics: {
    ...metrics,
    label: 'Percentage metrics',
    description:
      'Select one or many metrics to display, that will be displayed in the percentages of total. Percentage metrics will be calculated only from data within the row limit. You can use an aggregation function on a column or write custom SQL to create a percentage metric.',
    validators: [],
    default: [],
  },
  groupby,
  columns: { ...groupby, label: 'Columns', description: 'One or many columns to pivot as columns' },
  all_columns: {
    type: 'ColumnsControl',
    label: 'Columns',
    description: 'Columns to display',
    multi: true,
    choicesFrom: 'columns',
    default: [],
  },
  x_axis: {
    type: 'ColumnsControl',
    label: 'X-axis',
    description: 'Dimension to use on x-axis.',
    multi: false,
    choicesFrom: 'columns',
    validators: [validateNonEmpty],
    dynamicDefault: defaultTemporalColumn,
  },
  time_grain_sqla: {
    type: 'SelectControl',
    label: 'Time Grain',
    description:
      'Select a time grain for the visualization. The grain is the time interval represented by a single point on the chart.',
    choices: TIME_GRAINS,
    default: DEFAULT_TIME_GRAIN,
    clearable: true,
    visibility: isTemporalXAxis,
  },
  granularity_sqla: {
    type: 'SelectControl',
    label: 'Time Column',
    description:
      'The time column for the visualization. Note that you can define arbitrary expression that return a DATETIME column in the table. Also note that the filter below is applied against this column or expression',
    choicesFrom: 'temporal_columns',
    clearable: false,
    dynamicDefault: defaultTemporalColumn,
  },
  time_range: {
    type: 'TimeRangeControl',
    label: 'Time Range',
    description:
      'The time range for the visualization. All relative times, e.g. "Last month", "Last 7 days", "now", etc. are evaluated on the server using the server\'s local time (sans timezone).',
    default: DEFAULT_TIME_RANGE,
  },
  adhoc_filters: {
    type: 'AdhocFilterControl',
    label: 'Filters',
    choicesFrom: 'columns',
    default: [],
  },
  row_limit: {
    type: 'SelectControl',
    label: 'Row limit',
    description:
      'Limits the number of the rows that are computed in the query that is the source of the data used for this chart.',
    freeForm: true,
    clearable: false,
    choices: choicesOf(ROW_LIMIT_OPTIONS),
    default: DEFAULT_ROW_LIMIT,
    validators: [validateNonEmpty, validateDefaultRowLimit],
  },
  series_limit: {
    type: 'SelectControl',
    label: 'Series limit',
    description:
      'Limits the number of series that get displayed. A joined subquery (or an extra phase where subqueries are not supported) is applied to limit the number of series that get fetched and rendered. This feature is useful when grouping by high cardinality column(s) though does increase the query complexity and cost.',
    freeForm: true,
    clearable: true,
    choices: choicesOf(SERIES_LIMITS),
    validators: [validatePositiveInteger],
  },
  series_limit_metric: sortByMetric,
  timeseries_limit_metric: sortByMetric,
  order_desc: {
    type: 'CheckboxControl',
    label: 'Sort descending',
    description:
      'If enabled, this control sorts the results/values descending, otherwise it sorts the results ascending.',
    default: true,
  },
  sort_by_metric: {
    type: 'CheckboxControl',
    label: 'Sort by metric',
    description: 'Whether to sort results by the selected metric in descending order.',
    default: false,
  },
  secondary_metric: {
    ...metric,
    label: 'Color Metric',
    description: 'A metric to use for color',
    clearable: true,
    default: null,
    validators: [],
  },
  size: { ...metric, label: 'Bubble Size', description: 'Metric used to calculate bubble size' },
  entity: {
    type: 'ColumnsControl',
    label: 'Entity',
    description: 'This defines the element to be plotted on the chart',
    multi: false,
    choicesFrom: 'groupby_columns',
    validators: [validateNonEmpty],
  },
  x: { ...metric, label: 'X Axis', description: 'Metric assigned to the [X] axis' },
  y: { ...metric, label: 'Y Axis', description: 'Metric assigned to the [Y] axis' },
  server_pagination: {
    type: 'CheckboxControl',
    label: 'Server pagination',
    description: 'Enable server side pagination of results (experimental feature)',
    default: false,
  },
  server_page_length: {
    type: 'SelectControl',
    label: 'Server Page Length',
    description: 'Rows per page, 0 means no pagination',
    freeForm: true,
    choices: choicesOf([0, 10, 20, 50, 100, 200]),
    default: 10,
    validators: [validateInteger],
    visibility: ({ formData }) => Boolean(formData.server_pagination),
  },
  contributionMode: {
    type: 'SelectControl',
    label: 'Contribution Mode',
    description: 'Calculate contribution per series or row',
    choices: [
      [null, 'None'],
      ['row', 'Row'],
      ['column', 'Series'],
    ],
    default: null,
  },
  truncate_metric: {
    type: 'CheckboxControl',
    label: 'Truncate Metric',
    description: 'Whether to truncate metrics',
    default: true,
    renderTrigger: true,
  },
  show_empty_columns: {
    type: 'CheckboxControl',
    label: 'Show empty columns',
    default: true,
  },
  rolling_type: {
    type: 'SelectControl',
    label: 'Rolling Function',
    description:
      'Defines a rolling window function to apply, works along with the [Periods] text box',
    choices: ROLLING_TYPES,
    default: null,
  },
  rolling_periods: {
    type: 'TextControl',
    label: 'Periods',
    description:
      'Defines the size of the rolling window function, relative to the time granularity selected',
    isInt: true,
    validators: [validateInteger],
    visibility: ({ formData }) =>
      Boolean(formData.rolling_type) && formData.rolling_type !== 'cumsum',
  },
  min_periods: {
    type: 'TextControl',
    label: 'Min periods',
    description:
      'The minimum number of rolling periods required to show a value. For instance if you do a cumulative sum on 7 days you may want your "Min Period" to be 7, so that all data points shown are the total of 7 periods. This will hide the "ramp up" taking place over the first 7 periods',
    isInt: true,
    validators: [validateInteger],
    visibility: ({ formData }) =>
      Boolean(formData.rolling_type) && formData.rolling_type !== 'cumsum',
  },
  time_compare: {
    type: 'SelectControl',
    label: 'Time shift',
    description:
      'Overlay one or more timeseries from a relative time period. Expects relative time deltas in natural language (example:  24 hours, 7 days, 52 weeks, 365 days). Free text is supported.',
    multi: true,
    freeForm: true,
    choices: TIME_SHIFT_CHOICES,
    default: [],
  },
  comparison_type: {
    type: 'SelectControl',
    label: 'Calculation type',
    description:
      'How to display time shifts: as individual lines; as the difference between the main time series and each time shift; as the percentage change; or as the ratio between series and time shifts.',
    choices: COMPARISON_TYPES,
    default: 'values',
  },
  resample_rule: {
    type: 'SelectControl',
    label: 'Rule',
    description: 'Pandas resample rule',
    freeForm: true,
    choices: RESAMPLE_RULES,
    default: null,
  },
  resample_method: {
    type: 'SelectControl',
    label: 'Fill method',
    description: 'Pandas resample method',
    choices: RESAMPLE_METHODS,
    default: null,
  },
  annotation_layers: {
    type: 'AnnotationLayerControl',
    label: 'Annotation Layers',
    description: 'Annotation layers to overlay on the visualization',
    default: [],
  },
};
