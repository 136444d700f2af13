import { GRID_ID } from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import { chartsOnFirstScreen } from './firstScreen.ts';
import { buildLayout, chart, gridLayout, node } from './state/layoutTestLayouts.ts';

// A chart of the default 50 units is 400 px tall and 416 px with its margins.
const row = (n: number, ...ids: number[]) =>
  node(
    `ROW-${n}`,
    'ROW',
    {},
    ids.map((id) => chart(id)),
  );

describe('the charts of the first screen', () => {
  it('takes the rows that start within the budget, in layout order', () => {
    const layout = gridLayout([row(1, 1, 2, 3), row(2, 4, 5, 6), row(3, 7, 8, 9), row(4, 10)]);
    // Rows start at 0, 416, 832 and 1248 px.
    expect(chartsOnFirstScreen(layout, 1000)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(chartsOnFirstScreen(layout, 800)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(chartsOnFirstScreen(layout, 0)).toEqual([]);
  });

  it('counts headers, dividers, markdown and stacked columns', () => {
    const layout = gridLayout([
      node('HEADER-1', 'HEADER', { text: 'Sales' }),
      node('MARKDOWN-1', 'MARKDOWN', { height: 100 }),
      node('ROW-1', 'ROW', {}, [
        node('COLUMN-1', 'COLUMN', { width: 4 }, [chart(1), chart(2)]),
        chart(3),
      ]),
    ]);
    // The header (56) and the markdown (816) push the row down to 872: chart 2 of the column
    // starts 416 px further, at 1288.
    expect(chartsOnFirstScreen(layout, 900)).toEqual([1, 3]);
    expect(chartsOnFirstScreen(layout, 1300)).toEqual([1, 2, 3]);
  });

  it('follows the selected tab only', () => {
    const layout = buildLayout([
      node('TABS-1', 'TABS', {}, [
        node('TAB-1', 'TAB', { text: 'One' }, [row(1, 1, 2)]),
        node('TAB-2', 'TAB', { text: 'Two' }, [row(2, 3, 4)]),
      ]),
      node(GRID_ID, 'GRID', {}, []),
    ]);
    expect(chartsOnFirstScreen(layout, 800)).toEqual([1, 2]);
    expect(chartsOnFirstScreen(layout, 800, ['TAB-2'])).toEqual([3, 4]);
  });

  it('answers nothing for an empty or unknown layout', () => {
    expect(chartsOnFirstScreen(gridLayout([]), 800)).toEqual([]);
    expect(chartsOnFirstScreen({}, 800)).toEqual([]);
  });
});
