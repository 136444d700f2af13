import { describe, expect, it } from 'vitest';
import type {
  ChartDefinition,
  ControlPanelConfig,
  DatasourceMeta,
  QueryFormData,
} from '../viz/types.ts';
import {
  getControlsState,
  getFormDataFromControls,
  INVALID_ORDERBY_MESSAGE,
  parseOrderby,
  transferControls,
  validateControls,
} from './state.ts';

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'birth_names',
  main_dttm_col: 'ds',
  columns: [
    { column_name: 'ds', type: 'TIMESTAMP', is_dttm: true, type_generic: 2 },
    { column_name: 'name', type: 'VARCHAR', type_generic: 1 },
    { column_name: 'num', type: 'BIGINT', type_generic: 0 },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

const panel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      controlSetRows: [
        ['x_axis'],
        ['time_grain_sqla'],
        ['metrics'],
        ['groupby'],
        ['adhoc_filters'],
        ['row_limit'],
        ['rolling_type', 'rolling_periods'],
        ['comparison_type'],
        ['y_axis_format'],
        ['color_scheme'],
        [
          {
            name: 'orderby',
            config: { type: 'SelectControl', label: 'Ordering', multi: true, freeForm: true },
          },
        ],
      ],
    },
  ],
};

const fd = (extra: Record<string, unknown> = {}): QueryFormData => ({
  datasource: '1__table',
  viz_type: 'echarts_timeseries_line',
  ...extra,
});
const state = (extra: Record<string, unknown> = {}, options = {}) =>
  getControlsState(panel, fd(extra), datasource, options).controls;

describe('getControlsState', () => {
  it('fills values from defaults and dynamic defaults', () => {
    const controls = state();
    expect(controls.x_axis?.value).toBe('ds');
    expect(controls.time_grain_sqla?.value).toBe('P1D');
    expect(controls.row_limit?.value).toBe(10000);
    expect(controls.color_scheme?.value).toBe('supersetColors');
    expect(controls.groupby?.value).toEqual([]);
    expect(controls.metrics?.validationErrors).toEqual(['cannot be empty']);
  });

  it('keeps saved values and validates them with the spec messages', () => {
    const controls = state({
      metrics: ['count'],
      row_limit: 200000,
      rolling_type: 'mean',
      rolling_periods: '2.5',
    });
    expect(controls.metrics?.validationErrors).toEqual([]);
    expect(controls.row_limit?.validationErrors).toEqual(['Value cannot exceed 100000']);
    expect(controls.rolling_periods?.validationErrors).toEqual(['is expected to be an integer']);
  });

  it('takes the row-limit maximum from SQL_MAX_ROW', () => {
    const controls = state({ row_limit: 60000 }, { sqlMaxRow: 50000 });
    expect(controls.row_limit?.validationErrors).toEqual(['Value cannot exceed 50000']);
  });

  it('does not validate hidden controls', () => {
    const controls = state({ rolling_periods: 'x' });
    expect(controls.rolling_periods?.visible).toBe(false);
    expect(controls.rolling_periods?.validationErrors).toEqual([]);
  });

  it('merges external errors in', () => {
    const controls = state(
      { metrics: ['count'] },
      { externalErrors: { metrics: ['Metric "x" does not exist'] } },
    );
    expect(controls.metrics?.validationErrors).toEqual(['Metric "x" does not exist']);
    const again = validateControls(controls, fd(), datasource, { groupby: ['too many'] });
    expect(again.groupby?.validationErrors).toEqual(['too many']);
    expect(again.metrics?.validationErrors).toEqual([]);
  });

  it('a non-free-form select drops values not among its choices; a single select becomes null', () => {
    const controls = state({ rolling_type: 'median', comparison_type: 'values' });
    expect(controls.rolling_type?.value).toBeNull();
    expect(controls.comparison_type?.value).toBe('values');
    expect(state({ time_grain_sqla: 'PT2S' }).time_grain_sqla?.value).toBe('P1D');
  });

  it('keeps saved metrics, columns and filters only while the dataset has them', () => {
    const controls = state({
      metrics: [
        'count',
        'gone_metric',
        { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'gone' } },
        { expressionType: 'SQL', sqlExpression: 'SUM(num)' },
      ],
      groupby: ['name', 'gone_column'],
      x_axis: 'gone_time',
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'name',
          operator: '==',
          comparator: 'Amy',
        },
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'gone',
          operator: '==',
          comparator: 1,
        },
        {
          expressionType: 'SIMPLE',
          clause: 'HAVING',
          subject: 'count',
          operator: '>',
          comparator: 1,
        },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 1' },
      ],
    });
    expect(controls.metrics?.value).toEqual([
      'count',
      { expressionType: 'SQL', sqlExpression: 'SUM(num)' },
    ]);
    expect(controls.groupby?.value).toEqual(['name']);
    expect(controls.x_axis?.value).toBe('ds');
    expect(
      ((controls.adhoc_filters?.value ?? []) as Array<{ subject?: string }>).map(
        (f) => f.subject ?? 'sql',
      ),
    ).toEqual(['name', 'count', 'sql']);
  });

  it('an orderby that is not valid JSON gives "Found invalid orderby options"', () => {
    expect(INVALID_ORDERBY_MESSAGE).toBe('Found invalid orderby options');
    expect(state({ orderby: ['["num", false]'] }).orderby?.validationErrors).toEqual([]);
    expect(state({ orderby: ['{not json'] }).orderby?.validationErrors).toEqual([
      'Found invalid orderby options',
    ]);
    expect(parseOrderby(['["num", true]', ['count', false]])).toEqual([
      ['num', true],
      ['count', false],
    ]);
    expect(() => parseOrderby(['nope'])).toThrow('Found invalid orderby options');
  });

  it('a percentage comparison forces the y-axis format to a percentage choice', () => {
    const controls = state({ comparison_type: 'percentage', y_axis_format: ',.2f' });
    expect(controls.y_axis_format?.value).toBe(',.1%');
    expect(controls.y_axis_format?.config.choices?.every(([v]) => String(v).endsWith('%'))).toBe(
      true,
    );
    expect(
      state({ comparison_type: 'percentage', y_axis_format: '.3%' }).y_axis_format?.value,
    ).toBe('.3%');
    expect(state({ comparison_type: 'values', y_axis_format: ',.2f' }).y_axis_format?.value).toBe(
      ',.2f',
    );
  });

  it('turns controls back into form data', () => {
    const controls = state({ metrics: ['count'] });
    const formData = getFormDataFromControls(controls, fd({ slice_id: 3 }));
    expect(formData).toMatchObject({
      slice_id: 3,
      metrics: ['count'],
      x_axis: 'ds',
      row_limit: 10000,
    });
  });
});

