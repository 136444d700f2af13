import { describe, expect, it } from 'vitest';
import { aggregate, fractionOf } from './aggregators.ts';
import { buildQuery } from './buildQuery.ts';
import { pivotTableExample } from './example.ts';

describe('pivot table query', () => {
  it('groups by the row and column dimensions together, each once', () => {
    const [q] = buildQuery({
      datasource: '1__table',
      viz_type: 'pivot_table_v2',
      groupbyRows: ['site', 'variety'],
      groupbyColumns: ['year', 'site'],
      metrics: ['sum__yield'],
    }).queries;
    expect(q?.columns).toEqual(['site', 'variety', 'year']);
    expect(q?.metrics).toEqual(['sum__yield']);
    expect(q?.orderby).toEqual([['sum__yield', false]]);
  });

  it('applies the time grain to temporal dimensions', () => {
    const [q] = buildQuery({
      datasource: '1__table',
      viz_type: 'pivot_table_v2',
      groupbyRows: ['date'],
      metrics: ['count'],
      time_grain_sqla: 'P1M',
      temporal_columns_lookup: { date: true },
    }).queries;
    expect(q?.columns).toEqual([
      {
        sqlExpression: 'date',
        label: 'date',
        columnType: 'BASE_AXIS',
        timeGrain: 'P1M',
        expressionType: 'SQL',
      },
    ]);
  });

  it('builds from its saved example', () => {
    const [q] = buildQuery({ datasource: '1__table', ...pivotTableExample.formData }).queries;
    expect(q?.columns).toEqual(['site', 'variety', 'year']);
  });
});

describe('pivot aggregators', () => {
  const values = [3, 1, null, 2, 2];
  it.each([
    ['Count', 4],
    ['Count Unique Values', 3],
    ['List Unique Values', '3, 1, 2'],
    ['Sum', 8],
    ['Average', 2],
    ['Median', 2],
    ['Minimum', 1],
    ['Maximum', 3],
    ['First', 3],
    ['Last', 2],
  ] as const)('%s', (name, expected) => {
    expect(aggregate(name, values)).toBe(expected);
  });

  it('sample variance and deviation', () => {
    expect(aggregate('Sample Variance', [1, 2, 3, 4])).toBeCloseTo(1.6667, 4);
    expect(aggregate('Sample Standard Deviation', [1, 2, 3, 4])).toBeCloseTo(1.291, 3);
  });

  it('fractions name their denominator', () => {
    expect(fractionOf('Sum as Fraction of Rows')).toBe('row');
    expect(fractionOf('Count as Fraction of Columns')).toBe('column');
    expect(fractionOf('Sum as Fraction of Total')).toBe('total');
    expect(fractionOf('Sum')).toBeNull();
  });
});
