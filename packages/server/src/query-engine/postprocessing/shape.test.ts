import { desc } from 'arquero';
import { describe, expect, it } from 'vitest';
import { type Cell, columnView, frameOf, rowsOf } from './frame.ts';
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

describe('sort edge cases', () => {
  const tagged = (values: Cell[]) =>
    frameOf(
      new Map<string, Cell[]>([
        ['v', values],
        ['row', values.map((_, i) => i)],
      ]),
    );
  const rowsAfter = (options: Record<string, unknown>, frame: ReturnType<typeof tagged>) =>
    run('sort', options, frame).map((r) => r.row);

  it('puts null first, then NaN, ascending; the exact reverse descending; ties in row order', () => {
    const frame = tagged([3, null, 1, Number.NaN, 1]);
    expect(rowsAfter({ by: 'v' }, frame)).toEqual([1, 3, 2, 4, 0]);
    expect(rowsAfter({ by: 'v', ascending: false }, frame)).toEqual([0, 2, 4, 3, 1]);
  });

  it.each([
    ['numbers', [2, null, -0, 0, 1.5, Number.NaN, 2]],
    ['text', ['b', null, 'a', 'B', 'b', '']],
    ['booleans', [true, null, false, true]],
    ['numbers and text', ['b', 2, null, 'a', 10, '10']],
  ])('orders %s as arquero orderby does', (_, values) => {
    const frame = tagged(values as Cell[]);
    for (const ascending of [true, false]) {
      const expected = frame.table
        .orderby(ascending ? 'v' : desc('v'))
        .objects()
        .map((r) => (r as { row: number }).row);
      expect(rowsAfter({ by: 'v', ascending }, frame)).toEqual(expected);
    }
  });

  it('sorts by several columns, and the next operation reads the sorted rows', () => {
    expect(
      run('sort', { by: ['product', 'cost'], ascending: [false, true] }).map((r) => r.sales),
    ).toEqual([4, 3, 1, 2]);
    const frame = applyPostProcessing(base(), [
      { operation: 'sort', options: { by: 'sales', ascending: false } },
      { operation: 'cum', options: { operator: 'sum', columns: { sales: 'running' } } },
    ]);
    expect(rowsOf(frame).map((r) => r.running)).toEqual([4, 7, 9, 10]);
  });

  it('keeps nulls null in the sorted columns the next operations read', () => {
    const frame = applyPostProcessing(tagged([3, null, 1]), [
      { operation: 'sort', options: { by: 'row', ascending: false } },
      { operation: 'cum', options: { operator: 'sum', columns: { v: 'running' } } },
      { operation: 'rolling', options: { rolling_type: 'sum', window: 2, columns: { v: 'r' } } },
    ]);
    expect(rowsOf(frame)).toEqual([
      { v: 1, row: 2, running: 1, r: null },
      { v: null, row: 1, running: null, r: null },
      { v: 3, row: 0, running: 4, r: null },
    ]);
  });

  it('sorts an empty frame', () => {
    expect(run('sort', { by: 'v' }, tagged([]))).toEqual([]);
  });
});

describe('columns kept as they are', () => {
  it('select, rename and flatten pass columns on without copying them', () => {
    const input = base();
    const selected = applyPostProcessing(input, [
      { operation: 'select', options: { columns: ['sales', 'cost'] } },
      { operation: 'rename', options: { columns: { sales: 'revenue' } } },
      { operation: 'flatten', options: {} },
    ]);
    expect(columnView(selected, 'revenue')).toBe(columnView(input, 'sales'));
    expect(columnView(selected, 'cost')).toBe(columnView(input, 'cost'));
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
    // Superset's order: the outliers above the whiskers, then those below.
    expect(row?.v__outliers).toEqual([100, 1]);
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

  it('takes quartiles at the midpoint, as numpy with method="midpoint", and orders columns by statistic', () => {
    const frame = frameOf(
      new Map<string, Cell[]>([
        ['v', [1, 2, 3, 4, 5, 6, 7, 8]],
        ['w', [8, 7, 6, 5, 4, 3, 2, 1]],
      ]),
    );
    const [row] = run(
      'boxplot',
      { groupby: [], metrics: ['v', 'w'], whisker_type: 'min/max' },
      frame,
    );
    expect([row?.v__q1, row?.v__q3]).toEqual([2.5, 6.5]);
    expect(Object.keys(row ?? {}).slice(0, 4)).toEqual([
      'v__mean',
      'w__mean',
      'v__median',
      'w__median',
    ]);
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

  it('puts its edges where numpy does (lo + i * step) and bins against them', () => {
    const frame = frameOf(new Map<string, Cell[]>([['v', [100, 214.6, 291]]]));
    const [row] = run('histogram', { column: 'v', groupby: [], bins: 5 }, frame);
    expect(Object.keys(row ?? {})).toEqual([
      '100.0 - 138.2',
      '138.2 - 176.4',
      '176.4 - 214.60000000000002',
      '214.60000000000002 - 252.8',
      '252.8 - 291.0',
    ]);
    // 214.6 lies below the edge 214.60000000000002: numpy counts it in the third bin.
    expect(Object.values(row ?? {})).toEqual([1, 0, 1, 0, 1]);
  });

  it('accumulates, normalizes and groups', () => {
    const [row] = run('histogram', { column: 'v', bins: 5, cumulative: true }, data());
    expect(labels.map((l) => row?.[l])).toEqual([2, 4, 5, 5, 6]);
    const [norm] = run('histogram', { column: 'v', bins: 5, normalize: true }, data());
    expect(labels.map((l) => norm?.[l])).toEqual([2 / 6, 2 / 6, 1 / 6, 0, 1 / 6]);
    // Normalised over every cell of the answer: all groups together, as Superset divides.
    const byGroup = run(
      'histogram',
      { column: 'v', groupby: ['g'], bins: 5, normalize: true },
      data(),
    );
    expect(byGroup.map((r) => labels.map((l) => r[l]))).toEqual([
      [2 / 6, 1 / 6, 0, 0, 0],
      [0, 1 / 6, 1 / 6, 0, 1 / 6],
    ]);
    const grouped = run('histogram', { column: 'v', groupby: ['g'], bins: 5 }, data());
    expect(grouped.map((r) => [r.g, ...labels.map((l) => r[l])])).toEqual([
      ['x', 2, 1, 0, 0, 0],
      ['y', 0, 1, 1, 0, 1],
    ]);
  });
});
