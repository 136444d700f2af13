import { funnelExample } from '@tessera/shared/viz/funnel/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { phase_of_flight: 'Approach', Strikes: 400 },
  { phase_of_flight: 'Climb', Strikes: 200 },
  { phase_of_flight: 'Take-off run', Strikes: 100 },
  { phase_of_flight: 'Landing Roll', Strikes: 100 },
];

type Step = { name: string; value: number; percent: number };

describe('funnel transformProps', () => {
  it('draws a step per row with its share of the total', () => {
    const props = transformProps(chartPropsFor(funnelExample.formData, rows, [1, 0]));
    const series = firstSeries(props.option);
    const data = series.data as Step[];
    expect(data.map((d) => [d.name, d.value, d.percent])).toEqual([
      ['Approach', 400, 0.5],
      ['Climb', 200, 0.25],
      ['Take-off run', 100, 0.125],
      ['Landing Roll', 100, 0.125],
    ]);
    expect(series.sort).toBe('descending');
    const label = series.label as { formatter: (p: { data: Step }) => string };
    expect(label.formatter({ data: data[1] as Step })).toBe('Climb: 25.00%');
    expect(Object.keys(props.points)).toEqual(rows.map((r) => r.phase_of_flight));
  });

  it('computes shares from the previous step or the first step', () => {
    const previous = transformProps(
      chartPropsFor(
        { ...funnelExample.formData, percent_calculation_type: 'prev_step' },
        rows,
        [1, 0],
      ),
    );
    expect((firstSeries(previous.option).data as Step[]).map((d) => d.percent)).toEqual([
      1, 0.5, 0.5, 1,
    ]);
    const first = transformProps(
      chartPropsFor(
        { ...funnelExample.formData, percent_calculation_type: 'first_step' },
        rows,
        [1, 0],
      ),
    );
    expect((firstSeries(first.option).data as Step[]).map((d) => d.percent)).toEqual([
      1, 0.5, 0.25, 0.25,
    ]);
  });

  it('says which metric is missing from the results', () => {
    expect(() =>
      transformProps(
        chartPropsFor(funnelExample.formData, [{ phase_of_flight: 'Climb', n: 1 }], [1, 0]),
      ),
    ).toThrow('The metric "Strikes" is missing from the query results');
  });
});
