import type {
  AdhocColumn,
  AdhocMetric,
  Column,
  FilterOperator,
  Metric,
  QueryContext,
  QueryObject,
} from '../api/chartData.ts';

/**
 * The chart contract shared by Explore, dashboards, the server's example loader and every chart
 * type: what a chart's form data holds, how a control panel is declared and what a chart type
 * gives. Pure data and functions: no DOM, no Node.
 */

/** A SIMPLE or custom-SQL filter as Explore's filter control stores it (spec: "Adhoc filter"). */
export interface AdhocFilter {
  expressionType: 'SIMPLE' | 'SQL';
  clause: 'WHERE' | 'HAVING';
  subject?: string | AdhocColumn | null;
  operator?: FilterOperator | null;
  /** Spec operator id (`EQUALS`, `TEMPORAL_RANGE`, ...) kept so the popover reopens as it was. */
  operatorId?: string | null;
  comparator?: unknown;
  sqlExpression?: string | null;
  isExtra?: boolean;
  filterOptionName?: string;
}

/**
 * What dashboards (native filters, cross-filters) add to a chart's query: the seam those features
 * fill. A chart's query applies it on top of its own form data (`applyExtraFormData`).
 */
export interface ExtraFormData {
  filters?: Array<{ col: Column; op: FilterOperator; val?: unknown }>;
  adhoc_filters?: AdhocFilter[];
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  time_column?: string;
  extras?: { where?: string; having?: string; time_grain_sqla?: string };
}

/** Form data: the saved definition of a chart (`slices.params`), versioned and migrated on read. */
export interface QueryFormData {
  datasource: string;
  viz_type: string;
  slice_id?: number;
  dashboardId?: number;
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  metrics?: Metric[];
  metric?: Metric;
  groupby?: Column[];
  columns?: Column[];
  x_axis?: Column;
  adhoc_filters?: AdhocFilter[];
  row_limit?: number | string;
  series_limit?: number | string;
  series_limit_metric?: Metric;
  order_desc?: boolean;
  extra_form_data?: ExtraFormData;
  url_params?: Record<string, string>;
  /** Version of the stored shape, see `migrateFormData`. */
  form_data_version?: number;
  [key: string]: unknown;
}

export type { AdhocColumn, AdhocMetric, Column, Metric };

/** A dataset as Explore and the controls see it (subset of `GET /api/v1/dataset/{id}`). */
export interface DatasourceMeta {
  id: number;
  type: 'table' | 'query';
  uid: string;
  name: string;
  database?: { id: number; backend?: string; database_name?: string };
  schema?: string | null;
  sql?: string | null;
  main_dttm_col?: string | null;
  columns: Array<{
    column_name: string;
    verbose_name?: string | null;
    type?: string | null;
    type_generic?: 0 | 1 | 2 | 3 | null;
    is_dttm?: boolean;
    expression?: string | null;
    groupby?: boolean;
    filterable?: boolean;
    description?: string | null;
    warning_markdown?: string | null;
    certified_by?: string | null;
  }>;
  metrics: Array<{
    metric_name: string;
    verbose_name?: string | null;
    expression: string;
    d3format?: string | null;
    currency?: { symbol: string; symbolPosition: 'prefix' | 'suffix' } | null;
    description?: string | null;
    warning_markdown?: string | null;
    certified_by?: string | null;
  }>;
  verbose_map?: Record<string, string>;
  time_grain_sqla?: Array<[string, string]>;
}

/**
 * The control kinds Explore can draw. A control panel names shared controls by their name
 * (`'metrics'`, `'groupby'`, ...) or declares one inline with one of these types.
 */
export type ControlType =
  | 'MetricsControl'
  | 'ColumnsControl'
  | 'AdhocFilterControl'
  | 'TimeRangeControl'
  | 'SelectControl'
  | 'CheckboxControl'
  | 'TextControl'
  | 'TextAreaControl'
  | 'SliderControl'
  | 'ColorSchemeControl'
  | 'ColorPickerControl'
  | 'ConditionalFormattingControl'
  | 'CurrencyControl'
  | 'AnnotationLayerControl'
  | 'BoundsControl'
  | 'ColumnConfigControl'
  | 'HiddenControl';

