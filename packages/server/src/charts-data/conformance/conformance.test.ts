import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole } from '../../datasets/testFixtures.ts';
import {
  type Conformance,
  conformanceEngines,
  epochOf,
  numberOf,
  openConformance,
} from './fixture.ts';
import {
  bigNumberTotalQuery,
  bigNumberTrendQuery,
  boxPlotQuery,
  bubbleQuery,
  dimensionsQuery,
  type FormData,
  graphQuery,
  heatmapQuery,
  histogramQuery,
  mapboxQuery,
  mixedTimeseriesQuery,
  periodOverPeriodQuery,
  pivotTableQuery,
  radarQuery,
  sankeyQuery,
  tableQuery,
  timeseriesQuery,
  waterfallQuery,
  worldMapQuery,
} from './plugins.ts';

/**
 * Chart data as Superset's chart plugins ask for it (`plugins.ts` builds their query contexts),
 * checked against plain SQL on the same engine (`fixture.ts`), on DuckDB and PostgreSQL. Each
 * defect of issue 19 has a test named after what the user did.
 */

const SUM_N = { expressionType: 'SIMPLE', column: { column_name: 'n' }, aggregate: 'SUM' };
const AVG_PRICE = { expressionType: 'SIMPLE', column: { column_name: 'price' }, aggregate: 'AVG' };
const ALL_TIME = '2023-01-01 : 2025-01-01';
const YEAR_2024 = '2024-01-01 : 2025-01-01';

type Row = Record<string, unknown>;
const MONTH = `CAST(date_trunc('month', ts) AS VARCHAR)`;

/** A month's epoch ms moved back by whole years. */
const yearsBefore = (epoch: number, years: number) => {
  const d = new Date(epoch);
  return Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate());
};

const rangeWhere = (range: string) => {
  const [from, to] = range.split(' : ');
  return `ts >= '${from}' AND ts < '${to}'`;
};

