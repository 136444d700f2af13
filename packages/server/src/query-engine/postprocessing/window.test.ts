import { describe, expect, it } from 'vitest';
import { type Cell, column, columnView, frameOf, rowsOf } from './frame.ts';
import { applyPostProcessing } from './index.ts';
import { base, D, refusal } from './testSupport.ts';

const apply = (operation: string, options: Record<string, unknown>, frame = base()) =>
  applyPostProcessing(frame, [{ operation, options }]);
const col = (operation: string, options: Record<string, unknown>, name: string) =>
  column(apply(operation, options), name).map((v) =>
    typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v,
  );

// std of two consecutive integers, rounded as `col` rounds.
const ROOT_HALF = Math.round(Math.SQRT1_2 * 1e6) / 1e6;

describe('rolling', () => {
  it('sums over a window, empty until the window is full', () => {
    expect(
      col('rolling', { rolling_type: 'sum', window: 2, columns: { sales: 'sales' } }, 'sales'),
    ).toEqual([null, 3, 5, 7]);
  });

  it('drops the ramp-up rows when min_periods is given', () => {
    const frame = apply('rolling', {
      rolling_type: 'sum',
      window: 2,
      min_periods: 2,
      columns: { sales: 'rolled' },
    });
    expect(rowsOf(frame).map((r) => [r.sales, r.rolled])).toEqual([
      [2, 3],
      [3, 5],
      [4, 7],
    ]);
  });

  it('averages with min_periods 1 and computes a sample std', () => {
    expect(
      col(
        'rolling',
        { rolling_type: 'mean', window: 3, min_periods: 1, columns: { sales: 'sales' } },
        'sales',
      ),
    ).toEqual([1, 1.5, 2, 3]);
    expect(
      col('rolling', { rolling_type: 'std', window: 2, columns: { sales: 'sales' } }, 'sales'),
    ).toEqual([null, ROOT_HALF, ROOT_HALF, ROOT_HALF]);
  });

  it('treats cumsum as a cumulative sum', () => {
    expect(
      col('rolling', { rolling_type: 'cumsum', columns: { sales: 'sales' } }, 'sales'),
    ).toEqual([1, 3, 6, 10]);
  });

  it('refuses a bad type or a missing window', () => {
    expect(refusal(() => apply('rolling', { rolling_type: 'foo', window: 2 }))).toBe(
      'Invalid rolling_type: foo',
    );
    expect(refusal(() => apply('rolling', { rolling_type: 'sum' }))).toBe(
      'Undefined window for rolling operation',
    );
  });
});

describe('rolling over nulls, empty frames and unchanged columns', () => {
  // Windows of 3: [1], [1 null], [1 null 3], [null 3 4], [3 4 null], [4 null 6].
  const gappy = () => frameOf(new Map<string, Cell[]>([['v', [1, null, 3, 4, null, 6]]]));
  const rolled = (rolling_type: string, extra: Record<string, unknown> = {}, frame = gappy()) =>
    column(
      apply('rolling', { rolling_type, window: 3, columns: { v: 'v' }, ...extra }, frame),
      'v',
    ).map((v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v));
  const SQRT2 = Math.round(Math.SQRT2 * 1e6) / 1e6;

  it.each([
    ['sum', [1, 1, 4, 7, 7, 10]],
    ['mean', [1, 1, 2, 3.5, 3.5, 5]],
    ['count', [1, 1, 2, 2, 2, 2]],
    ['min', [1, 1, 1, 3, 3, 4]],
    ['max', [1, 1, 3, 4, 4, 6]],
    ['median', [1, 1, 2, 3.5, 3.5, 5]],
    ['std', [null, null, SQRT2, ROOT_HALF, ROOT_HALF, SQRT2]],
    ['var', [null, null, 2, 0.5, 0.5, 2]],
  ])('%s skips nulls inside the window (min_periods 1)', (type, expected) => {
    expect(rolled(type, { min_periods: 1 })).toEqual(expected);
  });

  it('is null while the window holds fewer numbers than min_periods (the window by default)', () => {
    expect(rolled('sum')).toEqual([null, null, null, null, null, null]);
    const frame = frameOf(new Map<string, Cell[]>([['v', [1, 2, null, 4, 5, 6]]]));
    expect(rolled('sum', { window: 2 }, frame)).toEqual([null, 3, null, null, 9, 11]);
  });

  it('replaces only the columns it rolls; the others are the same columns, not copies', () => {
    const input = base();
    const out = apply(
      'rolling',
      { rolling_type: 'sum', window: 2, columns: { sales: 's2' } },
      input,
    );
    expect(out.table.columnNames()).toEqual(['ds', 'country', 'product', 'sales', 'cost', 's2']);
    for (const name of ['ds', 'country', 'product', 'sales', 'cost']) {
      expect(columnView(out, name)).toBe(columnView(input, name));
    }
    expect(column(input, 'sales')).toEqual([1, 2, 3, 4]);
  });

  it('sums a window without numbers to 0 with min_periods 0, as pandas does (mean stays null)', () => {
    const gaps = frameOf(new Map<string, Cell[]>([['v', [null, null, 3, null, null, null]]]));
    const roll = (rolling_type: string) =>
      column(
        apply('rolling', { rolling_type, window: 2, min_periods: 0, columns: { v: 'v' } }, gaps),
        'v',
      );
    expect(roll('sum')).toEqual([0, 0, 3, 3, 0, 0]);
    expect(roll('mean')).toEqual([null, null, 3, 3, null, null]);
  });

  it('rolls an empty frame into an empty frame', () => {
    const empty = frameOf(new Map<string, Cell[]>([['v', []]]));
    expect(rowsOf(apply('rolling', { rolling_type: 'mean', window: 7 }, empty))).toEqual([]);
  });
});

