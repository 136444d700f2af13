import { describe, expect, it } from 'vitest';
import { textWidth, wrapText } from './textMeasure.ts';

// jsdom has no canvas: widths are estimated at 0.6 em a character, 6 px at 10 px.
describe('text measure', () => {
  it('estimates a width where no canvas can measure', () => {
    expect(textWidth('abcd', 10)).toBeCloseTo(24);
  });

  it('wraps at spaces, keeps a word whole up to its own limit and cuts a longer one', () => {
    expect(wrapText('Miles per gallon', 10, 60).lines).toEqual(['Miles per', 'gallon']);
    expect(wrapText('Miles per gallon', 10, 200)).toEqual({
      lines: ['Miles per gallon'],
      width: 96,
    });
    expect(wrapText('Acceleration now', 10, 48, 80).lines).toEqual(['Acceleration', 'now']);
    expect(wrapText('Acceleration', 10, 48).lines).toEqual(['Accelera', 'tion']);
    expect(wrapText('Acceleration', 10, 48).width).toBeLessThanOrEqual(48);
  });
});
