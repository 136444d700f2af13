import { sankeyExample } from '@tessera/shared/viz/sankey_v2/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { time_of_day: 'Day', phase_of_flight: 'Approach', Strikes: 2500 },
  { time_of_day: 'Night', phase_of_flight: 'Approach', Strikes: 1800 },
  { time_of_day: 'Day', phase_of_flight: 'Climb', Strikes: 1100 },
];

describe('sankey transformProps', () => {
  it('makes nodes of the sources and targets and a link per row', () => {
    const props = transformProps(chartPropsFor(sankeyExample.formData, rows, [1, 1, 0]));
    const series = firstSeries(props.option);
    expect((series.data as Array<{ name: string }>).map((n) => n.name)).toEqual([
      'Day',
      'Approach',
      'Night',
      'Climb',
    ]);
    const links = series.links as Array<{
      source: string;
      target: string;
      value: number;
      pointKey: string;
    }>;
    expect(links.map((l) => [l.source, l.target, l.value])).toEqual(
      rows.map((r) => [r.time_of_day, r.phase_of_flight, r.Strikes]),
    );
    expect(props.points[links[0]?.pointKey as string]?.label).toBe('Day \u2192 Approach');
  });

  it('refuses a loop with Superset’s message', () => {
    expect(() =>
      transformProps(
        chartPropsFor(
          { ...sankeyExample.formData },
          [
            { time_of_day: 'A', phase_of_flight: 'B', Strikes: 1 },
            { time_of_day: 'B', phase_of_flight: 'A', Strikes: 1 },
          ],
          [1, 1, 0],
        ),
      ),
    ).toThrow('There is a loop in your Sankey, please provide a tree');
  });

  it('says which column is missing from the results', () => {
    expect(() =>
      transformProps(
        chartPropsFor(sankeyExample.formData, [{ time_of_day: 'Day', Strikes: 1 }], [1, 0]),
      ),
    ).toThrow('The column "phase_of_flight" is missing from the query results');
  });
});