describe('cum, diff, compare and contribution over nulls', () => {
  const gappy = () =>
    frameOf(
      new Map<string, Cell[]>([
        ['v', [1, null, 2, Number.NaN, 3]],
        ['w', [2, 0, null, 1, 0]],
      ]),
    );

  it('leaves null (and NaN) cells null and goes on after them', () => {
    const frame = gappy();
    expect(column(apply('cum', { operator: 'sum', columns: { v: 'v' } }, frame), 'v')).toEqual([
      1,
      null,
      3,
      null,
      6,
    ]);
    expect(column(apply('diff', { columns: { v: 'v' } }, frame), 'v')).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(column(apply('diff', { columns: { v: 'v' }, periods: -2 }, frame), 'v')).toEqual([
      -1,
      null,
      -1,
      null,
      null,
    ]);
  });

  it('compares to null where a side is null or the base is 0', () => {
    const options = { source_columns: ['v'], compare_columns: ['w'], compare_type: 'ratio' };
    expect(column(apply('compare', options, gappy()), 'ratio__v__w')).toEqual([
      0.5,
      null,
      null,
      null,
      null,
    ]);
  });

  it('counts nulls as 0 in totals and answers null for a total of 0', () => {
    const frame = gappy();
    expect(
      column(apply('contribution', { orientation: 'column', columns: ['w'] }, frame), 'w'),
    ).toEqual([2 / 3, 0, null, 1 / 3, 0]);
    const zero = frameOf(new Map<string, Cell[]>([['z', [0, null, 0]]]));
    expect(column(apply('contribution', { columns: ['z'] }, zero), 'z')).toEqual([
      null,
      null,
      null,
    ]);
    expect(
      column(apply('contribution', { orientation: 'row', columns: ['v', 'w'] }, frame), 'w'),
    ).toEqual([2 / 3, null, null, 1, 0]);
  });
});

describe('cum and diff', () => {
  it.each([
    ['sum', 'sales', [1, 3, 6, 10]],
    ['prod', 'sales', [1, 2, 6, 24]],
    ['min', 'cost', [2, 2, 1, 1]],
    ['max', 'cost', [2, 2, 2, 4]],
  ])('cumulative %s', (operator, name, expected) => {
    expect(col('cum', { operator, columns: { [name]: name } }, name)).toEqual(expected);
  });

  it('refuses an unknown cumulative operator', () => {
    expect(refusal(() => apply('cum', { operator: 'avg', columns: { sales: 'sales' } }))).toBe(
      'Invalid cumulative operator: avg',
    );
  });

  it('differences against earlier rows', () => {
    expect(col('diff', { columns: { sales: 'sales' } }, 'sales')).toEqual([null, 1, 1, 1]);
    expect(col('diff', { columns: { sales: 'd2' }, periods: 2 }, 'd2')).toEqual([null, null, 2, 2]);
  });
});

describe('compare', () => {
  it.each([
    ['difference', [-1, 0, 2, 0]],
    ['percentage', [-0.5, 0, 2, 0]],
    ['ratio', [0.5, 1, 3, 1]],
  ])('%s of sales against cost', (type, expected) => {
    const options = { source_columns: ['sales'], compare_columns: ['cost'], compare_type: type };
    expect(col('compare', options, `${type}__sales__cost`)).toEqual(expected);
  });

  it('drops the compared columns on request and checks lengths', () => {
    const frame = apply('compare', {
      source_columns: ['sales'],
      compare_columns: ['cost'],
      compare_type: 'difference',
      drop_original_columns: true,
    });
    expect(frame.table.columnNames()).toEqual([
      'ds',
      'country',
      'product',
      'difference__sales__cost',
    ]);
    expect(
      refusal(() =>
        apply('compare', { source_columns: ['sales'], compare_columns: [], compare_type: 'ratio' }),
      ),
    ).toBe('`compare_columns` must have the same length as `source_columns`.');
  });
});

