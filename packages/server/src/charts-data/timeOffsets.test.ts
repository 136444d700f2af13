import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, runOnDuckdb } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

/**
 * `time_offsets` on DuckDB. visits: 2023-01: 5+1, 2023-02: 4, 2023-12-25: 2,
 * 2024-01: 10, 2024-02: 7+1. Expected values below are computed by hand from these rows.
 */

const SUM_N = {
  expressionType: 'SIMPLE',
  column: { column_name: 'n' },
  aggregate: 'SUM',
  label: 'total',
};
const JAN = Date.UTC(2024, 0, 1);
const FEB = Date.UTC(2024, 1, 1);

describe.each(storeKinds())('time comparison on the %s metadata store', (store) => {
  let t: TestApp;
  let visits: number;
  const monthly = (extra: Record<string, unknown>) => ({
    datasource: { id: visits, type: 'table' },
    queries: [
      {
        columns: [{ sqlExpression: 'ts', label: 'ts', columnType: 'BASE_AXIS', timeGrain: 'P1M' }],
        metrics: [SUM_N],
        filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-03-01' }],
        orderby: [['ts', true]],
        ...extra,
      },
    ],
  });
  const post = async (payload: unknown) => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: payload as Record<string, unknown>,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result[0];
  };

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    await runOnDuckdb(
      shop.file,
      `CREATE TABLE visits (ts TIMESTAMP, n INTEGER);
       INSERT INTO visits VALUES
         ('2023-01-05', 5), ('2023-01-20', 1), ('2023-02-10', 4), ('2023-12-25', 2),
         ('2024-01-03', 10), ('2024-02-14', 7), ('2024-02-20', 1);`,
    );
    visits = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'visits' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('joins `1 year ago` onto the main result by the x-axis, named <metric>__<offset>', async () => {
    const result = await post(monthly({ time_offsets: ['1 year ago'] }));
    expect(result.colnames).toEqual(['ts', 'total', 'total__1 year ago']);
    expect(result.coltypes).toEqual([2, 0, 0]);
    expect(result.data).toEqual([
      { ts: JAN, total: 10, 'total__1 year ago': 6 },
      { ts: FEB, total: 8, 'total__1 year ago': 4 },
    ]);
    expect(result.query).toContain("'2023-01-01 00:00:00'");
    expect(result.query.split(';\n\n')).toHaveLength(2);
  });

  it("takes the spec's time-shift choices, several at once", async () => {
    const result = await post(monthly({ time_offsets: ['1 year', '2 years'] }));
    expect(result.data).toEqual([
      { ts: JAN, total: 10, 'total__1 year': 6, 'total__2 years': null },
      { ts: FEB, total: 8, 'total__1 year': 4, 'total__2 years': null },
    ]);
  });

  it('shifts by weeks on a daily axis', async () => {
    const result = await post({
      datasource: { id: visits, type: 'table' },
      queries: [
        {
          columns: [
            { sqlExpression: 'ts', label: 'ts', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
          ],
          metrics: [SUM_N],
          filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-01-05' }],
          time_offsets: ['1 week ago'],
        },
      ],
    });
    expect(result.data).toEqual([
      { ts: Date.UTC(2024, 0, 3), total: 10, 'total__1 week ago': null },
    ]);
    const around = await post({
      datasource: { id: visits, type: 'table' },
      queries: [
        {
          columns: [
            { sqlExpression: 'ts', label: 'ts', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
          ],
          metrics: [SUM_N],
          filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-01-05' }],
          time_offsets: ['9 days ago'],
        },
      ],
    });
    // 2024-01-03 minus 9 days is 2023-12-25 (2 visits).
    expect(around.data).toEqual([{ ts: Date.UTC(2024, 0, 3), total: 10, 'total__9 days ago': 2 }]);
  });

  it.each([
    ['difference', 'difference__total__total__1 year ago', [4, 4]],
    // Percentage and ratio rounded to 4 places, as Superset's compare rounds them.
    ['percentage', 'percentage__total__total__1 year ago', [0.6667, (8 - 4) / 4]],
    ['ratio', 'ratio__total__total__1 year ago', [1.6667, 2]],
  ])('works with the compare post-processing (%s)', async (type, column, expected) => {
    const result = await post(
      monthly({
        time_offsets: ['1 year ago'],
        post_processing: [
          {
            operation: 'compare',
            options: {
              source_columns: ['total'],
              compare_columns: ['total__1 year ago'],
              compare_type: type,
              drop_original_columns: true,
            },
          },
        ],
      }),
    );
    expect(result.colnames).toEqual(['ts', column]);
    expect(result.data.map((r: Record<string, number>) => r[column])).toEqual(expected);
  });

  it('answers 400 for an offset it cannot read', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: monthly({ time_offsets: ['yesterday-ish'] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid time offset: "yesterday-ish"/);
  });
});
