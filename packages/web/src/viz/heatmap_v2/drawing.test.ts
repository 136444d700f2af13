import { describe, expect, it, vi } from 'vitest';
import { drawnTexts, textsOutside } from '../common/drawTesting.ts';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

/** cars: count by origin and cylinders, as the query orders them (by origin, then cylinders). */
const rows = [
  ['Europe', 4, 66],
  ['Europe', 5, 3],
  ['Europe', 6, 4],
  ['Japan', 3, 4],
  ['Japan', 4, 69],
  ['Japan', 6, 6],
  ['USA', 4, 72],
  ['USA', 6, 74],
  ['USA', 8, 108],
].map(([origin, cylinders, count]) => ({ origin, cylinders, count, rank: 0.5 }));

function props(sort: Record<string, string>, width: number, height: number): ChartProps {
  return {
    formData: {
      datasource: '1__table',
      viz_type: 'heatmap_v2',
      x_axis: 'origin',
      groupby: ['cylinders'],
      metric: 'count',
      ...sort,
    },
    queriesData: [
      {
        colnames: ['origin', 'cylinders', 'count', 'rank'],
        coltypes: [1, 0, 0, 0],
        rowcount: rows.length,
        data: rows,
      },
    ],
    width,
    height,
    datasource: null,
    theme: 'light',
    hooks: { onContextMenu: vi.fn() },
  };
}

/** The y-axis labels from the bottom of the chart up, as a reader sees them. */
function yLabelsUpwards(sort: Record<string, string>, width = 600, height = 400) {
  const texts = drawnTexts(transformProps(props(sort, width, height)).option, width, height);
  return (
    texts
      // Left of the cells: the axis, not the legend's handles at the right.
      .filter((t) => /^\d$/.test(t.text) && t.right < width / 4)
      .sort((a, b) => b.top - a.top)
      .map((t) => t.text)
  );
}

describe('heatmap axis sorting, drawn', () => {
  it('draws the cylinders ascending with "Axis ascending", not in the order rows brought them', () => {
    expect(yLabelsUpwards({ sort_y_axis: 'alpha_asc' })).toEqual(['3', '4', '5', '6', '8']);
    expect(yLabelsUpwards({ sort_y_axis: 'alpha_desc' })).toEqual(['8', '6', '5', '4', '3']);
  });

  it('orders by the metric summed over each category with "Metric ascending"', () => {
    // 3: 4, 5: 3, 6: 84, 4: 207, 8: 108.
    expect(yLabelsUpwards({ sort_y_axis: 'value_asc' })).toEqual(['5', '3', '6', '8', '4']);
    const o = transformProps(props({ sort_x_axis: 'value_desc' }, 600, 400)).option as {
      xAxis: { data: string[] };
    };
    expect(o.xAxis.data).toEqual(['USA', 'Japan', 'Europe']);
  });

  for (const [width, height] of [
    [320, 220],
    [1000, 420],
  ] as const) {
    it(`keeps every axis label and the legend inside a ${width} x ${height} tile`, () => {
      const option = transformProps(props({ sort_y_axis: 'alpha_asc' }, width, height)).option;
      const texts = drawnTexts(option, width, height);
      expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['Europe', 'USA', '8']));
      expect(textsOutside(texts, width, height)).toEqual([]);
    });
  }
});
