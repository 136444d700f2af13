import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.ts';
import { buildHeatmapQuery } from './buildQuery.ts';

const people = {
  expressionType: 'SIMPLE' as const,
  column: { column_name: 'people' },
  aggregate: 'SUM' as const,
  label: 'People',
};

const formData: QueryFormData = {
  datasource: '7__table',
  viz_type: 'heatmap_v2',
  x_axis: 'year',
  groupby: ['age'],
  metric: people,
  row_limit: 500,
  sort_x_axis: 'alpha_asc',
  sort_y_axis: 'value_desc',
  normalize_across: 'heatmap',
};

describe('heatmap_v2 buildQuery', () => {
  it('queries the x-axis (grained only if temporal) and the y column against the metric', () => {
    const context = buildHeatmapQuery(formData);
    expect(context.datasource).toEqual({ id: 7, type: 'table' });
    const [query] = context.queries;
    expect(query?.columns).toEqual([
      { sqlExpression: 'year', label: 'year', columnType: 'BASE_AXIS', expressionType: 'SQL' },
      'age',
    ]);
    expect(query?.metrics).toEqual([people]);
    expect(query?.row_limit).toBe(500);
    expect(query?.orderby).toEqual([
      ['year', true],
      [people, false],
    ]);
    expect(query?.post_processing).toEqual([{ operation: 'rank', options: { metric: 'People' } }]);
  });

  it('ranks within x or y when normalising across them', () => {
    const acrossX = buildHeatmapQuery({ ...formData, normalize_across: 'x' }).queries[0];
    expect(acrossX?.post_processing?.[0]?.options).toEqual({ metric: 'People', group_by: 'year' });
    const acrossY = buildHeatmapQuery({ ...formData, normalize_across: 'y' }).queries[0];
    expect(acrossY?.post_processing?.[0]?.options).toEqual({ metric: 'People', group_by: 'age' });
  });

  it('keeps an adhoc x-axis and leaves sorting out when none is chosen', () => {
    const query = buildHeatmapQuery({
      ...formData,
      x_axis: { sqlExpression: 'month("date")', label: 'Month', expressionType: 'SQL' },
      sort_x_axis: null,
      sort_y_axis: undefined,
    }).queries[0];
    expect(query?.columns?.[0]).toEqual({
      sqlExpression: 'month("date")',
      label: 'Month',
      expressionType: 'SQL',
      columnType: 'BASE_AXIS',
    });
    expect(query?.orderby).toEqual([]);
  });

  it('builds a query without post-processing when no metric is chosen yet', () => {
    const query = buildHeatmapQuery({ ...formData, metric: undefined }).queries[0];
    expect(query?.metrics).toEqual([]);
    expect(query?.post_processing).toBeUndefined();
  });
});
