import { describe, expect, it } from 'vitest';
import type { ControlContext, DatasourceMeta } from '../viz/types.ts';
import {
  COMPARISON_TYPES,
  CONDITIONAL_OPERATORS,
  RESAMPLE_METHODS,
  RESAMPLE_RULES,
  ROLLING_TYPES,
  ROW_LIMIT_OPTIONS,
  SERIES_LIMITS,
  SORT_SERIES_CHOICES,
  TIME_GRAINS,
  TIME_SHIFT_CHOICES,
} from './options.ts';
import { sharedControls } from './sharedControls.ts';
import { runValidators } from './validators.ts';

const NAMES = [
  'metrics',
  'metric',
  'percent_metrics',
  'groupby',
  'columns',
  'all_columns',
  'x_axis',
  'time_grain_sqla',
  'granularity_sqla',
  'time_range',
  'adhoc_filters',
  'row_limit',
  'series_limit',
  'series_limit_metric',
  'timeseries_limit_metric',
  'order_desc',
  'sort_by_metric',
  'secondary_metric',
  'size',
  'entity',
  'x',
  'y',
  'server_pagination',
  'server_page_length',
  'contributionMode',
  'truncate_metric',
  'show_empty_columns',
  'rolling_type',
  'rolling_periods',
  'min_periods',
  'time_compare',
  'comparison_type',
  'resample_rule',
  'resample_method',
  'annotation_layers',
  'color_scheme',
  'linear_color_scheme',
  'y_axis_format',
  'currency_format',
  'x_axis_time_format',
  'tooltipTimeFormat',
  'number_format',
  'date_format',
  'show_legend',
  'legendType',
  'legendOrientation',
  'show_value',
  'rich_tooltip',
  'tooltipSortByMetric',
  'x_axis_title',
  'y_axis_title',
  'truncateYAxis',
  'y_axis_bounds',
  'logAxis',
  'zoomable',
  'sort_series_type',
  'sort_series_ascending',
  'conditional_formatting',
];

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'birth_names',
  main_dttm_col: null,
  columns: [
    { column_name: 'name', type: 'VARCHAR', is_dttm: false },
    { column_name: 'ds', type: 'TIMESTAMP', is_dttm: true },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};
const ctx = (formData: Record<string, unknown> = {}): ControlContext => ({
  formData: { datasource: '1__table', viz_type: 'table', ...formData },
  datasource,
});
const errors = (name: string, value: unknown) =>
  runValidators(sharedControls[name]?.validators, value, ctx());

describe('shared controls', () => {
  it('has every name the chart panels use, each with a type and a label', () => {
    for (const name of NAMES) {
      expect(sharedControls[name], name).toBeDefined();
      expect(sharedControls[name]?.label, name).toBeTruthy();
    }
  });

  it('uses the spec option lists', () => {
    expect(ROW_LIMIT_OPTIONS).toEqual([10, 50, 100, 250, 500, 1000, 5000, 10000, 50000]);
    expect(sharedControls.row_limit?.default).toBe(10000);
    expect(SERIES_LIMITS).toEqual([5, 10, 25, 50, 100, 500]);
    expect(SORT_SERIES_CHOICES.map(([v]) => v)).toEqual(['name', 'sum', 'min', 'max', 'avg']);
    expect(TIME_SHIFT_CHOICES.map(([v]) => v)).toEqual([
      '1 day ago',
      '1 week ago',
      '28 days ago',
      '30 days ago',
      '52 weeks ago',
      '1 year ago',
      '104 weeks ago',
      '2 years ago',
      '156 weeks ago',
      '3 years ago',
    ]);
    expect(ROLLING_TYPES.map(([, label]) => label)).toEqual([
      'None',
      'mean',
      'sum',
      'std',
      'cumsum',
    ]);
    expect(COMPARISON_TYPES.map(([v]) => v)).toEqual(['values', 'absolute', 'percentage', 'ratio']);
    expect(RESAMPLE_RULES.map(([v]) => v)).toEqual(['1T', '1H', '1D', '7D', '1M', '1AS']);
    expect(RESAMPLE_METHODS.map(([v]) => v)).toEqual([
      'asfreq',
      'bfill',
      'ffill',
      'median',
      'mean',
      'sum',
    ]);
    expect(CONDITIONAL_OPERATORS.map(([, label]) => label)).toEqual([
      'None',
      '>',
      '<',
      '≥',
      '≤',
      '=',
      '≠',
      '< x <',
      '≤ x ≤',
      '≤ x <',
      '< x ≤',
    ]);
    expect(TIME_GRAINS[1]?.[0]).toBe('PT5S');
    expect(TIME_GRAINS.map(([v]) => v)).toContain('P1Y');
    expect(TIME_GRAINS.map(([v]) => v)).toContain('1969-12-29T00:00:00Z/P1W');
  });

  it('metrics and entity are required', () => {
    expect(errors('metrics', [])).toEqual(['cannot be empty']);
    expect(errors('metric', null)).toEqual(['cannot be empty']);
    expect(errors('entity', '')).toEqual(['cannot be empty']);
    expect(errors('metrics', ['count'])).toEqual([]);
  });

  it('row and series limits are positive integers; the row limit is capped', () => {
    expect(errors('row_limit', 100001)).toEqual(['Value cannot exceed 100000']);
    expect(errors('row_limit', '12.5')).toEqual(['is expected to be an integer']);
    expect(errors('row_limit', 1000)).toEqual([]);
    expect(errors('series_limit', -1)).toEqual(['is expected to be a positive integer']);
    expect(errors('series_limit', 25)).toEqual([]);
    expect(errors('series_limit', null)).toEqual([]);
  });

  it('rolling periods and min periods are integers', () => {
    expect(errors('rolling_periods', '2.5')).toEqual(['is expected to be an integer']);
    expect(errors('min_periods', 'x')).toEqual(['is expected to be an integer']);
    expect(errors('rolling_periods', '7')).toEqual([]);
  });

  it('colour scheme defaults are the categorical and sequential defaults', () => {
    expect(sharedControls.color_scheme?.default).toBe('supersetColors');
    expect(sharedControls.linear_color_scheme?.default).toBe('superset_seq_1');
  });

  it('x-axis defaults to the first temporal column; time grain hides on a non-temporal axis', () => {
    expect(sharedControls.x_axis?.dynamicDefault?.(ctx())).toBe('ds');
    expect(sharedControls.time_grain_sqla?.visibility?.(ctx({ x_axis: 'name' }))).toBe(false);
    expect(sharedControls.time_grain_sqla?.visibility?.(ctx({ x_axis: 'ds' }))).toBe(true);
    expect(sharedControls.time_grain_sqla?.default).toBe('P1D');
    expect(sharedControls.time_range?.default).toBe('No filter');
  });
});
