import { describe, expect, it } from 'vitest';
import { type AnnotationLayer, annotationSeries } from './timeseriesAnnotations.ts';

const JAN = Date.UTC(2024, 0, 1);
const FEB = Date.UTC(2024, 1, 1);

const draw = (layer: AnnotationLayer, records: Array<Record<string, unknown>>) =>
  annotationSeries({
    layers: [layer],
    data: { [String(layer.name)]: { records } },
    xValues: [JAN, FEB],
    colorOf: () => '#123456',
    formatTime: (v) => new Date(v).toISOString().slice(0, 10),
  });

describe('chart-sourced annotation layers', () => {
  it("draws another chart's rows as events at their time column, titled by the title column", () => {
    const [series] = draw(
      {
        name: 'Deploys',
        sourceType: 'table',
        annotationType: 'EVENT',
        value: 7,
        timeColumn: 'at',
        titleColumn: 'what',
        descriptionColumns: ['who'],
      },
      [
        { at: JAN, what: 'v1', who: 'ann' },
        { at: '2024-02-01 00:00:00', what: '', who: 'bob' },
        { at: null, what: 'never' },
      ],
    );
    expect(series?.markLine?.data).toEqual([
      { name: 'v1', xAxis: JAN },
      { name: 'bob', xAxis: FEB },
    ]);
  });

  it('shades intervals from the time column to the interval end column', () => {
    const [series] = draw(
      {
        name: 'Outages',
        sourceType: 'table',
        annotationType: 'INTERVAL',
        value: 7,
        timeColumn: 'start',
        intervalEndColumn: 'end',
      },
      [{ start: JAN, end: FEB }],
    );
    expect(series?.markArea?.data).toEqual([[{ name: '2024-01-01', xAxis: JAN }, { xAxis: FEB }]]);
  });

  it("draws a line chart's numeric columns as time series over its first column", () => {
    const series = draw(
      { name: 'Target', sourceType: 'line', annotationType: 'TIME_SERIES', value: 8, width: 2 },
      [
        { ts: JAN, 'SUM(n), a': 1, 'SUM(n), b': null },
        { ts: FEB, 'SUM(n), a': 3, 'SUM(n), b': 4 },
      ],
    );
    expect(series.map((s) => [s.name, s.data])).toEqual([
      [
        'Target, SUM(n), a',
        [
          [JAN, 1],
          [FEB, 3],
        ],
      ],
      [
        'Target, SUM(n), b',
        [
          [JAN, null],
          [FEB, 4],
        ],
      ],
    ]);
    const [single] = draw(
      { name: 'Target', sourceType: 'line', annotationType: 'TIME_SERIES', hideLine: true },
      [{ ts: JAN, total: 5 }],
    );
    expect(single?.name).toBe('Target');
    expect(single?.lineStyle).toMatchObject({ width: 0 });
  });

  it('draws nothing for a chart-sourced layer without rows or hidden', () => {
    expect(draw({ name: 'Empty', sourceType: 'line', annotationType: 'TIME_SERIES' }, [])).toEqual(
      [],
    );
    expect(
      draw({ name: 'Off', sourceType: 'table', annotationType: 'EVENT', show: false }, [
        { at: JAN },
      ]),
    ).toEqual([]);
  });
});