describe('contribution', () => {
  it('divides by the column total', () => {
    expect(col('contribution', { orientation: 'column', columns: ['sales'] }, 'sales')).toEqual([
      0.1, 0.2, 0.3, 0.4,
    ]);
  });

  it('divides by the row total, renaming the results', () => {
    const frame = apply('contribution', {
      orientation: 'row',
      columns: ['sales', 'cost'],
      rename_columns: ['sales_share', 'cost_share'],
    });
    expect(column(frame, 'sales_share').map((v) => Math.round((v as number) * 1e6) / 1e6)).toEqual([
      0.333333, 0.5, 0.75, 0.5,
    ]);
    expect(column(frame, 'sales')).toEqual([1, 2, 3, 4]);
  });
});

describe('resample', () => {
  const H = (day: number, hour = 0) => Date.UTC(2024, 0, day, hour);
  const sparse = () =>
    frameOf(
      new Map<string, Cell[]>([
        ['ds', [H(1), H(3)]],
        ['v', [1, 3]],
      ]),
      ['ds'],
    );
  const resampled = (options: Record<string, unknown>, frame = sparse()) =>
    rowsOf(apply('resample', options, frame)).map((r) => [
      new Date(r.ds as number).toISOString().slice(0, 13),
      r.v,
    ]);

  it.each([
    ['asfreq', {}, [1, null, 3]],
    ['asfreq', { fill_value: 0 }, [1, 0, 3]],
    ['ffill', {}, [1, 1, 3]],
    ['bfill', {}, [1, 3, 3]],
    ['sum', {}, [1, 0, 3]],
    ['mean', {}, [1, null, 3]],
    ['median', {}, [1, null, 3]],
  ])('1D with %s %j', (method, extra, values) => {
    expect(resampled({ rule: '1D', method, ...extra }).map(([, v]) => v)).toEqual(values);
  });

  it('labels 1M bins by the last day of the month and 1AS bins by the first of the year', () => {
    const frame = frameOf(
      new Map<string, Cell[]>([
        ['ds', [H(15), H(31, 10), Date.UTC(2024, 1, 2), Date.UTC(2024, 3, 1)]],
        ['v', [1, 2, 4, 8]],
      ]),
      ['ds'],
    );
    expect(resampled({ rule: '1M', method: 'sum' }, frame)).toEqual([
      ['2024-01-31T00', 3],
      ['2024-02-29T00', 4],
      ['2024-03-31T00', 0],
      ['2024-04-30T00', 8],
    ]);
    expect(resampled({ rule: '1AS', method: 'sum' }, frame)).toEqual([['2024-01-01T00', 15]]);
  });

  it('bins 7D from the first day and 1H by the hour', () => {
    const frame = frameOf(
      new Map<string, Cell[]>([
        ['ds', [H(1, 5), H(5), H(9, 2)]],
        ['v', [1, 2, 4]],
      ]),
      ['ds'],
    );
    expect(resampled({ rule: '7D', method: 'sum' }, frame)).toEqual([
      ['2024-01-01T00', 3],
      ['2024-01-08T00', 4],
    ]);
    const hourly = frameOf(
      new Map<string, Cell[]>([
        ['ds', [H(1, 1), H(1, 3)]],
        ['v', [5, 6]],
      ]),
      ['ds'],
    );
    expect(resampled({ rule: '1H', method: 'asfreq' }, hourly)).toEqual([
      ['2024-01-01T01', 5],
      ['2024-01-01T02', null],
      ['2024-01-01T03', 6],
    ]);
  });

  it('orders rows by time first; at equal times the later row is the one ffill takes', () => {
    const frame = frameOf(
      new Map<string, Cell[]>([
        ['ds', [H(3), H(1), H(3), H(2, 6)]],
        ['v', [30, 10, 31, 20]],
      ]),
      ['ds'],
    );
    expect(resampled({ rule: '1D', method: 'ffill' }, frame).map(([, v]) => v)).toEqual([
      10, 10, 31,
    ]);
    expect(resampled({ rule: '1D', method: 'bfill' }, frame).map(([, v]) => v)).toEqual([
      10, 20, 30,
    ]);
    expect(resampled({ rule: '1D', method: 'asfreq' }, frame).map(([, v]) => v)).toEqual([
      10,
      null,
      30,
    ]);
    expect(resampled({ rule: '1D', method: 'sum' }, frame).map(([, v]) => v)).toEqual([10, 20, 61]);
  });

  it('resamples an empty frame to itself and refuses times that are not finite', () => {
    const empty = frameOf(
      new Map<string, Cell[]>([
        ['ds', []],
        ['v', []],
      ]),
      ['ds'],
    );
    expect(rowsOf(apply('resample', { rule: '1D', method: 'sum' }, empty))).toEqual([]);
    const infinite = frameOf(
      new Map<string, Cell[]>([
        ['ds', [H(1), Number.POSITIVE_INFINITY]],
        ['v', [1, 2]],
      ]),
      ['ds'],
    );
    expect(refusal(() => apply('resample', { rule: '1D', method: 'sum' }, infinite))).toBe(
      'Resample operation requires DatetimeIndex',
    );
  });

  it('refuses rules and methods outside the spec', () => {
    expect(refusal(() => apply('resample', { rule: '2W', method: 'sum' }, sparse()))).toBe(
      'Invalid resample rule: 2W',
    );
    expect(refusal(() => apply('resample', { rule: '1D', method: 'max' }, sparse()))).toBe(
      'Invalid resample method: max',
    );
  });
});

