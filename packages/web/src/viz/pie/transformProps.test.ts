import { pieExample } from '@tessera/shared/viz/pie/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { major_genre: 'Action', 'Worldwide gross': 60_000_000_000 },
  { major_genre: 'Adventure', 'Worldwide gross': 50_000_000_000 },
  { major_genre: 'Comedy', 'Worldwide gross': 40_000_000_000 },
  { major_genre: 'Documentary', 'Worldwide gross': 1_000_000_000 },
];

type Label = { formatter: (p: { name: string; value: number }) => string };

describe('pie transformProps', () => {
  it('draws a slice per row, labelled by the label type, with a total in the middle', () => {
    const props = transformProps(chartPropsFor(pieExample.formData, rows, [1, 0]));
    const series = firstSeries(props.option);
    const data = series.data as Array<{
      name: string;
      value: number;
      itemStyle: { color: string };
    }>;
    expect(data.map((d) => [d.name, d.value])).toEqual(
      rows.map((r) => [r.major_genre, r['Worldwide gross']]),
    );
    expect(data[0]?.itemStyle.color).toMatch(/^#|rgb/);
    // The inner and outer radius shares of the chart (800 x 600 here), in pixels.
    expect(series.radius).toEqual([120, 210]);
    const label = series.label as Label;
    expect(label.formatter({ name: 'Action', value: 60_000_000_000 })).toBe('Action: 39.74%');
    // Under the 3% threshold of the example: no label.
    expect(label.formatter({ name: 'Documentary', value: 1_000_000_000 })).toBe('');
    const small = series.data as Array<{ name: string; labelLine?: { show: boolean } }>;
    expect(small.find((d) => d.name === 'Documentary')?.labelLine).toEqual({ show: false });
    expect(small.find((d) => d.name === 'Action')?.labelLine).toBeUndefined();
    const graphic = (props.option as { graphic: { style: { text: string } } }).graphic;
    expect(graphic.style.text).toBe('Total: 151B');
    expect(props.points.Action?.filters).toEqual([
      { col: 'major_genre', val: 'Action', formattedVal: 'Action' },
    ]);
  });

  it('fades the slices the dashboard is not filtered by', () => {
    const props = transformProps(
      chartPropsFor(pieExample.formData, rows, [1, 0], {
        filterState: { value: [['Comedy']], selectedValues: ['Comedy'] },
      }),
    );
    const data = firstSeries(props.option).data as Array<{
      name: string;
      itemStyle: { opacity?: number };
    }>;
    expect(props.selected).toBe('Comedy');
    expect(data.find((d) => d.name === 'Comedy')?.itemStyle.opacity).toBeUndefined();
    expect(data.find((d) => d.name === 'Action')?.itemStyle.opacity).toBe(0.3);
  });

  it('formats dates and NULLs in slice names', () => {
    const props = transformProps(
      chartPropsFor(
        { viz_type: 'pie', groupby: ['release_date'], metric: 'count', date_format: '%Y-%m-%d' },
        [
          { release_date: Date.UTC(1999, 0, 2), count: 3 },
          { release_date: null, count: 1 },
        ],
        [2, 0],
      ),
    );
    const data = firstSeries(props.option).data as Array<{ name: string }>;
    expect(data.map((d) => d.name)).toEqual(['1999-01-02', '<NULL>']);
  });

  it('says which metric is missing from the results', () => {
    expect(() =>
      transformProps(
        chartPropsFor(pieExample.formData, [{ major_genre: 'Action', count: 1 }], [1, 0]),
      ),
    ).toThrow('The metric "Worldwide gross" is missing from the query results');
  });

  it('asks for a metric when none is chosen', () => {
    expect(() =>
      transformProps(chartPropsFor({ viz_type: 'pie', groupby: ['a'] }, rows, [1, 0])),
    ).toThrow('This chart needs a metric');
  });
});
