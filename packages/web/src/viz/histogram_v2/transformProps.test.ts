import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions read the ECharts option loosely.
type Loose = Record<string, any>;

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData: {
      datasource: '12__table',
      viz_type: 'histogram_v2',
      column: 'body_mass_g',
      groupby: ['species'],
      x_axis_format: ',d',
      show_value: true,
    },
    queriesData: [
      {
        colnames: [
          'species',
          '2700.0 - 3600.0',
          '3600.0 - 4500.0',
          '4500.0 - 5400.0',
          '5400.0 - 6300.0',
        ],
        coltypes: [1, 0, 0, 0, 0],
        rowcount: 2,
        data: [
          {
            species: 'Adelie',
            '2700.0 - 3600.0': 40,
            '3600.0 - 4500.0': 100,
            '4500.0 - 5400.0': 11,
            '5400.0 - 6300.0': 0,
          },
          {
            species: 'Gentoo',
            '2700.0 - 3600.0': 0,
            '3600.0 - 4500.0': 10,
            '4500.0 - 5400.0': 80,
            '5400.0 - 6300.0': 33,
          },
        ],
      },
    ],
    width: 600,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks: {},
    ...overrides,
  };
}

describe('histogram_v2 transformProps', () => {
  it('draws the server bins as bars, one series per group', () => {
    const o = transformProps(props()).option as Loose;
    expect(o.xAxis.data).toEqual([
      '2,700 - 3,600',
      '3,600 - 4,500',
      '4,500 - 5,400',
      '5,400 - 6,300',
    ]);
    expect(o.series.map((s: { name: string }) => s.name)).toEqual(['Adelie', 'Gentoo']);
    expect(o.series[1].data).toEqual([0, 10, 80, 33]);
    expect(o.series[0].label.show).toBe(true);
    expect(o.legend.show).toBe(true);
  });

  it('names the single series after the column without dimensions', () => {
    const o = transformProps(
      props({
        formData: { datasource: '12__table', viz_type: 'histogram_v2', column: 'body_mass_g' },
        queriesData: [
          { colnames: ['1.0 - 2.0'], coltypes: [0], rowcount: 1, data: [{ '1.0 - 2.0': 3 }] },
        ],
      }),
    ).option as Loose;
    expect(o.series[0].name).toBe('body_mass_g');
    expect(o.legend.show).toBe(false);
  });

  it('refuses an answer that is not binned, and a chart without a column', () => {
    expect(() =>
      transformProps(
        props({
          queriesData: [
            {
              colnames: ['species', 'body_mass_g'],
              coltypes: [1, 0],
              rowcount: 1,
              data: [{ species: 'Adelie', body_mass_g: 3 }],
            },
          ],
        }),
      ),
    ).toThrow('The query results are not binned');
    expect(() =>
      transformProps(props({ formData: { datasource: '1__table', viz_type: 'histogram_v2' } })),
    ).toThrow('Choose a column in "Column" to draw this chart.');
  });
});
