import type { ComponentType } from '@tessera/shared/dashboard/position';
import { GRID_ID, ROOT_ID } from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import {
  checkDrop,
  componentDepth,
  DROP_BOTTOM,
  DROP_EDGE_TOLERANCE,
  DROP_FORBIDDEN,
  DROP_LEFT,
  DROP_RIGHT,
  DROP_TOP,
  isValidChild,
  MAX_PARENT_DEPTH,
  NOT_ENOUGH_SPACE_MESSAGE,
  resizeBounds,
  resolveDrop,
  TOP_LEVEL_TAB_MESSAGE,
} from './layoutRules.ts';
import { buildLayout, chart, gridLayout, node } from './layoutTestLayouts.ts';

const ALL: ComponentType[] = [
  'ROOT',
  'GRID',
  'TABS',
  'TAB',
  'ROW',
  'COLUMN',
  'CHART',
  'MARKDOWN',
  'HEADER',
  'DIVIDER',
  'DYNAMIC',
];

describe('nesting-depth rules by parent and child type', () => {
  // [parent, child, deepest parent depth that accepts it]
  const table: Array<[ComponentType, ComponentType, number]> = [
    ['ROOT', 'TABS', 0],
    ['ROOT', 'GRID', 0],
    ['GRID', 'CHART', 1],
    ['GRID', 'DYNAMIC', 1],
    ['GRID', 'MARKDOWN', 1],
    ['GRID', 'COLUMN', 1],
    ['GRID', 'DIVIDER', 1],
    ['GRID', 'HEADER', 1],
    ['GRID', 'ROW', 1],
    ['GRID', 'TABS', 1],
    ['ROW', 'CHART', 4],
    ['ROW', 'DYNAMIC', 4],
    ['ROW', 'MARKDOWN', 4],
    ['ROW', 'COLUMN', 4],
    ['TABS', 'TAB', 3],
    ['TAB', 'CHART', 5],
    ['TAB', 'DYNAMIC', 5],
    ['TAB', 'MARKDOWN', 5],
    ['TAB', 'COLUMN', 3],
    ['TAB', 'DIVIDER', 5],
    ['TAB', 'HEADER', 5],
    ['TAB', 'ROW', 3],
    ['TAB', 'TABS', 3],
    ['COLUMN', 'CHART', 5],
    ['COLUMN', 'HEADER', 5],
    ['COLUMN', 'MARKDOWN', 5],
    ['COLUMN', 'ROW', 3],
    ['COLUMN', 'DIVIDER', 3],
    ['COLUMN', 'TABS', 3],
  ];

  it.each(table)('%s takes %s up to depth %i and not below', (parent, child, max) => {
    expect(isValidChild(parent, max, child)).toBe(true);
    expect(isValidChild(parent, max + 1, child)).toBe(false);
  });

  it('refuses every pair the table does not list', () => {
    const listed = new Set(table.map(([p, c]) => `${p}>${c}`));
    for (const parent of ALL) {
      for (const child of ALL) {
        if (listed.has(`${parent}>${child}`)) continue;
        expect(isValidChild(parent, 0, child), `${parent}>${child}`).toBe(false);
      }
    }
    expect(Object.keys(MAX_PARENT_DEPTH).sort()).toEqual([...ALL].sort());
  });

  it('counts depth with tabs adding none, top-level tab content at 2', () => {
    const grid = gridLayout([
      node('ROW-1', 'ROW', {}, [
        node('COLUMN-1', 'COLUMN', { width: 4 }, [node('ROW-2', 'ROW', {}, [chart(1)])]),
      ]),
      node('TABS-1', 'TABS', {}, [
        node('TAB-1', 'TAB', {}, [node('ROW-3', 'ROW', {}, [chart(2)])]),
      ]),
    ]);
    expect(componentDepth(grid, ROOT_ID)).toBe(0);
    expect(componentDepth(grid, GRID_ID)).toBe(1);
    expect(componentDepth(grid, 'ROW-1')).toBe(2);
    expect(componentDepth(grid, 'COLUMN-1')).toBe(3);
    expect(componentDepth(grid, 'ROW-2')).toBe(4);
    expect(componentDepth(grid, 'CHART-1')).toBe(5);
    expect(componentDepth(grid, 'TABS-1')).toBe(2);
    expect(componentDepth(grid, 'TAB-1')).toBe(2);
    expect(componentDepth(grid, 'ROW-3')).toBe(2);

    const top = buildLayout([
      node('TABS-T', 'TABS', {}, [
        node('TAB-T', 'TAB', {}, [
          node('TABS-N', 'TABS', {}, [node('TAB-N', 'TAB', {}, [node('ROW-9', 'ROW')])]),
        ]),
      ]),
    ]);
    expect(componentDepth(top, 'TABS-T')).toBe(1);
    expect(componentDepth(top, 'TAB-T')).toBe(1);
    expect(componentDepth(top, 'TABS-N')).toBe(2);
    expect(componentDepth(top, 'TAB-N')).toBe(2);
    expect(componentDepth(top, 'ROW-9')).toBe(2);
  });
});

