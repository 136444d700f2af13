import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATEGORICAL_SCHEME,
  DEFAULT_SEQUENTIAL_SCHEME,
  SEQUENTIAL_SCHEMES,
} from './schemes.ts';
import { getSequentialScale } from './sequential.ts';

describe('sequential colour scales', () => {
  it('names the categorical and sequential defaults', () => {
    expect(DEFAULT_CATEGORICAL_SCHEME).toBe('supersetColors');
    expect(DEFAULT_SEQUENTIAL_SCHEME).toBe('superset_seq_1');
    expect(SEQUENTIAL_SCHEMES.map((s) => s.id)).toEqual([
      'superset_seq_1',
      'superset_seq_2',
      'blue_white_yellow',
      'fire',
      'white_black',
      'black_white',
      'dark_blue',
      'pink_grey',
      'greens',
      'purples',
      'oranges',
      'red_yellow_blue',
      'brown_white_green',
      'purple_white_green',
    ]);
  });

  it('interpolates linearly over the domain and clamps outside it', () => {
    const scale = getSequentialScale('white_black', [0, 100]);
    expect(scale(0)).toBe('#ffffff');
    expect(scale(100)).toBe('#000000');
    expect(scale(50)).toBe('#808080');
    expect(scale(-10)).toBe('#ffffff');
    expect(scale(1000)).toBe('#000000');
  });

  it('walks through every stop of a many-colour scheme', () => {
    const fire = getSequentialScale('fire', [0, 3]);
    expect([0, 1, 2, 3].map(fire)).toEqual(['#ffffff', '#ffff00', '#ff0000', '#000000']);
    expect(fire(1.5)).toBe('#ff8000');
  });

  it('falls back to the default scheme and copes with a flat domain', () => {
    const scale = getSequentialScale(undefined, [5, 5]);
    expect(getSequentialScale(null, [0, 1])(0)).toBe('#f4fad4');
    expect(scale(5)).toMatch(/^#[0-9a-f]{6}$/);
    expect(getSequentialScale('superset_seq_1', [0, 1])(1)).toBe('#050415');
  });
});