/** What a control's functions (visibility, validators, dynamic choices) can look at. */
export interface ControlContext {
  formData: QueryFormData;
  datasource: DatasourceMeta | null;
}

/** Returns an error message, or false when the value is valid. */
export type ControlValidator = (value: unknown, ctx: ControlContext) => string | false;

export type ControlChoice = readonly [value: string | number | boolean | null, label: string];

export interface ControlConfig {
  type: ControlType;
  label: string;
  description?: string;
  default?: unknown;
  /** Fixed choices of a select; see `choicesFrom` for choices taken from the dataset. */
  choices?: readonly ControlChoice[];
  /** Choices read from the dataset: all columns, temporal ones, numeric ones, or saved metrics. */
  choicesFrom?: 'columns' | 'temporal_columns' | 'numeric_columns' | 'groupby_columns' | 'metrics';
  multi?: boolean;
  /** A select that also takes values outside its choices (formats, numbers). */
  freeForm?: boolean;
  clearable?: boolean;
  placeholder?: string;
  /** Text controls: parse the value as an integer / a number. */
  isInt?: boolean;
  isFloat?: boolean;
  min?: number;
  max?: number;
  step?: number;
  /** TextAreaControl: the editor language. */
  language?: 'markdown' | 'json' | 'sql' | 'html' | 'css';
  schemeType?: 'categorical' | 'sequential';
  validators?: ControlValidator[];
  /** A change only redraws the chart; no new query is needed. */
  renderTrigger?: boolean;
  /** Hidden (and left out of validation) when this answers false. */
  visibility?: (ctx: ControlContext) => boolean;
  /** Default computed from the dataset when the form data has no value (e.g. main dttm col). */
  dynamicDefault?: (ctx: ControlContext) => unknown;
  /** Kept in form data but never drawn (`hiddenFormData`). */
  hidden?: boolean;
}

export type ControlSetItem = string | { name: string; config: ControlConfig } | null;
export type ControlSetRow = ControlSetItem[];

export interface ControlPanelSection {
  label: string;
  description?: string;
  expanded?: boolean;
  /** Sections appear on the Data tab unless they are about looks (Customize tab). */
  tab?: 'data' | 'customize';
  controlSetRows: ControlSetRow[];
}

export interface ControlPanelConfig {
  controlPanelSections: ControlPanelSection[];
  /** Changes to shared controls for this chart type (a different label, default, validators). */
  controlOverrides?: Record<string, Partial<ControlConfig>>;
  /** Fills or rewrites form data before the query is built (e.g. x-axis from granularity). */
  formDataOverrides?: (formData: QueryFormData) => QueryFormData;
}

export type ChartBehavior = 'INTERACTIVE_CHART' | 'DRILL_TO_DETAIL' | 'DRILL_BY';

export type ChartCategory =
  | 'Table'
  | 'Evolution'
  | 'KPI'
  | 'Distribution'
  | 'Part of a Whole'
  | 'Ranking'
  | 'Correlation'
  | 'Flow'
  | 'Map'
  | 'Other';

export interface ChartMetadata {
  /** The viz key stored in form data (`echarts_timeseries_line`). */
  key: string;
  name: string;
  description: string;
  category: ChartCategory;
  tags?: readonly string[];
  behaviors?: readonly ChartBehavior[];
  /** Annotation source types this chart can draw (`FORMULA`, `NATIVE`, ...). */
  annotationTypes?: readonly string[];
}

/** Options a caller passes when a chart's query is built (results pane, downloads, dashboards). */
export interface BuildQueryOptions {
  resultType?: QueryContext['result_type'];
  resultFormat?: QueryContext['result_format'];
  force?: boolean;
  /** Server-side pagination of the table chart. */
  ownState?: Record<string, unknown>;
}

/** One chart type as both sides see it; the web side adds transformProps and the component. */
export interface ChartDefinition {
  metadata: ChartMetadata;
  controlPanel: ControlPanelConfig;
  buildQuery: (formData: QueryFormData, options?: BuildQueryOptions) => QueryContext;
}

export type { QueryContext, QueryObject };
