import { describe, expect, it } from 'vitest';
import { mixedTimeseriesExample } from '../../../../shared/src/viz/mixed_timeseries/example.ts';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

const JAN = Date.UTC(2012, 0, 1);
const FEB = Date.UTC(2012, 1, 1);

describe('mixed chart transform', () => {
  it('draws query A as lines on the left axis and query B as bars on the right', () => {
    const out = transformProps({
      formData: { datasource: '1__table', ...mixedTimeseriesExample.formData },
      queriesData: [
        {
          data: [
            { date: JAN, avg__temp_max: 7.1 },
            { date: FEB, avg__temp_max: 9.3 },
          ],
          colnames: ['date', 'avg__temp_max'],
          coltypes: [2, 0],
          rowcount: 2,
        },
        {
          data: [
            { date: JAN, sum__precipitation: 173.3 },
            { date: FEB, sum__precipitation: 92.3 },
          ],
          colnames: ['date', 'sum__precipitation'],
          coltypes: [2, 0],
          rowcount: 2,
        },
      ],
      width: 600,
      height: 400,
      datasource: null,
      theme: 'light',
      hooks: {},
    });
    const option = out.option as {
      series: Array<{ name: string; type: string; yAxisIndex: number }>;
      yAxis: Array<{
        name?: string;
        position: string;
        axisLabel: { formatter: (v: number) => string };
      }>;
    };
    expect(option.series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['avg__temp_max', 'line', 0],
      ['sum__precipitation', 'bar', 1],
    ]);
    expect(option.yAxis.map((a) => a.position)).toEqual(['left', 'right']);
    expect(option.yAxis[0]?.axisLabel.formatter(7.25)).toBe('7.3');
    expect(option.yAxis[1]?.axisLabel.formatter(173.3)).toBe('173');
    expect(option.yAxis[1]?.name).toBe('Rainfall (mm)');
    expect(out.seriesMeta.sum__precipitation?.queryIndex).toBe(1);
  });

  it("names a metric-only series by the dataset's verbose name", () => {
    const answer = (metric: string): ChartProps['queriesData'][number] => ({
      data: [{ date: JAN, [metric]: 1 }],
      colnames: ['date', metric],
      coltypes: [2, 0],
      rowcount: 1,
    });
    const out = transformProps({
      formData: { datasource: '1__table', ...mixedTimeseriesExample.formData },
      queriesData: [answer('avg__temp_max'), answer('sum__precipitation')],
      width: 600,
      height: 400,
      datasource: {
        id: 1,
        type: 'table',
        uid: '1__table',
        name: 'seattle_weather',
        columns: [],
        metrics: [],
        verbose_map: { avg__temp_max: 'AVG(temp_max)' },
      },
      theme: 'light',
      hooks: {},
    });
    const option = out.option as { series: Array<{ name: string }> };
    expect(option.series.map((s) => s.name)).toEqual(['AVG(temp_max)', 'sum__precipitation']);
    expect(out.seriesMeta['AVG(temp_max)']?.queryIndex).toBe(0);
  });

  it('reserves room right of the secondary axis for its labels and its name', () => {
    const drawn = (precipitation: number[], formData: Record<string, unknown> = {}) => {
      const out = transformProps({
        formData: { datasource: '1__table', ...mixedTimeseriesExample.formData, ...formData },
        queriesData: [
          {
            data: [{ date: JAN, avg__temp_max: 7.1 }],
            colnames: ['date', 'avg__temp_max'],
            coltypes: [2, 0],
          },
          {
            data: precipitation.map((p, i) => ({ date: JAN + i * 1e9, sum__precipitation: p })),
            colnames: ['date', 'sum__precipitation'],
            coltypes: [2, 0],
          },
        ],
        width: 600,
        height: 400,
        datasource: null,
        theme: 'light',
        hooks: {},
      });
      return out.option as {
        grid: { right: number };
        yAxis: Array<{ nameGap: number; nameLocation: string }>;
      };
    };
    // jsdom has no canvas: text is estimated at 0.6 em a character of 12 px.
    const charWidth = 12 * 0.6;
    const rainfall = drawn([173.3, 284.5]);
    // The widest label is about the outermost tick, "300": 3 characters.
    expect(rainfall.yAxis[1]?.nameGap).toBeGreaterThanOrEqual(3 * charWidth + 8);
    // Labels, then the rotated name (about 14 px), then a margin before the canvas edge.
    expect(rainfall.grid.right).toBeGreaterThanOrEqual((rainfall.yAxis[1]?.nameGap ?? 0) + 14 + 4);
    // Wider labels push the name out and the grid in.
    const millions = drawn([1_250_000, 2_840_000], { y_axis_format_secondary: ',.0f' });
    expect(millions.yAxis[1]?.nameGap).toBeGreaterThanOrEqual('3,000,000'.length * charWidth + 8);
    expect(millions.grid.right).toBeGreaterThan(rainfall.grid.right);
    // The left axis keeps its own gap.
    expect(rainfall.yAxis[0]?.nameGap).toBe(50);
    // No secondary title: nothing is reserved for one.
    expect(drawn([173.3], { yAxisTitleSecondary: '' }).grid.right).toBe(20);
  });

  it('names the missing metric of query B', () => {
    expect(() =>
      transformProps({
        formData: { datasource: '1__table', ...mixedTimeseriesExample.formData },
        queriesData: [
          {
            data: [{ date: JAN, avg__temp_max: 1 }],
            colnames: ['date', 'avg__temp_max'],
            coltypes: [2, 0],
          },
          { data: [{ date: JAN, other: 1 }], colnames: ['date', 'other'], coltypes: [2, 0] },
        ],
        width: 600,
        height: 400,
        datasource: null,
        theme: 'light',
        hooks: {},
      }),
    ).toThrow('The metric "sum__precipitation" is missing from the query results.');
  });
});
