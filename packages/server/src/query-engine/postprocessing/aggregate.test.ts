import { describe, expect, it } from 'vitest';
import { rowsOf } from './frame.ts';
import { applyPostProcessing } from './index.ts';
import { base, D, refusal } from './testSupport.ts';

const run = (operation: string, options: Record<string, unknown>, frame = base()) =>
  rowsOf(applyPostProcessing(frame, [{ operation, options }]));

describe('aggregate', () => {
  it('reduces each group, groups sorted', () => {
    expect(
      run('aggregate', {
        groupby: ['country'],
        aggregates: {
          total: { column: 'sales', operator: 'sum' },
          avg: { column: 'sales', operator: 'mean' },
          p25: { column: 'sales', operator: 'percentile', options: { q: 25 } },
          n: { column: 'sales', operator: 'count' },
          cost: { operator: 'max' },
        },
      }),
    ).toEqual([
      { country: 'DE', total: 6, avg: 3, p25: 2.5, n: 2, cost: 4 },
      { country: 'FR', total: 4, avg: 2, p25: 1.5, n: 2, cost: 2 },
    ]);
  });

  it('refuses a missing or unknown operator', () => {
    expect(
      refusal(() => run('aggregate', { groupby: [], aggregates: { total: { column: 'sales' } } })),
    ).toBe('Operator undefined for aggregator: total');
    expect(
      refusal(() => run('aggregate', { aggregates: { t: { column: 'sales', operator: 'foo' } } })),
    ).toBe('Invalid numpy function: foo');
  });
});

describe('pivot', () => {
  const sum = { sales: { operator: 'sum' } };

  it('spreads column values into metric, value columns', () => {
    expect(run('pivot', { index: ['ds'], columns: ['country'], aggregates: sum })).toEqual([
      { ds: D(1), 'sales, DE': null, 'sales, FR': 1 },
      { ds: D(2), 'sales, DE': 2, 'sales, FR': null },
      { ds: D(3), 'sales, DE': null, 'sales, FR': 3 },
      { ds: D(4), 'sales, DE': 4, 'sales, FR': null },
    ]);
  });

  it('fills missing metrics with metric_fill_value', () => {
    const rows = run('pivot', {
      index: ['ds'],
      columns: ['country'],
      aggregates: sum,
      metric_fill_value: 0,
    });
    expect(rows.map((r) => [r['sales, DE'], r['sales, FR']])).toEqual([
      [0, 1],
      [2, 0],
      [0, 3],
      [4, 0],
    ]);
  });

  it('adds marginal totals as an All row and an All column', () => {
    expect(
      run('pivot', {
        index: ['country'],
        columns: ['product'],
        aggregates: sum,
        marginal_distributions: true,
      }),
    ).toEqual([
      { country: 'DE', 'sales, a': 2, 'sales, b': 4, 'sales, All': 6 },
      { country: 'FR', 'sales, a': 4, 'sales, b': null, 'sales, All': 4 },
      { country: 'All', 'sales, a': 6, 'sales, b': 4, 'sales, All': 10 },
    ]);
  });

  it('keeps every combination when drop_missing_columns is false', () => {
    const options = { index: ['ds'], columns: ['country', 'product'], aggregates: sum };
    expect(Object.keys(run('pivot', options)[0] as object)).toEqual([
      'ds',
      'sales, DE, a',
      'sales, DE, b',
      'sales, FR, a',
    ]);
    expect(
      Object.keys(run('pivot', { ...options, drop_missing_columns: false })[0] as object),
    ).toEqual(['ds', 'sales, DE, a', 'sales, DE, b', 'sales, FR, a', 'sales, FR, b']);
  });

  it('puts the metric last with combine_value_with_metric and takes several aggregates', () => {
    const rows = run('pivot', {
      index: ['country'],
      columns: ['product'],
      aggregates: { sales: { operator: 'sum' }, cost: { operator: 'max' } },
      combine_value_with_metric: true,
    });
    expect(rows[0]).toEqual({
      country: 'DE',
      'a, sales': 2,
      'b, sales': 4,
      'a, cost': 2,
      'b, cost': 4,
    });
  });

  it('drops the metric level with rename to null, then flattens', () => {
    const frame = applyPostProcessing(base(), [
      {
        operation: 'pivot',
        options: { index: ['ds'], columns: ['country'], aggregates: sum, metric_fill_value: 0 },
      },
      { operation: 'rename', options: { columns: { sales: null }, level: 0, inplace: true } },
      { operation: 'flatten', options: {} },
    ]);
    expect(rowsOf(frame)[0]).toEqual({ ds: D(1), DE: 0, FR: 1 });
  });

  it('needs an index and an aggregate', () => {
    expect(refusal(() => run('pivot', { columns: ['country'], aggregates: sum }))).toBe(
      'Pivot operation requires at least one index',
    );
    expect(refusal(() => run('pivot', { index: ['ds'] }))).toBe(
      'Pivot operation must include at least one aggregate',
    );
  });
});

describe('unknown operations', () => {
  it('answers 400 before running anything', () => {
    expect(refusal(() => run('prophet_magic', {}))).toBe('Invalid post processing operation');
  });
});
