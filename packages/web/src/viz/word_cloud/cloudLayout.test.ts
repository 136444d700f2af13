import { describe, expect, it } from 'vitest';
import { startingScale } from './cloudLayout.ts';

/** Every character 0.5 em wide: a word of n letters at size s is n * s / 2 wide. */
const halfEm = (text: string, fontSize: number) => (text.length * fontSize) / 2;

describe('startingScale', () => {
  it('keeps the sizes as they are when the words cover little of the box', () => {
    expect(startingScale([{ text: 'tiny', size: 10 }], [400, 300], halfEm)).toBe(1);
  });

  it('shrinks so that the words boxes cover a little over half of the box', () => {
    // 100 words of 6 letters at 40 px: (120 + 4) x (40 + 4) each, 545,600 px² in all, against
    // 400 x 360 = 144,000 px²: at 0.55 of it the area shrinks by ~0.145, the sizes by its root.
    const words = Array.from({ length: 100 }, (_, i) => ({
      text: `word${String(i % 10)}x`,
      size: 40,
    }));
    const scale = startingScale(words, [400, 360], halfEm);
    expect(scale).toBeCloseTo(Math.sqrt((0.55 * 400 * 360) / (100 * 124 * 44)), 6);
    expect(scale).toBeLessThan(0.4);
  });

  it('scales with the box: a box twice as wide and tall takes sizes twice as large', () => {
    const words = [
      { text: 'alpha', size: 70 },
      { text: 'beta', size: 50 },
      { text: 'gamma', size: 30 },
    ];
    const small = startingScale(words, [60, 50], halfEm);
    const large = startingScale(words, [120, 100], halfEm);
    expect(large).toBeLessThan(1);
    // Four times the area at the same word boxes: twice the scale.
    expect(large / small).toBeCloseTo(2, 6);
  });

  it('starts at 1 for no words or words without width', () => {
    expect(startingScale([], [400, 300], halfEm)).toBe(1);
    expect(startingScale([{ text: '', size: 0 }], [0, 0], () => 0)).toBe(1);
  });
});
