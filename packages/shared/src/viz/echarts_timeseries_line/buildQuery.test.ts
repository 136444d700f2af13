import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { timeseriesLineExample } from './example.ts';

const base: QueryFormData = {
  datasource: '3__table',
  viz_type: 'echarts_timeseries_line',
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  metrics: ['avg__price'],
  groupby: ['symbol'],
  row_limit: 10000,
};

describe('line chart query', () => {
  it('puts the x-axis with its grain first, dimensions as series and pivots one column per series', () => {
    const ctx = buildQuery(base);
    const [q] = ctx.queries;
    expect(ctx.datasource).toEqual({ id: 3, type: 'table' });
    expect(q?.columns).toEqual([
      {
        sqlExpression: 'date',
        label: 'date',
        columnType: 'BASE_AXIS',
        timeGrain: 'P1M',
        expressionType: 'SQL',
      },
      'symbol',
    ]);
    expect(q?.metrics).toEqual(['avg__price']);
    expect(q?.series_columns).toEqual(['symbol']);
    expect(q?.orderby).toEqual([['avg__price', false]]);
    expect(q?.time_offsets).toEqual([]);
    expect(q?.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['date'],
          columns: ['symbol'],
          aggregates: { avg__price: { operator: 'mean' } },
          drop_missing_columns: true,
        },
      },
      // One metric: series are named by the symbol alone.
      { operation: 'rename', options: { columns: { avg__price: null }, level: 0, inplace: true } },
      { operation: 'flatten', options: {} },
    ]);
  });

  it('keeps the metric in series names when truncate_metric is off or there are two metrics', () => {
    const two = buildQuery({ ...base, metrics: ['avg__price', 'count'] }).queries[0];
    expect(two?.post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'flatten']);
    const kept = buildQuery({ ...base, truncate_metric: false }).queries[0];
    expect(kept?.post_processing?.map((r) => r?.operation)).toEqual(['pivot', 'flatten']);
  });

  it('applies the series limit with its metric and the sort direction', () => {
    const q = buildQuery({
      ...base,
      series_limit: 5,
      series_limit_metric: 'count',
      order_desc: false,
    }).queries[0];
    expect(q?.series_limit).toBe(5);
    expect(q?.series_limit_metric).toBe('count');
    expect(q?.orderby).toEqual([['count', true]]);
  });

  it('adds rolling, cumulative sum, resample and contribution after the pivot', () => {
    const rolling = buildQuery({
      ...base,
      rolling_type: 'mean',
      rolling_periods: '7',
      min_periods: 3,
      resample_rule: '1D',
      resample_method: 'ffill',
      contributionMode: 'row',
    }).queries[0];
    expect(rolling?.post_processing).toContainEqual({
      operation: 'rolling',
      options: { rolling_type: 'mean', window: 7, min_periods: 3 },
    });
    expect(rolling?.post_processing).toContainEqual({
      operation: 'resample',
      options: { rule: '1D', method: 'ffill' },
    });
    expect(rolling?.post_processing).toContainEqual({
      operation: 'contribution',
      options: { orientation: 'row' },
    });
    const ops = rolling?.post_processing?.map((r) => r?.operation);
    expect(ops?.indexOf('pivot')).toBeLessThan(ops?.indexOf('rolling') ?? -1);
    const cum = buildQuery({ ...base, rolling_type: 'cumsum' }).queries[0];
    expect(cum?.post_processing).toContainEqual({ operation: 'cum', options: { operator: 'sum' } });
  });

  it('sends time_offsets and compares row-wise before the pivot', () => {
    const values = buildQuery({
      ...base,
      time_compare: ['1 year ago'],
      comparison_type: 'values',
    }).queries[0];
    expect(values?.time_offsets).toEqual(['1 year ago']);
    expect(values?.post_processing?.[0]).toMatchObject({
      operation: 'pivot',
      options: {
        aggregates: {
          avg__price: { operator: 'mean' },
          'avg__price__1 year ago': { operator: 'mean' },
        },
      },
    });
    const pct = buildQuery({
      ...base,
      time_compare: ['1 year ago'],
      comparison_type: 'percentage',
    }).queries[0];
    expect(pct?.post_processing?.[0]).toEqual({
      operation: 'compare',
      options: {
        source_columns: ['avg__price'],
        compare_columns: ['avg__price__1 year ago'],
        compare_type: 'percentage',
        drop_original_columns: true,
      },
    });
    expect(pct?.post_processing?.[1]).toMatchObject({
      operation: 'pivot',
      options: {
        aggregates: { 'percentage__avg__price__avg__price__1 year ago': { operator: 'mean' } },
      },
    });
  });

  it('builds from its saved example and from form data without dimensions', () => {
    const example = buildQuery({ datasource: '1__table', ...timeseriesLineExample.formData });
    expect(example.queries).toHaveLength(1);
    const plain = buildQuery({ ...base, groupby: [] }).queries[0];
    expect(plain?.series_limit).toBe(0);
    expect(plain?.columns).toHaveLength(1);
  });

  it('uses the legacy time column when no x-axis is set', () => {
    const q = buildQuery({ ...base, x_axis: undefined, granularity_sqla: 'ds' }).queries[0];
    expect(q?.columns?.[0]).toMatchObject({ sqlExpression: 'ds', columnType: 'BASE_AXIS' });
  });
});
