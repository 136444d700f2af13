import { radarExample } from '@tessera/shared/viz/radar/example';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, firstSeries } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  {
    origin: 'USA',
    'Miles per gallon': 20.1,
    Horsepower: 119,
    Acceleration: 15,
    Cylinders: 6.2,
    'Weight (lbs)': 3372,
  },
  {
    origin: 'Japan',
    'Miles per gallon': 30.5,
    Horsepower: 79,
    Acceleration: 16.2,
    Cylinders: 4.1,
    'Weight (lbs)': 2221,
  },
  {
    origin: 'Europe',
    'Miles per gallon': 27.9,
    Horsepower: 81,
    Acceleration: 16.8,
    Cylinders: 4.2,
    'Weight (lbs)': 2433,
  },
];

describe('radar transformProps', () => {
  it('draws one polygon per group on an axis per metric, with the configured maxima', () => {
    const props = transformProps(chartPropsFor(radarExample.formData, rows, [1, 0, 0, 0, 0, 0]));
    const radar = (props.option as { radar: { indicator: Array<{ name: string; max: number }> } })
      .radar;
    expect(radar.indicator).toEqual([
      { name: 'Miles per gallon', max: 40 },
      { name: 'Horsepower', max: 200 },
      { name: 'Acceleration', max: 20 },
      { name: 'Cylinders', max: 8 },
      { name: 'Weight (lbs)', max: 5000 },
    ]);
    const data = firstSeries(props.option).data as Array<{ name: string; value: number[] }>;
    expect(data.map((d) => d.name)).toEqual(['USA', 'Japan', 'Europe']);
    expect(data[1]?.value).toEqual([30.5, 79, 16.2, 4.1, 2221]);
    expect(props.points.Japan?.filters).toEqual([
      { col: 'origin', val: 'Japan', formattedVal: 'Japan' },
    ]);
  });

  it('fits an axis to the data when it has no maximum, and reads a JSON string config', () => {
    const props = transformProps(
      chartPropsFor(
        { ...radarExample.formData, column_config: '{"Horsepower": {"radarMetricMaxValue": 150}}' },
        rows,
        [1, 0, 0, 0, 0, 0],
      ),
    );
    const radar = (props.option as { radar: { indicator: Array<{ name: string; max: number }> } })
      .radar;
    expect(radar.indicator[0]).toEqual({ name: 'Miles per gallon', max: 50 });
    expect(radar.indicator[1]).toEqual({ name: 'Horsepower', max: 150 });
  });

  it('sizes the radar so that its names fit, wrapping them in a small box', () => {
    type Radar = {
      radius: number;
      center: [number, number];
      axisName: { formatter: (name: string) => string };
    };
    const radarAt = (width: number, height: number) =>
      (
        transformProps(
          chartPropsFor(radarExample.formData, rows, [1, 0, 0, 0, 0, 0], { width, height }),
        ).option as { radar: Radar }
      ).radar;
    // The old fixed margin (a radius of min(w, h) / 2 - 40) cut "Horsepower" and "Weight (lbs)"
    // in a narrow box.
    expect(radarAt(260, 320).radius).toBeLessThan(260 / 2 - 40);
    const small = radarAt(400, 320);
    expect(small.axisName.formatter('Miles per gallon')).toBe('Miles per\ngallon');
    expect(small.axisName.formatter('Cylinders')).toBe('Cylinders');
    const large = radarAt(1280, 800);
    expect(large.axisName.formatter('Miles per gallon')).toBe('Miles per gallon');
    expect(large.radius).toBeGreaterThan(300);
  });

  it('explains a bad metric configuration and a missing metric', () => {
    expect(() =>
      transformProps(
        chartPropsFor(
          { ...radarExample.formData, column_config: '{oops' },
          rows,
          [1, 0, 0, 0, 0, 0],
        ),
      ),
    ).toThrow('"Customize Metrics" is not valid JSON.');
    expect(() =>
      transformProps(chartPropsFor(radarExample.formData, [{ origin: 'USA', x: 1 }], [1, 0])),
    ).toThrow('The metric "Miles per gallon" is missing from the query results');
  });
});
