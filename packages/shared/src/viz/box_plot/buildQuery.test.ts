import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { boxplotOperation, buildBoxPlotQuery } from './buildQuery.ts';

const high = {
  expressionType: 'SIMPLE' as const,
  column: { column_name: 'temp_max' },
  aggregate: 'MAX' as const,
  label: 'High',
};

const formData: QueryFormData = {
  datasource: '3__table',
  viz_type: 'box_plot',
  columns: ['date'],
  groupby: ['weather'],
  metrics: [high],
  whiskerOptions: 'Tukey',
  row_limit: 10000,
};

describe('box_plot buildQuery', () => {
  it('distributes across the columns and summarises per dimension with Tukey whiskers', () => {
    const [query] = buildBoxPlotQuery(formData).queries;
    expect(query?.columns).toEqual(['date', 'weather']);
    expect(query?.series_columns).toEqual(['weather']);
    expect(query?.metrics).toEqual([high]);
    expect(query?.row_limit).toBe(10000);
    expect(query?.post_processing).toEqual([
      {
        operation: 'boxplot',
        options: { whisker_type: 'tukey', groupby: ['weather'], metrics: ['High'] },
      },
    ]);
  });

  it('maps every whisker option onto the server operation', () => {
    expect(boxplotOperation('Min/max (no outliers)', [], ['m']).options).toMatchObject({
      whisker_type: 'min/max',
    });
    expect(boxplotOperation('2/98 percentiles', [], ['m']).options).toMatchObject({
      whisker_type: 'percentile',
      percentiles: [2, 98],
    });
    expect(boxplotOperation('9/91 percentiles', [], ['m']).options).toMatchObject({
      whisker_type: 'percentile',
      percentiles: [9, 91],
    });
    expect(boxplotOperation(undefined, [], ['m']).options).toMatchObject({ whisker_type: 'tukey' });
    expect(() => boxplotOperation('Quartic', [], ['m'])).toThrow(
      'Unsupported whisker type: Quartic',
    );
  });

  it('falls back to the time column when there is nothing to distribute across', () => {
    const [query] = buildBoxPlotQuery({
      ...formData,
      columns: [],
      granularity_sqla: 'date',
    }).queries;
    expect(query?.columns).toEqual([
      { sqlExpression: 'date', label: 'date', columnType: 'BASE_AXIS', expressionType: 'SQL' },
      'weather',
    ]);
  });

  it('asks for no post-processing before a metric is chosen', () => {
    const [query] = buildBoxPlotQuery({ ...formData, metrics: [] }).queries;
    expect(query?.post_processing).toEqual([]);
  });
});