describe('checkDrop', () => {
  const layout = gridLayout([
    node('ROW-1', 'ROW', {}, [chart(1), chart(2), chart(3)]),
    node('ROW-2', 'ROW', {}, [chart(4, 6), chart(5, 4)]),
    node('ROW-3', 'ROW', {}, [
      node('COLUMN-1', 'COLUMN', { width: 3 }, [node('ROW-4', 'ROW', {}, [chart(6, 2)])]),
    ]),
    node('TABS-1', 'TABS', {}, [node('TAB-1', 'TAB'), node('TAB-2', 'TAB')]),
  ]);

  it(`refuses a full row with "${NOT_ENOUGH_SPACE_MESSAGE}"`, () => {
    expect(
      checkDrop(layout, { id: 'CHART-4', type: 'CHART' }, { parentId: 'ROW-1', index: 0 }),
    ).toEqual({
      ok: false,
      message: NOT_ENOUGH_SPACE_MESSAGE,
    });
    expect(
      checkDrop(layout, { id: null, type: 'MARKDOWN' }, { parentId: 'ROW-1', index: 3 }),
    ).toEqual({
      ok: false,
      message:
        'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
    });
  });

  it('narrows a component to the room left when that is at least one column', () => {
    expect(
      checkDrop(layout, { id: 'CHART-1', type: 'CHART' }, { parentId: 'ROW-2', index: 2 }),
    ).toEqual({
      ok: true,
      width: 2,
    });
    expect(checkDrop(layout, { id: null, type: 'CHART' }, { parentId: 'ROW-2', index: 0 })).toEqual(
      {
        ok: true,
        width: 2,
      },
    );
  });

  it('keeps the width of a component moved within its own row', () => {
    expect(
      checkDrop(layout, { id: 'CHART-1', type: 'CHART' }, { parentId: 'ROW-1', index: 3 }),
    ).toEqual({
      ok: true,
      width: 4,
    });
  });

  it('limits a row inside a column to the column width', () => {
    expect(
      checkDrop(layout, { id: 'CHART-5', type: 'CHART' }, { parentId: 'ROW-4', index: 1 }),
    ).toEqual({
      ok: true,
      width: 1,
    });
    expect(
      checkDrop(layout, { id: 'ROW-1', type: 'ROW' }, { parentId: 'COLUMN-1', index: 0 }),
    ).toEqual({
      ok: false,
      message: NOT_ENOUGH_SPACE_MESSAGE,
    });
  });

  it('refuses a component dropped into itself or below itself', () => {
    expect(
      checkDrop(layout, { id: 'ROW-3', type: 'ROW' }, { parentId: 'COLUMN-1', index: 0 }),
    ).toEqual({
      ok: false,
      message: null,
    });
  });

  it('refuses types the parent never takes', () => {
    expect(
      checkDrop(layout, { id: null, type: 'HEADER' }, { parentId: 'ROW-1', index: 0 }).ok,
    ).toBe(false);
    expect(
      checkDrop(layout, { id: null, type: 'DIVIDER' }, { parentId: 'ROW-1', index: 0 }).ok,
    ).toBe(false);
    expect(checkDrop(layout, { id: null, type: 'TABS' }, { parentId: 'ROW-1', index: 0 }).ok).toBe(
      false,
    );
    expect(
      checkDrop(layout, { id: null, type: 'CHART' }, { parentId: 'TABS-1', index: 0 }).ok,
    ).toBe(false);
    expect(checkDrop(layout, { id: null, type: 'TAB' }, { parentId: 'TABS-1', index: 1 }).ok).toBe(
      true,
    );
    expect(
      checkDrop(layout, { id: null, type: 'HEADER' }, { parentId: 'TAB-1', index: 0 }).ok,
    ).toBe(true);
  });

  it('refuses containers nested too deep', () => {
    const deep = gridLayout([
      node('ROW-1', 'ROW', {}, [
        node('COLUMN-1', 'COLUMN', { width: 6 }, [
          node('ROW-2', 'ROW', {}, [node('COLUMN-2', 'COLUMN', { width: 6 })]),
        ]),
      ]),
    ]);
    // root 0 > grid 1 > row 2 > column 3 > row 4 > column 5: no row or tabs go in that column.
    expect(checkDrop(deep, { id: null, type: 'ROW' }, { parentId: 'COLUMN-2', index: 0 }).ok).toBe(
      false,
    );
    expect(checkDrop(deep, { id: null, type: 'TABS' }, { parentId: 'COLUMN-2', index: 0 }).ok).toBe(
      false,
    );
    expect(
      checkDrop(deep, { id: null, type: 'CHART' }, { parentId: 'COLUMN-2', index: 0 }).ok,
    ).toBe(true);
    expect(
      checkDrop(layout, { id: null, type: 'COLUMN' }, { parentId: 'ROW-4', index: 0 }).ok,
    ).toBe(true);
    expect(
      checkDrop(layout, { id: null, type: 'TABS' }, { parentId: 'COLUMN-1', index: 0 }).ok,
    ).toBe(true);
    expect(checkDrop(layout, { id: null, type: 'CHART' }, { parentId: 'ROW-4', index: 0 }).ok).toBe(
      true,
    );
  });

  it(`refuses a top-level tab moved into nested tabs with "${TOP_LEVEL_TAB_MESSAGE}"`, () => {
    const top = buildLayout([
      node('TABS-T', 'TABS', {}, [
        node('TAB-A', 'TAB', {}, [node('TABS-N', 'TABS', {}, [node('TAB-N', 'TAB')])]),
        node('TAB-B', 'TAB'),
      ]),
    ]);
    expect(checkDrop(top, { id: 'TAB-B', type: 'TAB' }, { parentId: 'TABS-N', index: 1 })).toEqual({
      ok: false,
      message: 'Can not move top level tab into nested tabs.',
    });
    // A nested tab may become a top-level one, and top-level tabs may be reordered.
    expect(checkDrop(top, { id: 'TAB-N', type: 'TAB' }, { parentId: 'TABS-T', index: 0 }).ok).toBe(
      true,
    );
    expect(checkDrop(top, { id: 'TAB-B', type: 'TAB' }, { parentId: 'TABS-T', index: 0 }).ok).toBe(
      true,
    );
  });

  // The editor judges each drop zone once per destination parent while dragging.
  it('answers the same for every index of one destination', () => {
    const draggings = [
      { id: 'CHART-4', type: 'CHART' },
      { id: 'CHART-1', type: 'CHART' },
      { id: null, type: 'MARKDOWN' },
      { id: null, type: 'ROW' },
      { id: 'ROW-4', type: 'ROW' },
      { id: 'TAB-1', type: 'TAB' },
      { id: null, type: 'TABS' },
    ] as const;
    for (const dragging of draggings) {
      for (const parent of Object.values(layout)) {
        const answers = Array.from({ length: parent.children.length + 1 }, (_, index) =>
          checkDrop(layout, dragging, { parentId: parent.id, index }),
        );
        for (const answer of answers) expect(answer).toEqual(answers[0]);
      }
    }
  });

  it('lets "+" add a tab to tabs in a column, where tabs may not be dragged', () => {
    const deep = gridLayout([
      node('ROW-1', 'ROW', {}, [
        node('COLUMN-1', 'COLUMN', { width: 4 }, [
          node('TABS-C', 'TABS', {}, [node('TAB-C1', 'TAB'), node('TAB-C2', 'TAB')]),
        ]),
      ]),
    ]);
    expect(componentDepth(deep, 'TABS-C')).toBe(4);
    expect(checkDrop(deep, { id: null, type: 'TAB' }, { parentId: 'TABS-C', index: 2 })).toEqual({
      ok: true,
      width: undefined,
    });
    expect(
      checkDrop(deep, { id: 'TAB-C2', type: 'TAB' }, { parentId: 'TABS-C', index: 0 }).ok,
    ).toBe(false);
    expect(checkDrop(deep, { id: null, type: 'TAB' }, { parentId: 'COLUMN-1', index: 0 }).ok).toBe(
      false,
    );
  });

  it('takes new tabs on ROOT only while the dashboard has no top-level tabs', () => {
    expect(checkDrop(layout, { id: null, type: 'TABS' }, { parentId: ROOT_ID, index: 0 }).ok).toBe(
      true,
    );
    expect(checkDrop(layout, { id: null, type: 'CHART' }, { parentId: ROOT_ID, index: 0 }).ok).toBe(
      false,
    );
    const top = buildLayout([node('TABS-T', 'TABS', {}, [node('TAB-A', 'TAB')])]);
    expect(checkDrop(top, { id: null, type: 'TABS' }, { parentId: ROOT_ID, index: 0 }).ok).toBe(
      false,
    );
  });
});