describe.each(conformanceEngines())('chart data as Superset plugins ask on %s', (engine) => {
  let c: Conformance;
  beforeAll(async () => {
    c = await openConformance(engine);
  }, 60_000);
  afterAll(async () => {
    await c?.close();
  });

  const timeseries = (form: FormData) =>
    timeseriesQuery({
      datasource_id: c.stocks,
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ts',
      time_grain_sqla: 'P1M',
      metrics: [SUM_N],
      groupby: [],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          subject: 'ts',
          operator: 'TEMPORAL_RANGE',
          comparator: ALL_TIME,
        },
      ],
      row_limit: 10000,
      order_desc: true,
      ...form,
    });
  const inRange = (range: string) => ({
    adhoc_filters: [
      { expressionType: 'SIMPLE', subject: 'ts', operator: 'TEMPORAL_RANGE', comparator: range },
    ],
  });

  /** The form data of a chart on the stocks over all their time, with the chart's own fields. */
  const form = (extra: FormData): FormData => ({
    datasource_id: c.stocks,
    ...inRange(ALL_TIME),
    row_limit: 10000,
    ...extra,
  });
  /** POST the query context a plugin's buildQuery makes of `form(extra)`. */
  const draw = (build: (formData: FormData) => unknown, extra: FormData) =>
    c.post(build(form(extra)));

  /** Monthly `aggregate` per `dims` as a map `month|dim...` -> value. */
  async function monthly(aggregate: string, dims: string[], range: string) {
    const by = dims.map((d) => `, ${d}`).join('');
    const rows = await c.sql(
      `SELECT ${MONTH} AS month${by}, ${aggregate} AS v FROM stocks WHERE ${rangeWhere(range)}
       GROUP BY ${MONTH}${by}`,
    );
    return new Map(
      rows.map((r) => [[epochOf(r.month), ...dims.map((d) => r[d])].join('|'), numberOf(r.v)]),
    );
  }

  describe('x-axis on temporal, numeric and text columns', () => {
    it('draws a line chart by month', async () => {
      const result = await c.post(timeseries({}));
      const expected = await monthly('SUM(n)', [], ALL_TIME);
      expect(result.colnames).toEqual(['ts', 'SUM(n)']);
      const data = result.data as Row[];
      expect(data).toHaveLength(24);
      for (const row of data) expect(row['SUM(n)']).toBe(expected.get(String(row.ts)));
    });

    it.each([
      ['year', 'a number'],
      ['origin', 'a text'],
    ])('draws a bar chart over %s (%s column) with the day grain Explore keeps', async (axis) => {
      const result = await c.post(
        timeseries({ viz_type: 'echarts_timeseries_bar', x_axis: axis, time_grain_sqla: 'P1D' }),
      );
      const rows = await c.sql(
        `SELECT ${axis} AS x, SUM(n) AS v FROM stocks WHERE ${rangeWhere(ALL_TIME)}
         GROUP BY ${axis} ORDER BY ${axis}`,
      );
      expect(result.colnames).toEqual([axis, 'SUM(n)']);
      expect(result.data).toEqual(
        rows.map((r) => ({ [axis]: numberOr(r.x), 'SUM(n)': numberOf(r.v) })),
      );
    });
  });

  describe('series limit', () => {
    it.each([
      [true, 'with'],
      [false, 'without'],
    ])(
      'draws a line chart by origin and destination, series limit 5, %s "show empty columns"',
      async (showEmpty) => {
        const result = await c.post(
          timeseries({
            groupby: ['origin', 'destination'],
            limit: 5,
            show_empty_columns: showEmpty,
          }),
        );
        const top = await c.sql(
          `SELECT origin, destination FROM stocks GROUP BY origin, destination
         ORDER BY SUM(n) DESC LIMIT 5`,
        );
        const series = top.map((r) => `SUM(n), ${r.origin}, ${r.destination}`).sort();
        const colnames = result.colnames as string[];
        expect(colnames[0]).toBe('ts');
        expect(colnames.slice(1).sort()).toEqual(series);
        const expected = await monthly('SUM(n)', ['origin', 'destination'], ALL_TIME);
        for (const row of result.data as Row[]) {
          for (const name of series) {
            const [, origin, destination] = name.split(', ');
            expect(row[name] ?? null).toBe(
              expected.get(`${row.ts}|${origin}|${destination}`) ?? null,
            );
          }
        }
      },
    );
  });

  describe('time comparison', () => {
    const expectedChange = (type: string, current: number, previous: number) =>
      type === 'difference'
        ? current - previous
        : type === 'percentage'
          ? (current - previous) / previous
          : current / previous;

    const barBySymbolComparedWithLastYear = (comparison_type: string): FormData => ({
      viz_type: 'echarts_timeseries_bar',
      metrics: [AVG_PRICE],
      groupby: ['symbol'],
      time_compare: ['1 year ago'],
      comparison_type,
      ...inRange(YEAR_2024),
    });

    it.each(['difference', 'percentage', 'ratio'])(
      'draws a bar chart grouped by symbol with "1 year ago" shown as %s',
      async (type) => {
        const result = await c.post(timeseries(barBySymbolComparedWithLastYear(type)));
        const values = await monthly('AVG(price)', ['symbol'], ALL_TIME);
        const symbols = ['AAPL', 'GOOG', 'MSFT'];
        const names = symbols.map((s) => `${type}__AVG(price)__AVG(price)__1 year ago, ${s}`);
        expect(result.colnames).toEqual(['ts', ...names]);
        const data = result.data as Row[];
        expect(data).toHaveLength(12);
        for (const row of data) {
          symbols.forEach((symbol, i) => {
            const current = values.get(`${row.ts}|${symbol}`) as number;
            const previous = values.get(`${yearsBefore(row.ts as number, 1)}|${symbol}`) as number;
            // Percentage and ratio come rounded to 4 places, as Superset rounds them.
            expect(row[names[i] as string] as number).toBeCloseTo(
              expectedChange(type, current, previous),
              4,
            );
          });
        }
      },
    );

    it.each([
      [false, 'AVG(price), ', 'AVG(price)__1 year ago, '],
      [true, '', '1 year ago, '],
    ])(
      'draws a bar chart grouped by symbol with "1 year ago" shown as actual values (metric names truncated: %s)',
      async (truncate_metric, current, previous) => {
        const result = await c.post(
          timeseries({ ...barBySymbolComparedWithLastYear('values'), truncate_metric }),
        );
        const values = await monthly('AVG(price)', ['symbol'], ALL_TIME);
        const symbols = ['AAPL', 'GOOG', 'MSFT'];
        expect(result.colnames).toEqual([
          'ts',
          ...symbols.map((s) => `${current}${s}`),
          ...symbols.map((s) => `${previous}${s}`),
        ]);
        for (const row of result.data as Row[]) {
          for (const symbol of symbols) {
            expect(row[`${current}${symbol}`]).toBe(values.get(`${row.ts}|${symbol}`));
            expect(row[`${previous}${symbol}`]).toBe(
              values.get(`${yearsBefore(row.ts as number, 1)}|${symbol}`),
            );
          }
        }
      },
    );

    it.each(['difference', 'percentage', 'ratio'])(
      'draws a line chart with "1 year ago" shown as %s, no dimension',
      async (type) => {
        const result = await c.post(
          timeseries({
            metrics: [AVG_PRICE],
            time_compare: ['1 year ago'],
            comparison_type: type,
            ...inRange(YEAR_2024),
          }),
        );
        const values = await monthly('AVG(price)', [], ALL_TIME);
        const name = `${type}__AVG(price)__AVG(price)__1 year ago`;
        expect(result.colnames).toEqual(['ts', name]);
        for (const row of result.data as Row[]) {
          const current = values.get(String(row.ts)) as number;
          const previous = values.get(String(yearsBefore(row.ts as number, 1))) as number;
          expect(row[name] as number).toBeCloseTo(expectedChange(type, current, previous), 4);
        }
      },
    );

    it('compares a period-over-period KPI with the range inherited from the time filter', async () => {
      const range = '2024-03-01 : 2024-06-01';
      const result = await c.post(
        periodOverPeriodQuery({
          datasource_id: c.stocks,
          viz_type: 'pop_kpi',
          metric: SUM_N,
          time_compare: ['inherit'],
          comparison_type: 'values',
          ...inRange(range),
        }),
      );
      // 92 days from 2024-03-01 to 2024-06-01: the previous period starts 92 days earlier.
      const previousFrom = new Date(Date.UTC(2024, 2, 1) - 92 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const [now] = await c.sql(`SELECT SUM(n) AS v FROM stocks WHERE ${rangeWhere(range)}`);
      const [before] = await c.sql(
        `SELECT SUM(n) AS v FROM stocks WHERE ${rangeWhere(`${previousFrom} : 2024-03-01`)}`,
      );
      expect(result.colnames).toEqual(['SUM(n)', 'SUM(n)__inherit']);
      expect(result.data).toEqual([
        { 'SUM(n)': numberOf(now?.v), 'SUM(n)__inherit': numberOf(before?.v) },
      ]);
    });
  });

  describe('cumulative and rolling after the pivot', () => {
    const windowed = async (frame: string) => {
      const rows = await c.sql(
        `SELECT CAST(month AS VARCHAR) AS month, weather,
           ${frame.replace('$', 'v')} OVER (PARTITION BY weather ORDER BY month ${
             frame.startsWith('AVG') ? 'ROWS BETWEEN 2 PRECEDING AND CURRENT ROW' : ''
           }) AS v
         FROM (SELECT date_trunc('month', ts) AS month, weather, SUM(n) AS v FROM stocks
               GROUP BY date_trunc('month', ts), weather) AS monthly`,
      );
      return new Map(rows.map((r) => [`${epochOf(r.month)}|${r.weather}`, numberOf(r.v)]));
    };

    it.each([
      ['a cumulative sum', { rolling_type: 'cumsum' }, 'SUM($)'],
      [
        'a 3-month rolling mean',
        { rolling_type: 'mean', rolling_periods: 3, min_periods: 0 },
        'AVG($)',
      ],
    ])('draws an area chart grouped by weather with %s', async (_, form, frame) => {
      const result = await c.post(
        timeseries({ viz_type: 'echarts_area', groupby: ['weather'], ...form }),
      );
      const expected = await windowed(frame);
      const names = ['rain', 'snow', 'sun'].map((w) => `SUM(n), ${w}`);
      expect(result.colnames).toEqual(['ts', ...names]);
      const data = result.data as Row[];
      expect(data).toHaveLength(24);
      for (const row of data) {
        for (const name of names) {
          const weather = name.split(', ')[1];
          expect(row[name] as number).toBeCloseTo(
            expected.get(`${row.ts}|${weather}`) as number,
            9,
          );
        }
      }
    });
  });

  describe('deprecated query-object fields', () => {
    it('draws a sankey whose plugin sends its columns as groupby', async () => {
      const result = await c.post(
        sankeyQuery({
          datasource_id: c.stocks,
          viz_type: 'sankey_v2',
          source: 'origin',
          target: 'destination',
          metric: SUM_N,
          sort_by_metric: true,
          ...inRange(ALL_TIME),
        }),
      );
      const rows = await c.sql(
        `SELECT origin, destination, SUM(n) AS v FROM stocks GROUP BY origin, destination
         ORDER BY SUM(n) DESC`,
      );
      expect(result.colnames).toEqual(['origin', 'destination', 'SUM(n)']);
      expect(result.data).toEqual(
        rows.map((r) => ({
          origin: r.origin,
          destination: r.destination,
          'SUM(n)': numberOf(r.v),
        })),
      );
    });

    it('reads granularity_sqla, timeseries_limit and timeseries_limit_metric of a legacy chart', async () => {
      const result = await c.post({
        datasource: { id: c.stocks, type: 'table' },
        queries: [
          {
            granularity_sqla: 'ts',
            time_range: '2024-01-01 : 2024-04-01',
            is_timeseries: true,
            columns: ['origin', 'destination'],
            metrics: [SUM_N],
            timeseries_limit: 2,
            timeseries_limit_metric: AVG_PRICE,
            extras: { time_grain_sqla: 'P1M' },
          },
        ],
      });
      const top = await c.sql(
        `SELECT origin, destination FROM stocks WHERE ${rangeWhere('2024-01-01 : 2024-04-01')}
         GROUP BY origin, destination ORDER BY AVG(price) DESC LIMIT 2`,
      );
      const data = result.data as Row[];
      const pairs = new Set(data.map((r) => `${r.origin}|${r.destination}`));
      expect([...pairs].sort()).toEqual(top.map((r) => `${r.origin}|${r.destination}`).sort());
      expect(new Set(data.map((r) => r.__timestamp))).toEqual(
        new Set([Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1), Date.UTC(2024, 2, 1)]),
      );
    });

    it('moves top-level where and having into extras', async () => {
      const result = await c.post({
        datasource: { id: c.stocks, type: 'table' },
        queries: [
          {
            columns: ['symbol'],
            metrics: [SUM_N],
            where: "origin <> 'SFO'",
            having: 'SUM(n) > 0',
            orderby: [['symbol', true]],
          },
        ],
      });
      const rows = await c.sql(
        `SELECT symbol, SUM(n) AS v FROM stocks WHERE origin <> 'SFO' GROUP BY symbol ORDER BY symbol`,
      );
      expect(result.data).toEqual(rows.map((r) => ({ symbol: r.symbol, 'SUM(n)': numberOf(r.v) })));
    });

    it('answers 400 naming a deprecated field that holds the wrong thing', async () => {
      const body = await c.post(
        {
          datasource: { id: c.stocks, type: 'table' },
          queries: [{ groupby: 'origin', metrics: [SUM_N] }],
        },
        400,
      );
      expect(
        Object.keys((body.errors as Array<{ extra: { fields?: object } }>)?.[0]?.extra ?? body),
      ).toBeTruthy();
      expect(JSON.stringify(body)).toContain('groupby');
    });
  });

  describe('other chart types', () => {
    const grouped = async (dims: string, aggregate: string, order: string) =>
      c.sql(`SELECT ${dims}, ${aggregate} AS v FROM stocks GROUP BY ${dims} ORDER BY ${order}`);

    // Metrics whose groups all differ, so the order by the metric is one order.
    it.each([
      ['pie', { viz_type: 'pie', groupby: ['symbol'] }, 'symbol', SUM_N, 'SUM(n)'],
      [
        'word cloud',
        { viz_type: 'word_cloud', series: 'weather' },
        'weather',
        AVG_PRICE,
        'AVG(price)',
      ],
    ])('draws a %s sorted by its metric', async (_, extra, dim, metric, sql) => {
      const result = await draw(dimensionsQuery, { ...extra, metric, sort_by_metric: true });
      const rows = await grouped(dim, sql, `${sql} DESC`);
      expect(result.data).toEqual(rows.map((r) => ({ [dim]: r[dim], [sql]: numberOf(r.v) })));
    });

    it('shows a big number total over the time filter', async () => {
      const result = await draw(bigNumberTotalQuery, {
        viz_type: 'big_number_total',
        metric: SUM_N,
        ...inRange(YEAR_2024),
      });
      const [total] = await c.sql(`SELECT SUM(n) AS v FROM stocks WHERE ${rangeWhere(YEAR_2024)}`);
      expect(result.data).toEqual([{ 'SUM(n)': numberOf(total?.v) }]);
    });

    it('shows a big number with a cumulative trendline by month', async () => {
      const result = await draw(bigNumberTrendQuery, {
        viz_type: 'big_number',
        metric: SUM_N,
        x_axis: 'ts',
        time_grain_sqla: 'P1M',
        rolling_type: 'cumsum',
        ...inRange(YEAR_2024),
      });
      const rows = await c.sql(
        `SELECT CAST(month AS VARCHAR) AS month, SUM(v) OVER (ORDER BY month) AS v
         FROM (SELECT date_trunc('month', ts) AS month, SUM(n) AS v FROM stocks
               WHERE ${rangeWhere(YEAR_2024)} GROUP BY date_trunc('month', ts)) AS monthly
         ORDER BY month`,
      );
      expect(result.data).toEqual(
        rows.map((r) => ({ ts: epochOf(r.month), 'SUM(n)': numberOf(r.v) })),
      );
    });

    it('shows a table by symbol with a percent metric and totals', async () => {
      const context = tableQuery(
        form({
          viz_type: 'table',
          query_mode: 'aggregate',
          groupby: ['symbol'],
          metrics: [SUM_N],
          percent_metrics: [SUM_N],
          show_totals: true,
        }),
      );
      const [main, totals] = await c.postAll(context);
      const rows = await grouped('symbol', 'SUM(n)', 'SUM(n) DESC');
      const total = rows.reduce((sum, r) => sum + (numberOf(r.v) as number), 0);
      expect(main?.colnames).toEqual(['symbol', 'SUM(n)', '%SUM(n)']);
      ((main?.data ?? []) as Row[]).forEach((row, i) => {
        expect(row.symbol).toBe(rows[i]?.symbol);
        expect(row['SUM(n)']).toBe(numberOf(rows[i]?.v));
        expect(row['%SUM(n)'] as number).toBeCloseTo((numberOf(rows[i]?.v) as number) / total, 12);
      });
      expect(totals?.data).toEqual([{ 'SUM(n)': total }]);
    });

    it('shows a table by year of a temporal column (its grain on the column)', async () => {
      const result = await draw(tableQuery, {
        viz_type: 'table',
        query_mode: 'aggregate',
        groupby: ['ts'],
        temporal_columns_lookup: { ts: true },
        time_grain_sqla: 'P1Y',
        metrics: [SUM_N],
      });
      const rows = await c.sql(
        `SELECT CAST(date_trunc('year', ts) AS VARCHAR) AS y, SUM(n) AS v FROM stocks
         GROUP BY date_trunc('year', ts) ORDER BY SUM(n) DESC`,
      );
      expect(result.data).toEqual(rows.map((r) => ({ ts: epochOf(r.y), 'SUM(n)': numberOf(r.v) })));
    });

    it('pages a raw-records table on the server, with its row count', async () => {
      const context = tableQuery(
        form({
          viz_type: 'table',
          query_mode: 'raw',
          all_columns: ['symbol', 'price'],
          order_by_cols: ['["price", false]', '["symbol", true]'],
          server_pagination: true,
          server_page_length: 5,
        }),
      );
      const [page, count] = await c.postAll(context);
      const rows = await c.sql(
        'SELECT symbol, price FROM stocks ORDER BY price DESC, symbol ASC LIMIT 5',
      );
      expect(page?.data).toEqual(rows.map((r) => ({ symbol: r.symbol, price: numberOf(r.price) })));
      const [all] = await c.sql('SELECT COUNT(*) AS v FROM stocks');
      expect(count?.data, String(count?.query)).toEqual([{ rowcount: numberOf(all?.v) }]);
    });

    it('shows a pivot table of symbols by year', async () => {
      const result = await draw(pivotTableQuery, {
        viz_type: 'pivot_table_v2',
        groupbyRows: ['symbol'],
        groupbyColumns: ['ts'],
        temporal_columns_lookup: { ts: true },
        time_grain_sqla: 'P1Y',
        metrics: [AVG_PRICE],
        order_desc: true,
      });
      const rows = await c.sql(
        `SELECT CAST(date_trunc('year', ts) AS VARCHAR) AS y, symbol, AVG(price) AS v FROM stocks
         GROUP BY date_trunc('year', ts), symbol`,
      );
      const expected = rows
        .map((r) => ({ ts: epochOf(r.y), symbol: r.symbol, 'AVG(price)': numberOf(r.v) }))
        .sort((a, b) => (b['AVG(price)'] as number) - (a['AVG(price)'] as number));
      expect(result.data).toEqual(expected);
    });
  });

  describe('every other chart type Tessera draws', () => {
    /** Plain SQL rows, named as the answer names its columns, numbers as numbers. */
    const expectedRows = async (text: string) =>
      (await c.sql(text)).map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, numberOr(v)])),
      );
    const unordered = (rows: unknown) => (rows as Row[]).map((r) => JSON.stringify(r)).sort();
    const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' };
    const BY_SUM_N = { metric: SUM_N, sort_by_metric: true };
    const PAIRS_BY_SUM_N = `SELECT origin, destination, SUM(n) AS "SUM(n)" FROM stocks
      GROUP BY origin, destination ORDER BY SUM(n) DESC`;

    it.each([
      ['scatter', 'echarts_timeseries_scatter'],
      ['step', 'echarts_timeseries_step'],
    ])('draws a %s chart by month', async (_, viz) => {
      const result = await c.post(timeseries({ viz_type: viz }));
      const expected = await monthly('SUM(n)', [], ALL_TIME);
      expect(result.colnames).toEqual(['ts', 'SUM(n)']);
      expect((result.data as Row[]).map((r) => [r.ts, r['SUM(n)']])).toEqual(
        [...expected].sort(([a], [b]) => Number(a) - Number(b)).map(([k, v]) => [Number(k), v]),
      );
    });

    it('draws a mixed chart: the sum of n (A) and the average price by symbol (B) by month', async () => {
      const [a, b] = await c.postAll(
        mixedTimeseriesQuery(
          form({
            viz_type: 'mixed_timeseries',
            x_axis: 'ts',
            time_grain_sqla: 'P1M',
            metrics: [SUM_N],
            groupby: [],
            metrics_b: [AVG_PRICE],
            groupby_b: ['symbol'],
            truncate_metric: true,
            ...inRange(YEAR_2024),
            adhoc_filters_b: inRange(YEAR_2024).adhoc_filters,
          }),
        ),
      );
      const sums = await monthly('SUM(n)', [], YEAR_2024);
      const prices = await monthly('AVG(price)', ['symbol'], YEAR_2024);
      expect(a?.colnames).toEqual(['ts', 'SUM(n)']);
      expect(b?.colnames).toEqual(['ts', 'AAPL', 'GOOG', 'MSFT']);
      expect(a?.data).toHaveLength(12);
      expect(b?.data).toHaveLength(12);
      for (const row of (a?.data ?? []) as Row[])
        expect(row['SUM(n)']).toBe(sums.get(String(row.ts)));
      for (const row of (b?.data ?? []) as Row[]) {
        for (const s of ['AAPL', 'GOOG', 'MSFT']) expect(row[s]).toBe(prices.get(`${row.ts}|${s}`));
      }
    });

    it.each([
      [
        'a funnel of n by symbol',
        dimensionsQuery,
        { viz_type: 'funnel', groupby: ['symbol'], ...BY_SUM_N },
        'SELECT symbol, SUM(n) AS "SUM(n)" FROM stocks GROUP BY symbol ORDER BY SUM(n) DESC',
      ],
      [
        'a gauge of the average price by weather',
        dimensionsQuery,
        { viz_type: 'gauge_chart', groupby: ['weather'], metric: AVG_PRICE, sort_by_metric: true },
        `SELECT weather, AVG(price) AS "AVG(price)" FROM stocks GROUP BY weather
         ORDER BY AVG(price) DESC`,
      ],
      [
        'a sunburst of n from origin to destination',
        dimensionsQuery,
        { viz_type: 'sunburst_v2', columns: ['origin', 'destination'], ...BY_SUM_N },
        PAIRS_BY_SUM_N,
      ],
      [
        'a treemap of n by origin and destination',
        dimensionsQuery,
        { viz_type: 'treemap_v2', groupby: ['origin', 'destination'], ...BY_SUM_N },
        PAIRS_BY_SUM_N,
      ],
      [
        'a radar of n and the average price by symbol',
        radarQuery,
        { viz_type: 'radar', groupby: ['symbol'], metrics: [SUM_N, AVG_PRICE] },
        `SELECT symbol, SUM(n) AS "SUM(n)", AVG(price) AS "AVG(price)" FROM stocks
         GROUP BY symbol ORDER BY SUM(n) DESC`,
      ],
      [
        'a world map of n by origin with bubbles of the average price',
        worldMapQuery,
        {
          viz_type: 'world_map',
          entity: 'origin',
          metric: SUM_N,
          secondary_metric: AVG_PRICE,
          show_bubbles: true,
          sort_by_metric: true,
        },
        `SELECT origin, SUM(n) AS "SUM(n)", AVG(price) AS "AVG(price)" FROM stocks
         GROUP BY origin ORDER BY SUM(n) DESC`,
      ],
    ])('draws %s', async (_, build, extra, sql) => {
      const result = await draw(build, extra);
      const rows = await expectedRows(sql);
      expect(result.colnames).toEqual(Object.keys(rows[0] ?? {}));
      expect(result.data).toEqual(rows);
    });

    it.each([
      [
        'a graph of n from origin to destination',
        graphQuery,
        { viz_type: 'graph_chart', source: 'origin', target: 'destination', metric: SUM_N },
        `SELECT origin, destination, SUM(n) AS "SUM(n)" FROM stocks GROUP BY origin, destination`,
      ],
      [
        'a bubble chart of symbols by weather: average price, n and row count',
        bubbleQuery,
        {
          viz_type: 'bubble_v2',
          entity: 'symbol',
          series: 'weather',
          x: AVG_PRICE,
          y: SUM_N,
          size: COUNT,
        },
        `SELECT symbol, weather, AVG(price) AS "AVG(price)", SUM(n) AS "SUM(n)", COUNT(*) AS count
         FROM stocks GROUP BY symbol, weather`,
      ],
      [
        'a MapBox point map of price and n',
        mapboxQuery,
        { viz_type: 'mapbox', all_columns_x: 'price', all_columns_y: 'n', point_radius: 'Auto' },
        'SELECT price, n FROM stocks WHERE price IS NOT NULL AND n IS NOT NULL',
      ],
    ])('draws %s (rows in any order)', async (_, build, extra, sql) => {
      const result = await draw(build, extra);
      const rows = await expectedRows(sql);
      expect(result.colnames).toEqual(Object.keys(rows[0] ?? {}));
      expect(unordered(result.data)).toEqual(unordered(rows));
    });

    it('draws a waterfall of n by month of 2024, broken down by symbol', async () => {
      const result = await draw(waterfallQuery, {
        viz_type: 'waterfall',
        x_axis: 'ts',
        time_grain_sqla: 'P1M',
        groupby: ['symbol'],
        metric: SUM_N,
        ...inRange(YEAR_2024),
      });
      const rows = await c.sql(
        `SELECT ${MONTH} AS month, symbol, SUM(n) AS v,
           SUM(SUM(n)) OVER (ORDER BY date_trunc('month', ts), symbol) AS total
         FROM stocks WHERE ${rangeWhere(YEAR_2024)}
         GROUP BY date_trunc('month', ts), symbol ORDER BY date_trunc('month', ts), symbol`,
      );
      expect(result.colnames).toEqual(['ts', 'symbol', 'SUM(n)']);
      const data = result.data as Row[];
      expect(data).toEqual(
        rows.map((r) => ({ ts: epochOf(r.month), symbol: r.symbol, 'SUM(n)': numberOf(r.v) })),
      );
      // The bars stack: each one starts where the running total of the ones before it ended.
      let total = 0;
      data.forEach((row, i) => {
        total += row['SUM(n)'] as number;
        expect(total).toBe(numberOf(rows[i]?.total));
      });
    });

    /** numpy's percentile of sorted values: linear, or the midpoint of the two neighbours. */
    const percentile = (xs: number[], q: number, midpoint = false) => {
      const at = (q / 100) * (xs.length - 1);
      const [lo, hi] = [xs[Math.floor(at)] as number, xs[Math.ceil(at)] as number];
      return midpoint ? (lo + hi) / 2 : lo + (hi - lo) * (at - Math.floor(at));
    };

    it.each(['Tukey', '10/90 percentiles', 'Min/max (no outliers)'])(
      'draws a box plot of price by symbol with %s whiskers',
      async (whiskerOptions) => {
        const result = await draw(boxPlotQuery, {
          viz_type: 'box_plot',
          columns: ['ts'],
          groupby: ['symbol'],
          metrics: [AVG_PRICE],
          whiskerOptions,
        });
        const stats = await c.sql(
          `SELECT symbol, AVG(price) AS mean, MIN(price) AS lo, MAX(price) AS hi, COUNT(*) AS count,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY price) AS median,
             percentile_cont(0.1) WITHIN GROUP (ORDER BY price) AS p10,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY price) AS p90
           FROM stocks GROUP BY symbol ORDER BY symbol`,
        );
        const prices = await c.sql('SELECT symbol, price FROM stocks ORDER BY price');
        const stat = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'];
        expect(result.colnames).toEqual(['symbol', ...stat.map((s) => `AVG(price)__${s}`)]);
        const data = result.data as Row[];
        expect(data.map((r) => r.symbol)).toEqual(['AAPL', 'GOOG', 'MSFT']);
        data.forEach((row, i) => {
          const s = stats[i] as Row;
          const xs = prices.filter((p) => p.symbol === s.symbol).map((p) => Number(p.price));
          const q1 = percentile(xs, 25, true);
          const q3 = percentile(xs, 75, true);
          const [min, max] =
            whiskerOptions === 'Tukey'
              ? [
                  Math.min(...xs.filter((x) => x >= q1 - 1.5 * (q3 - q1))),
                  Math.max(...xs.filter((x) => x <= q3 + 1.5 * (q3 - q1))),
                ]
              : whiskerOptions === '10/90 percentiles'
                ? [numberOf(s.p10) as number, numberOf(s.p90) as number]
                : [numberOf(s.lo) as number, numberOf(s.hi) as number];
          const get = (name: string) => row[`AVG(price)__${name}`] as number;
          expect(get('mean')).toBeCloseTo(numberOf(s.mean) as number, 9);
          expect(get('median')).toBeCloseTo(numberOf(s.median) as number, 9);
          expect(get('q1')).toBeCloseTo(q1, 9);
          expect(get('q3')).toBeCloseTo(q3, 9);
          expect(get('min')).toBeCloseTo(min, 9);
          expect(get('max')).toBeCloseTo(max, 9);
          expect(get('count')).toBe(numberOf(s.count));
          const outliers = xs.filter((x) => x < min || x > max);
          expect([...(row['AVG(price)__outliers'] as number[])].sort()).toEqual(outliers.sort());
        });
      },
    );

    it('draws a box plot of price and n by symbol: each statistic for both metrics', async () => {
      const result = await draw(boxPlotQuery, {
        viz_type: 'box_plot',
        columns: ['ts'],
        groupby: ['symbol'],
        metrics: [AVG_PRICE, SUM_N],
        whiskerOptions: 'Min/max (no outliers)',
      });
      const stat = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'];
      expect(result.colnames).toEqual([
        'symbol',
        ...stat.flatMap((s) => [`AVG(price)__${s}`, `SUM(n)__${s}`]),
      ]);
      const rows = await c.sql(
        `SELECT symbol, percentile_cont(0.5) WITHIN GROUP (ORDER BY n) AS median, MAX(n) AS hi
         FROM stocks GROUP BY symbol ORDER BY symbol`,
      );
      const ns = await c.sql('SELECT symbol, n FROM stocks ORDER BY n');
      (result.data as Row[]).forEach((row, i) => {
        const xs = ns.filter((r) => r.symbol === rows[i]?.symbol).map((r) => Number(r.n));
        expect(row['SUM(n)__median']).toBe(numberOf(rows[i]?.median));
        expect(row['SUM(n)__max']).toBe(numberOf(rows[i]?.hi));
        expect(row['SUM(n)__q1']).toBe(percentile(xs, 25, true));
      });
    });

    it.each([
      [[], 'all rows', false],
      [['symbol'], 'symbol', false],
      [['symbol'], 'symbol, cumulative and normalised', true],
    ])('draws a histogram of price in 5 bins by %j (%s)', async (groupby, _, accumulated) => {
      const result = await draw(histogramQuery, {
        viz_type: 'histogram_v2',
        column: 'price',
        groupby,
        bins: 5,
        cumulative: accumulated,
        normalize: accumulated,
      });
      const [range] = await c.sql('SELECT MIN(price) AS lo, MAX(price) AS hi FROM stocks');
      const prices = await c.sql('SELECT symbol, price FROM stocks');
      // numpy's histogram_bin_edges: lo + i * step, the last edge exactly hi.
      const [lo, hi] = [Number(range?.lo), Number(range?.hi)];
      const step = (hi - lo) / 5;
      const edges = [0, 1, 2, 3, 4].map((i) => lo + i * step).concat(hi);
      const text = (x: number) => (Number.isInteger(x) ? `${x}.0` : String(x));
      const bins = [0, 1, 2, 3, 4].map(
        (i) => `${text(edges[i] as number)} - ${text(edges[i + 1] as number)}`,
      );
      expect(result.colnames).toEqual([...groupby, ...bins]);
      const groups = groupby.length ? ['AAPL', 'GOOG', 'MSFT'] : [undefined];
      const counts = groups.map((symbol) => {
        const xs = prices
          .filter((p) => symbol === undefined || p.symbol === symbol)
          .map((p) => Number(p.price));
        // Each bin holds [edge, next edge), the last one its right edge too.
        const inBins = bins.map(
          (_, i) =>
            xs.filter(
              (x) =>
                x >= (edges[i] as number) && (i === 4 ? x <= hi : x < (edges[i + 1] as number)),
            ).length,
        );
        let running = 0;
        return accumulated ? inBins.map((n) => (running += n)) : inBins;
      });
      // Superset normalises by the sum of every cell of the answer (all groups, accumulated).
      const total = accumulated ? counts.flat().reduce((sum, n) => sum + n, 0) : 1;
      expect(result.data).toEqual(
        groups.map((symbol, g) => ({
          ...(symbol ? { symbol } : {}),
          ...Object.fromEntries(bins.map((b, i) => [b, (counts[g]?.[i] as number) / total])),
        })),
      );
    });

    it('draws a box plot of the monthly average price by symbol (distributed across months)', async () => {
      const result = await draw(boxPlotQuery, {
        viz_type: 'box_plot',
        columns: ['ts'],
        temporal_columns_lookup: { ts: true },
        time_grain_sqla: 'P1M',
        groupby: ['symbol'],
        metrics: [AVG_PRICE],
        whiskerOptions: 'Min/max (no outliers)',
      });
      const rows = await c.sql(
        `SELECT symbol, COUNT(*) AS count, MIN(v) AS lo, MAX(v) AS hi,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY v) AS median
         FROM (SELECT date_trunc('month', ts) AS month, symbol, AVG(price) AS v FROM stocks
               GROUP BY date_trunc('month', ts), symbol) AS monthly
         GROUP BY symbol ORDER BY symbol`,
      );
      expect(
        (result.data as Row[]).map((r) => [
          r.symbol,
          r['AVG(price)__count'],
          r['AVG(price)__min'],
          r['AVG(price)__max'],
          r['AVG(price)__median'],
        ]),
      ).toEqual(
        rows.map((r) => [
          r.symbol,
          numberOf(r.count),
          numberOf(r.lo),
          numberOf(r.hi),
          numberOf(r.median),
        ]),
      );
    });

    it('draws a box plot and a histogram of price by a dimension empty for some rows (left out, as pandas groups)', async () => {
      const listed = {
        expressionType: 'SQL',
        sqlExpression: "CASE WHEN symbol <> 'AAPL' THEN symbol END",
        label: 'listed',
      };
      const distribution = { columns: ['ts'], groupby: [listed], metrics: [AVG_PRICE] };
      const box = await draw(boxPlotQuery, { viz_type: 'box_plot', ...distribution });
      const histogram = await draw(histogramQuery, {
        viz_type: 'histogram_v2',
        column: 'price',
        groupby: [listed],
      });
      const counts = await c.sql(
        `SELECT symbol, COUNT(*) AS v FROM stocks WHERE symbol <> 'AAPL' GROUP BY symbol ORDER BY symbol`,
      );
      const expected = counts.map((r) => [r.symbol, numberOf(r.v)]);
      const boxCounts = (box.data as Row[]).map((r) => [r.listed, r['AVG(price)__count']]);
      expect(boxCounts).toEqual(expected);
      const binned = (histogram.data as Row[]).map(({ listed: name, ...bins }) => [
        name,
        Object.values(bins).reduce((sum: number, x) => sum + (x as number), 0),
      ]);
      expect(binned).toEqual(expected);
    });

    it('draws a heatmap of the average price by year and symbol, years ascending, symbols descending', async () => {
      const result = await draw(heatmapQuery, {
        viz_type: 'heatmap_v2',
        x_axis: 'ts',
        time_grain_sqla: 'P1Y',
        groupby: 'symbol',
        metric: AVG_PRICE,
        normalize_across: 'heatmap',
        sort_x_axis: 'alpha_asc',
        sort_y_axis: 'alpha_desc',
      });
      const rows = await c.sql(
        `SELECT CAST(y AS VARCHAR) AS y, symbol, v, PERCENT_RANK() OVER (ORDER BY v) AS p,
           COUNT(*) OVER () AS cells
         FROM (SELECT date_trunc('year', ts) AS y, symbol, AVG(price) AS v FROM stocks
               GROUP BY date_trunc('year', ts), symbol) AS cells
         ORDER BY y, symbol DESC`,
      );
      expect(result.colnames).toEqual(['ts', 'symbol', 'AVG(price)', 'rank']);
      // Averages all differ: pandas' rank(pct=True) is (rank) / cells, percent_rank (rank-1)/(cells-1).
      expect(result.data).toEqual(
        rows.map((r) => {
          const cells = numberOf(r.cells) as number;
          return {
            ts: epochOf(r.y),
            symbol: r.symbol,
            'AVG(price)': numberOf(r.v),
            rank: expect.closeTo(((numberOf(r.p) as number) * (cells - 1) + 1) / cells, 12),
          };
        }),
      );
    });

    it('draws a heatmap of n by origin and weather, normalised across origins, sorted by name', async () => {
      const result = await draw(heatmapQuery, {
        viz_type: 'heatmap_v2',
        x_axis: 'origin',
        groupby: 'weather',
        metric: SUM_N,
        normalize_across: 'x',
        sort_x_axis: 'alpha_asc',
        sort_y_axis: 'alpha_asc',
      });
      // pandas' rank(pct=True): the average rank of ties over the group's size.
      const rows = await expectedRows(
        `SELECT origin, weather, v AS "SUM(n)",
           (2 * RANK() OVER (PARTITION BY origin ORDER BY v)
             + COUNT(*) OVER (PARTITION BY origin, v) - 1) / 2.0
             / COUNT(*) OVER (PARTITION BY origin) AS rank
         FROM (SELECT origin, weather, SUM(n) AS v FROM stocks GROUP BY origin, weather) AS cells
         ORDER BY origin, weather`,
      );
      expect(result.colnames).toEqual(['origin', 'weather', 'SUM(n)', 'rank']);
      const data = result.data as Row[];
      expect(data.map(({ rank: _, ...r }) => r)).toEqual(rows.map(({ rank: _, ...r }) => r));
      data.forEach((row, i) => {
        expect(row.rank as number).toBeCloseTo(rows[i]?.rank as number, 12);
      });
    });
  });

  it('opens a chart with a reversed custom time range and no time column', async () => {
    const body = await c.post(
      {
        datasource: { id: c.stocks, type: 'table' },
        queries: [{ metrics: [SUM_N], columns: ['symbol'], time_range: '2024-02-01 : 2024-01-01' }],
      },
      400,
    );
    expect(body).toEqual({ message: 'From date cannot be larger than to date' });
  });

  describe('datasource types of the spec', () => {
    it('draws a chart whose datasource is named sl_table', async () => {
      const asTable = await c.post(timeseries({}));
      const asSlTable = await c.post(timeseries({ datasource_type: 'sl_table' }));
      expect(asSlTable.data).toEqual(asTable.data);
    });

    it('explores a saved query (datasource type saved_query)', async () => {
      const saved = await c.t.call('admin', {
        method: 'POST',
        url: '/api/v1/saved_query/',
        payload: {
          label: 'prices',
          db_id: c.databaseId,
          schema: engine === 'DuckDB' ? 'main' : 'public',
          sql: 'SELECT symbol, price FROM stocks',
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const id = (saved.json() as { id: number }).id;
      const query = {
        columns: ['symbol'],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'MAX(price)', label: 'top' }],
        orderby: [['symbol', true]],
      };
      const result = await c.post({ datasource: { id, type: 'saved_query' }, queries: [query] });
      const rows = await c.sql(
        'SELECT symbol, MAX(price) AS v FROM stocks GROUP BY symbol ORDER BY symbol',
      );
      expect(result.data).toEqual(rows.map((r) => ({ symbol: r.symbol, top: numberOf(r.v) })));
      // Another user's saved query is as absent as a missing one, to a reader of saved queries.
      await grantToRole(c.t, 'Alpha', ['can_read', 'SavedQuery']);
      const other = await c.t.call('alpha', {
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: { datasource: { id, type: 'saved_query' }, queries: [query] },
      });
      expect(other.statusCode).toBe(404);
    });
  });
});

/** A SQL cell as the chart-data answer has it: numbers as numbers, text as text. */
function numberOr(value: unknown) {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}
