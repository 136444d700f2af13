import { treemapExample } from '@tessera/shared/viz/treemap_v2/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { major_genre: 'Action', mpaa_rating: 'PG-13', 'Worldwide gross': 30e9 },
  { major_genre: 'Action', mpaa_rating: 'R', 'Worldwide gross': 20e9 },
  { major_genre: 'Comedy', mpaa_rating: 'PG-13', 'Worldwide gross': 15e9 },
];

interface Item {
  name: string;
  value: number;
  pointKey: string;
  itemStyle: { color?: string; opacity?: number };
  children?: Item[];
}

describe('treemap transformProps', () => {
  it('nests the levels and sums each parent', () => {
    const props = transformProps(chartPropsFor(treemapExample.formData, rows, [1, 1, 0]));
    const series = firstSeries(props.option);
    const data = series.data as Item[];
    expect(data.map((d) => [d.name, d.value])).toEqual([
      ['Action', 50e9],
      ['Comedy', 15e9],
    ]);
    expect(data[0]?.children?.map((c) => [c.name, c.value])).toEqual([
      ['PG-13', 30e9],
      ['R', 20e9],
    ]);
    expect(data[0]?.itemStyle.color).toBeTruthy();
    const label = series.label as { formatter: (p: { name: string; value: number }) => string };
    expect(label.formatter({ name: 'Action', value: 50e9 })).toBe('Action: 50B');
    const child = data[0]?.children?.[1] as Item;
    expect(props.points[child.pointKey]).toEqual({
      label: 'Action, R',
      filters: [
        { col: 'major_genre', val: 'Action', formattedVal: 'Action' },
        { col: 'mpaa_rating', val: 'R', formattedVal: 'R' },
      ],
    });
  });

  it('zooms on click in Explore but cross-filters on a dashboard', () => {
    const explore = transformProps(chartPropsFor(treemapExample.formData, rows, [1, 1, 0]));
    expect(firstSeries(explore.option).nodeClick).toBe('zoomToNode');
    const dashboard = transformProps(
      chartPropsFor(treemapExample.formData, rows, [1, 1, 0], { hooks: { setDataMask: () => {} } }),
    );
    expect(firstSeries(dashboard.option).nodeClick).toBe(false);
  });

  it('says which column is missing from the results', () => {
    expect(() =>
      transformProps(
        chartPropsFor(
          treemapExample.formData,
          [{ major_genre: 'Action', 'Worldwide gross': 1 }],
          [1, 0],
        ),
      ),
    ).toThrow('The column "mpaa_rating" is missing from the query results');
  });
});
