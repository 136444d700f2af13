import { describe, expect, it } from 'vitest';
import { type Cell, frameOf, rowsOf } from './frame.ts';
import { applyPostProcessing } from './index.ts';
import { base, refusal } from './testSupport.ts';

const run = (operation: string, options: Record<string, unknown>, frame = base()) =>
  rowsOf(applyPostProcessing(frame, [{ operation, options }]));

describe('sort, rename, select', () => {
  it('sorts by one or several columns', () => {
    expect(run('sort', { by: 'sales', ascending: false }).map((r) => r.sales)).toEqual([
      4, 3, 2, 1,
    ]);
    expect(
      run('sort', { by: ['country', 'sales'], ascending: [true, false] }).map((r) => r.sales),
    ).toEqual([4, 2, 3, 1]);
    expect(run('sort', { columns: { cost: true, sales: false } }).map((r) => r.sales)).toEqual([
      3, 2, 1, 4,
    ]);
  });

  it('refuses to sort by a missing column', () => {
    expect(refusal(() => run('sort', { by: 'nope' }))).toBe(
      'Referenced columns not available in DataFrame: nope',
    );
  });

  it('renames columns', () => {
    expect(Object.keys(run('rename', { columns: { sales: 'revenue' } })[0] as object)).toEqual([
      'ds',
      'country',
      'product',
      'revenue',
      'cost',
    ]);
  });

  it('selects, excludes and renames', () => {
    expect(
      run('select', {
        columns: ['sales', 'country'],
        exclude: ['country'],
        rename: { sales: 's' },
      }),
    ).toEqual([{ s: 1 }, { s: 2 }, { s: 3 }, { s: 4 }]);
    expect(refusal(() => run('select', { columns: ['nope'] }))).toBe(
      'Referenced columns not available in DataFrame: nope',
    );
  });
});

describe('rank', () => {
  it('ranks as percentiles, within groups when asked', () => {
    expect(run('rank', { metric: 'sales' }).map((r) => r.rank)).toEqual([0.25, 0.5, 0.75, 1]);
    expect(run('rank', { metric: 'sales', group_by: 'country' }).map((r) => r.rank)).toEqual([
      0.5, 0.5, 1, 1,
    ]);
    const ties = frameOf(new Map<string, Cell[]>([['m', [5, 5, 1]]]));
    expect(run('rank', { metric: 'm' }, ties).map((r) => r.rank)).toEqual([
      2.5 / 3,
      2.5 / 3,
      1 / 3,
    ]);
  });
});

describe('boxplot', () => {
  const data = () =>
    frameOf(
      new Map<string, Cell[]>([
        ['g', ['A', 'A', 'A', 'A', 'A']],
        ['v', [1, 2, 3, 4, 100]],
      ]),
    );

  it('uses Tukey whiskers by default', () => {
    expect(
      run('boxplot', { groupby: ['g'], metrics: ['v'], whisker_type: 'tukey' }, data()),
    ).toEqual([
      {
        g: 'A',
        v__mean: 22,
        v__median: 3,
        v__max: 4,
        v__min: 1,
        v__q1: 2,
        v__q3: 4,
        v__count: 5,
        v__outliers: [100],
      },
    ]);
  });

  it('uses the extremes with min/max', () => {
    const [row] = run(
      'boxplot',
      { groupby: ['g'], metrics: ['v'], whisker_type: 'min/max' },
      data(),
    );
    expect([row?.v__min, row?.v__max, row?.v__outliers]).toEqual([1, 100, []]);
  });

  it('uses percentiles as whiskers', () => {
    const [row] = run(
      'boxplot',
      { groupby: ['g'], metrics: ['v'], whisker_type: 'percentile', percentiles: [10, 90] },
      data(),
    );
    expect(row?.v__min).toBeCloseTo(1.4);
    expect(row?.v__max).toBeCloseTo(61.6);
    expect(row?.v__outliers).toEqual([1, 100]);
    expect(
      refusal(() =>
        run(
          'boxplot',
          { metrics: ['v'], whisker_type: 'percentile', percentiles: [90, 10] },
          data(),
        ),
      ),
    ).toBe(
      'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
    );
  });
});

describe('histogram', () => {
  const data = () =>
    frameOf(
      new Map<string, Cell[]>([
        ['g', ['x', 'x', 'x', 'y', 'y', 'y']],
        ['v', [0, 1, 2, 3, 4, 10]],
      ]),
    );
  const labels = ['0.0 - 2.0', '2.0 - 4.0', '4.0 - 6.0', '6.0 - 8.0', '8.0 - 10.0'];

  it('counts equal-width bins, the last one closed', () => {
    const [row] = run('histogram', { column: 'v', groupby: [], bins: 5 }, data());
    expect(labels.map((l) => row?.[l])).toEqual([2, 2, 1, 0, 1]);
  });

  it('accumulates, normalizes and groups', () => {
    const [row] = run('histogram', { column: 'v', bins: 5, cumulative: true }, data());
    expect(labels.map((l) => row?.[l])).toEqual([2, 4, 5, 5, 6]);
    const [norm] = run('histogram', { column: 'v', bins: 5, normalize: true }, data());
    expect(labels.map((l) => norm?.[l])).toEqual([2 / 6, 2 / 6, 1 / 6, 0, 1 / 6]);
    const grouped = run('histogram', { column: 'v', groupby: ['g'], bins: 5 }, data());
    expect(grouped.map((r) => [r.g, ...labels.map((l) => r[l])])).toEqual([
      ['x', 2, 1, 0, 0, 0],
      ['y', 0, 1, 1, 0, 1],
    ]);
  });
});
