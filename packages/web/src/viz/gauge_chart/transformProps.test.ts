import { gaugeExample } from '@tessera/shared/viz/gauge_chart/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

describe('gauge transformProps', () => {
  it('draws the metric on the configured axis with coloured intervals', () => {
    const props = transformProps(
      chartPropsFor(gaugeExample.formData, [{ 'Average high': 16.44 }], [0]),
    );
    const series = firstSeries(props.option);
    expect(series).toMatchObject({
      type: 'gauge',
      min: 0,
      max: 35,
      startAngle: 225,
      endAngle: -45,
      splitNumber: 7,
    });
    const data = series.data as Array<{ name: string; value: number }>;
    expect(data.map((d) => [d.name, d.value])).toEqual([['Average high', 16.44]]);
    const bands = (series.axisLine as { lineStyle: { color: Array<[number, string]> } }).lineStyle
      .color;
    expect(bands.map(([stop]) => stop)).toEqual([10 / 35, 20 / 35, 1]);
    expect(new Set(bands.map(([, color]) => color)).size).toBe(3);
    const detail = series.detail as { formatter: (v: number) => string };
    expect(detail.formatter(16.44)).toBe('16.4 °C');
    expect(series.progress).toMatchObject({ show: false, overlap: true, roundCap: true });
  });

  it('draws one needle per group and picks a round maximum when none is set', () => {
    const props = transformProps(
      chartPropsFor(
        { viz_type: 'gauge_chart', groupby: ['weather'], metric: 'days' },
        [
          { weather: 'rain', days: 641 },
          { weather: 'sun', days: 640 },
        ],
        [1, 0],
      ),
    );
    const series = firstSeries(props.option);
    expect(series.max).toBe(1000);
    expect((series.data as Array<{ name: string }>).map((d) => d.name)).toEqual(['rain', 'sun']);
    expect(Object.keys(props.points)).toEqual(['rain', 'sun']);
  });

  it('says which metric is missing from the results', () => {
    expect(() => transformProps(chartPropsFor(gaugeExample.formData, [{ other: 1 }], [0]))).toThrow(
      'The metric "Average high" is missing from the query results',
    );
  });
});
