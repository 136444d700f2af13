import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bigNumberExample } from '../../../../shared/src/viz/big_number/example.ts';
import { bigNumberFontSizes, fittedFontSize } from '../common/BigNumberView.tsx';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

const month = (m: number) => Date.UTC(2009, m, 1);
const rows = Array.from({ length: 14 }, (_, m) => ({ date: month(m), avg__price: 1000 + m * 10 }));

function props(formData: Record<string, unknown> = {}, data = rows): ChartProps {
  return {
    formData: { datasource: '1__table', ...bigNumberExample.formData, ...formData },
    queriesData: [
      { data, colnames: ['date', 'avg__price'], coltypes: [2, 0], rowcount: data.length },
    ],
    width: 400,
    height: 300,
    datasource: null,
    theme: 'light',
    hooks: {},
  };
}

describe('big number with trendline transform', () => {
  it('shows the latest value, its date and the change on compare_lag periods ago', () => {
    const out = transformProps(props());
    expect(out.formattedNumber).toBe('1,130');
    expect(out.timestamp).toBe('Feb 2010');
    // 1130 against 1010 twelve months before.
    expect(out.comparison).toEqual({ text: '+11.9% over last year', positive: true });
    const series = (out.trendline as { series: Array<{ data: unknown[] }> }).series;
    expect(series[0]?.data).toHaveLength(14);
  });

  it('skips a trailing empty bucket and draws no trendline when switched off', () => {
    const out = transformProps(
      props({ show_trend_line: false }, [
        ...rows,
        { date: month(14), avg__price: null as unknown as number },
      ]),
    );
    expect(out.formattedNumber).toBe('1,130');
    expect(out.trendline).toBeNull();
  });

  it('asks for a metric and names a missing one', () => {
    expect(() => transformProps(props({ metric: null }))).toThrow(
      'This chart needs a metric: choose one in the "Metric" control.',
    );
    expect(() => transformProps(props({ metric: 'count' }))).toThrow(
      'The metric "count" is missing from the query results.',
    );
  });

  it('fits the number into the box', () => {
    expect(fittedFontSize('1,130', 400, 300, 0.4)).toBe(120);
    expect(fittedFontSize('123,456,789,012', 200, 300, 0.4)).toBeLessThan(25);
  });

  it('fits the number by its measured width, not by its count of characters', () => {
    // "3M" in bold: wide glyphs, as a canvas measures them (1.56 em for two characters).
    const bold = (text: string) => (text === '3M' ? 1.56 : text.length * 0.6);
    const size = fittedFontSize('3M', 136, 366, 0.4, bold);
    expect(size * 1.56).toBeLessThanOrEqual(136);
    expect(size * 1.56).toBeGreaterThan(136 * 0.85);
  });

  it('keeps the subheader and comparison on one line inside the width', () => {
    for (const [width, height] of [
      [433, 358],
      [1280, 800],
      [170, 360],
    ] as const) {
      const subheader = 'domestic US flights in 2001';
      const sizes = bigNumberFontSizes({
        width,
        height,
        formattedNumber: '3M',
        headerFontSize: 0.4,
        subheaderFontSize: 0.15,
        timestamp: '',
        comparison: null,
        subheader,
        trendline: null,
      });
      // jsdom has no canvas: text is estimated at 0.6 em a character.
      const subWidth = subheader.length * 0.6 * sizes.sub;
      if (sizes.sub > 10) expect(subWidth).toBeLessThanOrEqual(width);
      expect(2 * 0.6 * sizes.number).toBeLessThanOrEqual(width);
      expect(
        sizes.number * 1.1 + sizes.sub * 1.25 * Math.ceil(subWidth / (width * 0.92)),
      ).toBeLessThanOrEqual(height);
    }
  });

  it('wraps a subheader rather than shrinking it past readable, and leaves it room', () => {
    const subheader = 'flights that left a US airport between January and December 2001';
    const sizes = bigNumberFontSizes({
      width: 160,
      height: 300,
      formattedNumber: '3M',
      headerFontSize: 0.4,
      subheaderFontSize: 0.15,
      timestamp: '',
      comparison: null,
      subheader,
      trendline: null,
    });
    expect(sizes.sub).toBe(10);
    const lines = Math.ceil((subheader.length * 0.6 * 10) / (160 * 0.92));
    expect(sizes.number * 1.1 + lines * 10 * 1.25).toBeLessThanOrEqual(300);
  });

  it('keeps timestamp, number and comparison inside the text block of a tall box', () => {
    const sizes = bigNumberFontSizes({
      width: 1280,
      height: 800,
      formattedNumber: '1,140',
      headerFontSize: 0.4,
      subheaderFontSize: 0.15,
      timestamp: 'Mar 2010',
      comparison: { text: '+42.9% over last year', positive: true },
      subheader: '',
      trendline: {},
    });
    const used = sizes.number * 1.1 + sizes.timestamp * 1.25 + sizes.sub * 1.25;
    expect(used).toBeLessThanOrEqual(sizes.textHeight);
    expect(sizes.number).toBeGreaterThan(200);
  });
});

describe('big number with trendline chart', () => {
  it('draws the number, comparison and subheader', async () => {
    const { BigNumberView } = await import('../common/BigNumberView.tsx');
    render(
      <BigNumberView
        {...transformProps(props({ subheader: 'S&P 500', show_trend_line: false }))}
      />,
    );
    expect(screen.getByTestId('big-number').textContent).toBe('1,130');
    expect(screen.getByTestId('big-number-comparison').textContent).toBe('+11.9% over last year');
    expect(screen.getByTestId('big-number-subheader').textContent).toBe('S&P 500');
  });
});