describe('resizeBounds', () => {
  it('lets a chart grow into what its row leaves free, a column no narrower than its rows', () => {
    const layout = gridLayout([
      node('ROW-1', 'ROW', {}, [chart(1, 4), chart(2, 3)]),
      node('ROW-2', 'ROW', {}, [
        node('COLUMN-1', 'COLUMN', { width: 6 }, [
          node('ROW-3', 'ROW', {}, [chart(3, 2), chart(4, 3)]),
        ]),
      ]),
    ]);
    expect(resizeBounds(layout, 'CHART-1')).toEqual({ minWidth: 1, maxWidth: 9 });
    expect(resizeBounds(layout, 'COLUMN-1')).toEqual({ minWidth: 5, maxWidth: 12 });
    expect(resizeBounds(layout, 'CHART-3')).toEqual({ minWidth: 1, maxWidth: 3 });
  });
});

describe('resolveDrop: drop zones with 20-pixel edge sensitivity', () => {
  const layout = gridLayout([
    node('ROW-1', 'ROW', {}, [chart(1), node('COLUMN-1', 'COLUMN', { width: 4 }, [chart(2)])]),
    node('ROW-2', 'ROW', {}, [chart(3)]),
    node('HEADER-1', 'HEADER', { text: 'Hi' }),
  ]);
  const rect = { top: 100, left: 100, right: 400, bottom: 300 };
  const probe = (componentId: string, type: ComponentType, x: number, y: number, shallow = true) =>
    resolveDrop(layout, {
      dragging: { id: null, type },
      componentId,
      rect,
      pointer: { x, y },
      shallow,
    });

  it('drops a chart left or right of a chart in a row, by which half the pointer is in', () => {
    expect(probe('CHART-1', 'CHART', 150, 200)).toEqual({
      position: DROP_LEFT,
      destination: { parentId: 'ROW-1', index: 0 },
    });
    expect(probe('CHART-1', 'CHART', 350, 200)).toEqual({
      position: DROP_RIGHT,
      destination: { parentId: 'ROW-1', index: 1 },
    });
  });

  it('drops a row above or below a header (a sibling in the grid)', () => {
    expect(probe('HEADER-1', 'ROW', 200, 150)?.position).toBe(DROP_TOP);
    expect(probe('HEADER-1', 'ROW', 200, 290)).toEqual({
      position: DROP_BOTTOM,
      destination: { parentId: GRID_ID, index: 3 },
    });
  });

  it('marks a drop nowhere allowed as forbidden', () => {
    expect(probe('CHART-1', 'TAB', 200, 200)).toEqual({
      position: DROP_FORBIDDEN,
      destination: null,
    });
    const self = resolveDrop(layout, {
      dragging: { id: 'ROW-1', type: 'ROW' },
      componentId: 'COLUMN-1',
      rect,
      pointer: { x: 200, y: 200 },
      shallow: true,
    });
    expect(self?.position).toBe(DROP_FORBIDDEN);
  });

  it('drops beside a column only within the edge tolerance, inside it otherwise', () => {
    expect(probe('COLUMN-1', 'CHART', 100 + DROP_EDGE_TOLERANCE - 1, 200)).toEqual({
      position: DROP_LEFT,
      destination: { parentId: 'ROW-1', index: 1 },
    });
    expect(probe('COLUMN-1', 'CHART', 400 - 5, 200)?.destination).toEqual({
      parentId: 'ROW-1',
      index: 2,
    });
    expect(probe('COLUMN-1', 'CHART', 250, 200)).toEqual({
      position: DROP_BOTTOM,
      destination: { parentId: 'COLUMN-1', index: 1 },
    });
  });

  it('lets an outer component answer only near its edges', () => {
    expect(probe('ROW-2', 'ROW', 250, 200, false)).toBeNull();
    expect(probe('ROW-2', 'ROW', 250, 290, false)).toEqual({
      position: DROP_BOTTOM,
      destination: { parentId: GRID_ID, index: 2 },
    });
  });

  it('inserts among a container’s children by the pointer', () => {
    const res = resolveDrop(layout, {
      dragging: { id: null, type: 'DIVIDER' },
      componentId: GRID_ID,
      rect: { top: 0, left: 0, right: 1000, bottom: 1000 },
      pointer: { x: 500, y: 260 },
      shallow: true,
      childRects: [
        { top: 0, left: 0, right: 1000, bottom: 200 },
        { top: 200, left: 0, right: 1000, bottom: 400 },
        { top: 400, left: 0, right: 1000, bottom: 450 },
      ],
    });
    expect(res).toEqual({ position: DROP_BOTTOM, destination: { parentId: GRID_ID, index: 1 } });
  });
});
