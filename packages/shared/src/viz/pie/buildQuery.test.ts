import { describe, expect, it } from 'vitest';
import { pieExample } from './example.ts';
import { pieChart } from './index.ts';

const sum = {
  expressionType: 'SIMPLE' as const,
  column: { column_name: 'worldwide_gross' },
  aggregate: 'SUM' as const,
  label: 'Worldwide gross',
};

describe('pie buildQuery', () => {
  it('asks for the groupby and the metric, largest slice first', () => {
    const context = pieChart.buildQuery({
      datasource: '3__table',
      viz_type: 'pie',
      groupby: ['major_genre'],
      metric: sum,
      row_limit: 10,
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'mpaa_rating',
          operator: '==',
          comparator: 'R',
        },
      ],
    });
    expect(context.datasource).toEqual({ id: 3, type: 'table' });
    const [query] = context.queries;
    expect(query?.columns).toEqual(['major_genre']);
    expect(query?.metrics).toEqual([sum]);
    expect(query?.orderby).toEqual([[sum, false]]);
    expect(query?.row_limit).toBe(10);
    expect(query?.filters).toEqual([{ col: 'mpaa_rating', op: '==', val: 'R' }]);
  });

  it('keeps the database order when sorting by metric is off', () => {
    const [query] = pieChart.buildQuery({
      datasource: '3__table',
      viz_type: 'pie',
      groupby: ['major_genre'],
      metric: 'count',
      sort_by_metric: false,
    }).queries;
    expect(query?.orderby).toEqual([]);
    expect(query?.metrics).toEqual(['count']);
  });

  it('takes a single groupby value and no metric without failing', () => {
    const [query] = pieChart.buildQuery({
      datasource: '3__table',
      viz_type: 'pie',
      groupby: 'major_genre' as unknown as string[],
    }).queries;
    expect(query?.columns).toEqual(['major_genre']);
    expect(query?.metrics).toEqual([]);
    expect(query?.orderby).toEqual([]);
  });

  it('applies cross-filters a dashboard adds', () => {
    const [query] = pieChart.buildQuery({
      ...pieExample.formData,
      datasource: '3__table',
      viz_type: 'pie',
      extra_form_data: {
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'source',
            operator: 'IN',
            comparator: ['Remake'],
          },
        ],
      },
    }).queries;
    expect(query?.filters).toContainEqual({
      col: 'source',
      op: 'IN',
      val: ['Remake'],
      isExtra: true,
    });
  });

  it('is named and described as Superset names it', () => {
    expect(pieChart.metadata).toMatchObject({
      key: 'pie',
      name: 'Pie Chart',
      category: 'Part of a Whole',
    });
    expect(pieChart.metadata.behaviors).toContain('INTERACTIVE_CHART');
  });
});