describe('transferControls', () => {
  const chart = (key: string, rows: string[][]): ChartDefinition => ({
    metadata: { key, name: key, description: '', category: 'Other' },
    controlPanel: { controlPanelSections: [{ label: 'Query', controlSetRows: rows }] },
    buildQuery: () => ({ datasource: { id: 1, type: 'table' }, queries: [] }) as never,
  });
  const charts = new Map([
    ['line', chart('line', [['x_axis', 'metrics', 'groupby', 'adhoc_filters', 'rolling_type']])],
    ['pie', chart('pie', [['metric', 'groupby', 'adhoc_filters', 'show_legend']])],
  ]);
  const lookup = (key: string) => charts.get(key);

  it('keeps the values of the controls the new type shares and hides the rest', () => {
    const result = transferControls(
      'line',
      'pie',
      fd({
        viz_type: 'line',
        slice_id: 4,
        x_axis: 'ds',
        metrics: ['count'],
        groupby: ['name'],
        rolling_type: 'mean',
      }),
      { lookup },
    );
    expect(result.formData).toEqual({
      datasource: '1__table',
      viz_type: 'pie',
      slice_id: 4,
      metric: 'count',
      groupby: ['name'],
    });
    expect(result.controlsTransferred).toEqual(['metric', 'groupby']);
    expect(result.hiddenFormData).toEqual({
      x_axis: 'ds',
      metrics: ['count'],
      rolling_type: 'mean',
    });

    const back = transferControls('pie', 'line', result.formData, {
      lookup,
      hiddenFormData: result.hiddenFormData,
    });
    expect(back.formData).toMatchObject({
      x_axis: 'ds',
      metrics: ['count'],
      rolling_type: 'mean',
      groupby: ['name'],
    });
    expect(back.controlsTransferred).toEqual(['metrics', 'groupby']);
  });
});
