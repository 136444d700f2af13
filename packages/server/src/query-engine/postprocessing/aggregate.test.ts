import { describe, expect, it } from 'vitest';
import { type Cell, frameOf, rowsOf } from './frame.ts';
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

  it('spreads only the combinations in the data, drop_missing_columns false or not', () => {
    // Superset drops the combinations pandas' cartesian product adds (FR, b never occurs).
    const options = { index: ['ds'], columns: ['country', 'product'], aggregates: sum };
    const combinations = ['ds', 'sales, DE, a', 'sales, DE, b', 'sales, FR, a'];
    expect(Object.keys(run('pivot', options)[0] as object)).toEqual(combinations);
    expect(
      Object.keys(run('pivot', { ...options, drop_missing_columns: false })[0] as object),
    ).toEqual(combinations);
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

describe('aggregate operators and edge cases', () => {
  // Group a holds 1, null, 4; group b 6, 2; the row without a key is left out.
  const frame = () =>
    frameOf(
      new Map<string, Cell[]>([
        ['g', ['a', 'a', 'a', 'b', 'b', null]],
        ['v', [1, null, 4, 6, 2, 100]],
      ]),
    );
  const STD_A = Math.sqrt(4.5);
  const STD_B = Math.sqrt(8);

  it.each([
    ['sum', 5, 8],
    ['nansum', 5, 8],
    ['mean', 2.5, 4],
    ['average', 2.5, 4],
    ['nanmean', 2.5, 4],
    ['median', 2.5, 4],
    ['nanmedian', 2.5, 4],
    ['percentile', 1.75, 3],
    ['nanpercentile', 1.75, 3],
    ['min', 1, 2],
    ['nanmin', 1, 2],
    ['max', 4, 6],
    ['nanmax', 4, 6],
    ['count', 2, 2],
    ['count_nonzero', 2, 2],
    ['prod', 4, 12],
    ['product', 4, 12],
    ['std', STD_A, STD_B],
    ['nanstd', STD_A, STD_B],
    ['var', 4.5, 8],
    ['nanvar', 4.5, 8],
  ])('%s of each group', (operator, a, b) => {
    const rows = run(
      'aggregate',
      { groupby: ['g'], aggregates: { r: { column: 'v', operator, options: { q: 25 } } } },
      frame(),
    );
    expect(rows).toEqual([
      { g: 'a', r: a },
      { g: 'b', r: b },
    ]);
  });

  it('skips NaN and text among the values as it skips nulls', () => {
    const mixed = frameOf(new Map<string, Cell[]>([['v', [1, Number.NaN, 'x', 3, null]]]));
    expect(
      run(
        'aggregate',
        {
          aggregates: {
            s: { column: 'v', operator: 'sum' },
            m: { column: 'v', operator: 'mean' },
            hi: { column: 'v', operator: 'max' },
          },
        },
        mixed,
      ),
    ).toEqual([{ s: 4, m: 2, hi: 3 }]);
  });

  it('makes one group of the whole frame without groupby, and none of an empty frame', () => {
    const total = { total: { column: 'sales', operator: 'sum' } };
    expect(run('aggregate', { aggregates: total })).toEqual([{ total: 10 }]);
    const empty = frameOf(
      new Map<string, Cell[]>([
        ['g', []],
        ['sales', []],
      ]),
    );
    const out = applyPostProcessing(empty, [
      { operation: 'aggregate', options: { groupby: ['g'], aggregates: total } },
    ]);
    expect(out.table.columnNames()).toEqual(['g', 'total']);
    expect(rowsOf(out)).toEqual([]);
  });

  it('leaves out rows whose key is null or NaN', () => {
    const keys = frameOf(
      new Map<string, Cell[]>([
        ['k', ['x', null, Number.NaN, 'x']],
        ['v', [1, 2, 4, 8]],
      ]),
    );
    expect(
      run('aggregate', { groupby: ['k'], aggregates: { v: { operator: 'sum' } } }, keys),
    ).toEqual([{ k: 'x', v: 9 }]);
  });
});

describe('pivot edge cases', () => {
  const sum = { sales: { operator: 'sum' } };
  // One row without a country: its column is "<NULL>" (or column_fill_value).
  const withNullColumn = () =>
    frameOf(
      new Map<string, Cell[]>([
        ['ds', [D(1), D(1), D(2)]],
        ['country', ['FR', null, 'DE']],
        ['sales', [1, 2, 3]],
      ]),
    );

  it('names a null column value <NULL>, or column_fill_value', () => {
    expect(
      run('pivot', { index: ['ds'], columns: ['country'], aggregates: sum }, withNullColumn()),
    ).toEqual([
      { ds: D(1), 'sales, <NULL>': 2, 'sales, DE': null, 'sales, FR': 1 },
      { ds: D(2), 'sales, <NULL>': null, 'sales, DE': 3, 'sales, FR': null },
    ]);
    const rows = run(
      'pivot',
      {
        index: ['ds'],
        columns: ['country'],
        aggregates: sum,
        column_fill_value: 'none',
        metric_fill_value: 0,
      },
      withNullColumn(),
    );
    expect(rows).toEqual([
      { ds: D(1), 'sales, DE': 0, 'sales, FR': 1, 'sales, none': 2 },
      { ds: D(2), 'sales, DE': 3, 'sales, FR': 0, 'sales, none': 0 },
    ]);
  });

  it('sums a cell of nulls to 0 but fills a cell without rows, and a mean of nulls', () => {
    const frame = frameOf(
      new Map<string, Cell[]>([
        ['ds', [D(1), D(1), D(2)]],
        ['country', ['FR', 'DE', 'FR']],
        ['v', [null, 5, null]],
      ]),
    );
    const rows = run(
      'pivot',
      {
        index: ['ds'],
        columns: ['country'],
        aggregates: { s: { column: 'v', operator: 'sum' }, m: { column: 'v', operator: 'mean' } },
        metric_fill_value: -1,
      },
      frame,
    );
    expect(rows).toEqual([
      { ds: D(1), 's, DE': 5, 's, FR': 0, 'm, DE': 5, 'm, FR': -1 },
      { ds: D(2), 's, DE': -1, 's, FR': 0, 'm, DE': -1, 'm, FR': -1 },
    ]);
  });

  it('combines value and metric with several aggregates and margins', () => {
    const rows = run('pivot', {
      index: ['country'],
      columns: ['product'],
      aggregates: { sales: { operator: 'sum' }, cost: { operator: 'mean' } },
      combine_value_with_metric: true,
      marginal_distributions: true,
    });
    expect(rows).toEqual([
      {
        country: 'DE',
        'a, sales': 2,
        'b, sales': 4,
        'All, sales': 6,
        'a, cost': 2,
        'b, cost': 4,
        'All, cost': 3,
      },
      {
        country: 'FR',
        'a, sales': 4,
        'b, sales': null,
        'All, sales': 4,
        'a, cost': 1.5,
        'b, cost': null,
        'All, cost': 1.5,
      },
      {
        country: 'All',
        'a, sales': 6,
        'b, sales': 4,
        'All, sales': 10,
        'a, cost': 5 / 3,
        'b, cost': 4,
        'All, cost': 2.25,
      },
    ]);
  });

  it('fills the cells of combinations other rows have with drop_missing_columns false', () => {
    const rows = run('pivot', {
      index: ['country'],
      columns: ['product', 'ds'],
      aggregates: sum,
      drop_missing_columns: false,
      metric_fill_value: 0,
    });
    // The 4 (product, day) pairs of the data, not the 2 x 4 of every product and day.
    expect(Object.keys(rows[0] as object)).toEqual([
      'country',
      `sales, a, ${D(1)}`,
      `sales, a, ${D(2)}`,
      `sales, a, ${D(3)}`,
      `sales, b, ${D(4)}`,
    ]);
    expect(rows[0]).toMatchObject({
      country: 'DE',
      [`sales, a, ${D(1)}`]: 0,
      [`sales, a, ${D(2)}`]: 2,
      [`sales, b, ${D(4)}`]: 4,
    });
  });

  it('leaves out rows without an index value, and pivots an empty frame to no rows', () => {
    const frame = frameOf(
      new Map<string, Cell[]>([
        ['ds', [D(1), null]],
        ['country', ['FR', 'FR']],
        ['sales', [1, 2]],
      ]),
    );
    expect(run('pivot', { index: ['ds'], columns: ['country'], aggregates: sum }, frame)).toEqual([
      { ds: D(1), 'sales, FR': 1 },
    ]);
    const empty = frameOf(
      new Map<string, Cell[]>([
        ['ds', []],
        ['country', []],
        ['sales', []],
      ]),
    );
    const out = applyPostProcessing(empty, [
      { operation: 'pivot', options: { index: ['ds'], columns: ['country'], aggregates: sum } },
    ]);
    expect(out.table.columnNames()).toEqual(['ds']);
    expect(out.table.numRows()).toBe(0);
  });

  it('makes one row of a single index value', () => {
    expect(
      run('pivot', { index: ['product'], columns: ['country'], aggregates: sum }, base()),
    ).toEqual([
      { product: 'a', 'sales, DE': 2, 'sales, FR': 4 },
      { product: 'b', 'sales, DE': 4, 'sales, FR': null },
    ]);
    const one = run('pivot', { index: ['product'], aggregates: sum }, base());
    expect(one).toEqual([
      { product: 'a', sales: 6 },
      { product: 'b', sales: 4 },
    ]);
  });
});

describe('unknown operations', () => {
  it('answers 400 before running anything', () => {
    expect(refusal(() => run('prophet_magic', {}))).toBe('Invalid post processing operation');
  });
});