describe('after a pivot with a dimension: per series, as Superset computes it', () => {
  // base(): sales by day and country: FR 1 (day 1), 3 (day 3); DE 2 (day 2), 4 (day 4).
  const pivoted = (then: Array<{ operation: string; options: Record<string, unknown> }>) =>
    rowsOf(
      applyPostProcessing(base(), [
        {
          operation: 'pivot',
          options: {
            index: ['ds'],
            columns: ['country'],
            aggregates: { sales: { operator: 'mean' }, cost: { operator: 'mean' } },
          },
        },
        ...then,
        { operation: 'flatten', options: {} },
      ]),
    );

  it('accumulates each series on its own (a cumulative sum by country)', () => {
    const rows = pivoted([
      { operation: 'cum', options: { operator: 'sum', columns: { sales: 'sales' } } },
    ]);
    expect(rows.map((r) => [r['sales, DE'], r['sales, FR']])).toEqual([
      [null, 1],
      [2, null],
      [null, 4],
      [6, null],
    ]);
  });

  it('rolls each series on its own, and writes a renamed target beside it', () => {
    const rows = pivoted([
      {
        operation: 'rolling',
        options: { rolling_type: 'sum', window: 2, min_periods: 1, columns: { cost: 'c2' } },
      },
    ]);
    expect(rows.map((r) => [r['c2, DE'], r['c2, FR']])).toEqual([
      [null, 2],
      [2, 2],
      [2, 1],
      [4, 1],
    ]);
  });

  it('compares series by series, named `<type>__<source>__<compare>, <series>`', () => {
    const rows = pivoted([
      {
        operation: 'compare',
        options: {
          source_columns: ['sales'],
          compare_columns: ['cost'],
          compare_type: 'ratio',
          drop_original_columns: true,
        },
      },
    ]);
    expect(rows).toEqual([
      { ds: D(1), 'ratio__sales__cost, DE': null, 'ratio__sales__cost, FR': 0.5 },
      { ds: D(2), 'ratio__sales__cost, DE': 1, 'ratio__sales__cost, FR': null },
      { ds: D(3), 'ratio__sales__cost, DE': null, 'ratio__sales__cost, FR': 3 },
      { ds: D(4), 'ratio__sales__cost, DE': 1, 'ratio__sales__cost, FR': null },
    ]);
  });

  it('rounds percentage and ratio to 4 places (halves to even), difference not at all', () => {
    const frame = frameOf(
      new Map<string, Cell[]>([
        ['a', [1, 2, 5, 7]],
        ['b', [3, 3, 2, 2]],
      ]),
    );
    const of = (type: string, precision?: number) =>
      column(
        apply(
          'compare',
          { source_columns: ['a'], compare_columns: ['b'], compare_type: type, precision },
          frame,
        ),
        `${type}__a__b`,
      );
    expect(of('ratio')).toEqual([0.3333, 0.6667, 2.5, 3.5]);
    expect(of('ratio', 0)).toEqual([0, 1, 2, 4]);
    expect(of('difference')[0]).toBe(-2);
  });

  it('refuses a name that is neither a column nor a series level', () => {
    expect(
      refusal(() =>
        pivoted([{ operation: 'cum', options: { operator: 'sum', columns: { nope: 'nope' } } }]),
      ),
    ).toBe('Referenced columns not available in DataFrame: nope');
  });
});
