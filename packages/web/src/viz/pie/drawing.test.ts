import { pieExample } from '@tessera/shared/viz/pie/example';
import { describe, expect, it } from 'vitest';
import { drawnTexts, textsOutside } from '../common/drawTesting.ts';
import { chartPropsFor } from '../common/partsAndFlowsFixture.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { major_genre: 'Action', 'Worldwide gross': 60_000_000_000 },
  { major_genre: 'Adventure', 'Worldwide gross': 50_000_000_000 },
  { major_genre: 'Comedy', 'Worldwide gross': 40_000_000_000 },
  { major_genre: 'Romantic Comedy', 'Worldwide gross': 20_000_000_000 },
  { major_genre: 'Thriller/Suspense', 'Worldwide gross': 30_000_000_000 },
];

const formData = { ...pieExample.formData, legendOrientation: 'right', show_total: false };

function draw(width: number, height: number, legendOrientation = 'right') {
  const props = transformProps({
    ...chartPropsFor({ ...formData, legendOrientation }, rows, [1, 0]),
    width,
    height,
  });
  return drawnTexts(props.option, width, height);
}

describe('pie with its legend on the right, drawn into a tile', () => {
  it('keeps the pie, its five labels and the legend inside a small tile', () => {
    const texts = draw(400, 300);
    expect(textsOutside(texts, 400, 300)).toEqual([]);
    // Five slice labels (cut short with an ellipsis where the tile is narrow) and five names.
    expect(texts).toHaveLength(10);
  });

  it('shows every label whole in a wide tile', () => {
    const texts = draw(900, 400);
    expect(textsOutside(texts, 900, 400)).toEqual([]);
    expect(texts.map((t) => t.text)).toEqual(
      expect.arrayContaining([
        'Action: 30.00%',
        'Adventure: 25.00%',
        'Comedy: 20.00%',
        'Romantic Comedy: 10.00%',
        'Thriller/Suspense: 15.00%',
      ]),
    );
  });

  it('keeps every label inside a small tile with the legend on top too', () => {
    // Below the legend's row: the scroll legend clips the names it has no room for itself.
    const labels = draw(300, 320, 'top').filter((t) => t.top > 32);
    expect(labels).toHaveLength(5);
    expect(textsOutside(labels, 300, 320)).toEqual([]);
  });
});
