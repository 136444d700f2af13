import { sunburstExample } from '@tessera/shared/viz/sunburst_v2/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { species: 'Adelie', island: 'Biscoe', sex: 'FEMALE', Penguins: 22 },
  { species: 'Adelie', island: 'Dream', sex: 'MALE', Penguins: 28 },
  { species: 'Gentoo', island: 'Biscoe', sex: 'MALE', Penguins: 61 },
];

interface Item {
  name: string;
  value: number;
  itemStyle: { color: string };
  children?: Item[];
}

describe('sunburst transformProps', () => {
  it('builds rings innermost first, coloured by label, with the total in the middle', () => {
    const props = transformProps(chartPropsFor(sunburstExample.formData, rows, [1, 1, 1, 0]));
    const series = firstSeries(props.option);
    const data = series.data as Item[];
    expect(data.map((d) => [d.name, d.value])).toEqual([
      ['Adelie', 50],
      ['Gentoo', 61],
    ]);
    expect(data[0]?.children?.map((c) => c.name)).toEqual(['Biscoe', 'Dream']);
    expect(data[0]?.children?.[0]?.children?.[0]?.name).toBe('FEMALE');
    expect(series.radius).toEqual(['22%', '95%']);
    const graphic = (props.option as { graphic: { style: { text: string } } }).graphic;
    expect(graphic.style.text).toBe('Total: 111');
  });

  it('colours by secondary / primary on the sequential scale when a secondary metric is set', () => {
    const props = transformProps(
      chartPropsFor(
        {
          viz_type: 'sunburst_v2',
          columns: ['species'],
          metric: 'count',
          secondary_metric: 'heavy',
        },
        [
          { species: 'Adelie', count: 10, heavy: 1 },
          { species: 'Gentoo', count: 10, heavy: 9 },
        ],
        [1, 0, 0],
      ),
    );
    const data = firstSeries(props.option).data as Item[];
    expect(data[0]?.itemStyle.color).not.toBe(data[1]?.itemStyle.color);
  });

  it('asks for a hierarchy and says which metric is missing', () => {
    expect(() =>
      transformProps(
        chartPropsFor({ viz_type: 'sunburst_v2', metric: 'count' }, rows, [1, 1, 1, 0]),
      ),
    ).toThrow('This chart needs at least one column in the "Hierarchy" control.');
    expect(() =>
      transformProps(
        chartPropsFor(
          sunburstExample.formData,
          [{ species: 'a', island: 'b', sex: 'c', n: 1 }],
          [1, 1, 1, 0],
        ),
      ),
    ).toThrow('The metric "Penguins" is missing from the query results');
  });
});
