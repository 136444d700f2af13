import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildWaterfallQuery } from './buildQuery.ts';

const profit = {
  expressionType: 'SQL' as const,
  sqlExpression: 'SUM(worldwide_gross - production_budget)',
  label: 'Profit',
};

const formData: QueryFormData = {
  datasource: '9__table',
  viz_type: 'waterfall',
  x_axis: 'major_genre',
  metric: profit,
  groupby: [],
  time_grain_sqla: 'P1M',
};

describe('waterfall buildQuery', () => {
  it('orders the x-axis ascending; the server grains it only when temporal', () => {
    const [query] = buildWaterfallQuery(formData).queries;
    const axis = {
      sqlExpression: 'major_genre',
      label: 'major_genre',
      columnType: 'BASE_AXIS',
      expressionType: 'SQL',
    };
    expect(query?.columns).toEqual([axis]);
    expect(query?.metrics).toEqual([profit]);
    expect(query?.orderby).toEqual([['major_genre', true]]);
    expect(query?.extras?.time_grain_sqla).toBe('P1M');
  });

  it('adds one breakdown column after the x-axis', () => {
    const [query] = buildWaterfallQuery({ ...formData, groupby: ['source', 'other'] }).queries;
    expect(query?.columns).toHaveLength(2);
    expect(query?.columns?.[1]).toBe('source');
    expect(query?.orderby).toEqual([
      ['major_genre', true],
      ['source', true],
    ]);
  });
});
