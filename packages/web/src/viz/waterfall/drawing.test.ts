import { describe, expect, it } from 'vitest';
import { drawnTexts, textsOutside } from '../common/drawTesting.ts';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

const year = (y: number) => Date.UTC(y, 0, 1);
const rows = [2001, 2002].flatMap((y, i) => [
  { year: year(y), source: 'Fossil Fuels', net: 40 - 10 * i },
  { year: year(y), source: 'Nuclear', net: 12 },
  { year: year(y), source: 'Renewables', net: 6 + 4 * i },
]);

function draw(width: number, height: number, formData: Record<string, unknown> = {}) {
  const props: ChartProps = {
    formData: {
      datasource: '9__table',
      viz_type: 'waterfall',
      x_axis: 'year',
      time_grain_sqla: 'P1Y',
      x_axis_time_format: '%Y',
      groupby: ['source'],
      metric: 'net',
      ...formData,
    },
    queriesData: [
      { colnames: ['year', 'source', 'net'], coltypes: [2, 1, 0], rowcount: 6, data: rows },
    ],
    width,
    height,
    datasource: null,
    theme: 'light',
    hooks: {},
  };
  return drawnTexts(transformProps(props).option, width, height);
}

const centre = (t: { left: number; right: number }) => (t.left + t.right) / 2;

describe('waterfall with a breakdown, drawn into a tile', () => {
  for (const [width, height] of [
    [420, 300],
    [1000, 420],
  ] as const) {
    it(`names the first bar's period 2001 under it in a ${width} x ${height} tile`, () => {
      const texts = draw(width, height, { x_axis_title: 'Year' });
      expect(textsOutside(texts, width, height)).toEqual([]);
      // The lowest "2001": the period row, below the subtotal bar's own "2001" tick label.
      const period = texts.filter((t) => t.text === '2001').sort((a, b) => b.top - a.top)[0];
      const firstBar = texts.find((t) => t.text.startsWith('Fossil'));
      expect(period).toBeDefined();
      expect(firstBar).toBeDefined();
      if (!period || !firstBar) return;
      // On the row below the first bar's own label, centred under the same bar.
      expect(period.top).toBeGreaterThanOrEqual(firstBar.bottom);
      expect(Math.abs(centre(period) - centre(firstBar))).toBeLessThan(2);
      // The axis title below the period row.
      const title = texts.find((t) => t.text === 'Year');
      expect(title?.top).toBeGreaterThanOrEqual(period.bottom);
    });
  }

  it('keeps the period row below rotated tick labels', () => {
    const texts = draw(1000, 420, { x_ticks_layout: '45°' });
    expect(textsOutside(texts, 1000, 420)).toEqual([]);
    const period = texts.filter((t) => t.text === '2002').sort((a, b) => b.top - a.top)[0];
    const ticks = texts.filter((t) => t.text === 'Renewables');
    expect(period).toBeDefined();
    for (const tick of ticks) expect(period?.top).toBeGreaterThanOrEqual(tick.bottom - 1);
  });
});
