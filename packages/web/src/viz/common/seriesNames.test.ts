import { describe, expect, it } from 'vitest';
import { readableSeriesName } from './timeseriesOption.ts';

const verbose = { avg__price: 'AVG(price)' };

describe('readableSeriesName', () => {
  it('names a time comparison series by its metric and offset, not its raw key', () => {
    expect(readableSeriesName('avg__price__1 year ago', false, ['1 year ago'], verbose)).toBe(
      'AVG(price), 1 year ago',
    );
    expect(
      readableSeriesName('avg__price__28 days ago, AAPL', true, ['28 days ago'], verbose),
    ).toBe('AVG(price), 28 days ago, AAPL');
  });

  it("shows a plain metric's verbose name, and a grouped series as it is", () => {
    expect(readableSeriesName('avg__price', false, ['1 year ago'], verbose)).toBe('AVG(price)');
    expect(readableSeriesName('AAPL', true, [], verbose)).toBe('AAPL');
  });
});
