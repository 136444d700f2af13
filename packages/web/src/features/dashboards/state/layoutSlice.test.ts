import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import {
  checkPositionJson,
  GRID_ID,
  MAX_COMPONENT_ID,
  ROOT_ID,
  toPositionJson,
} from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import { freeId } from './layoutOps.ts';
import {
  canRedo,
  canUndo,
  createComponent,
  deleteComponent,
  discardChanges,
  initialLayoutState,
  type LayoutState,
  layoutReducer,
  markChanged,
  markSaved,
  moveComponent,
  redo,
  resizeComponent,
  setLayout,
  UNDO_LIMIT,
  undo,
  undoSlotsMessage,
  undoSlotsUsed,
  updateComponents,
} from './layoutSlice.ts';
import { buildLayout, chart, gridLayout, node } from './layoutTestLayouts.ts';

const loaded = (layout: DashboardLayout): LayoutState =>
  layoutReducer(initialLayoutState, setLayout(layout));

const sample = () =>
  gridLayout([
    node('ROW-1', 'ROW', {}, [chart(1), chart(2)]),
    node('ROW-2', 'ROW', {}, [chart(3, 12)]),
    node('HEADER-1', 'HEADER', { text: 'Sales' }),
  ]);

/** Every component reachable from ROOT, with parents lists that match the tree. */
function expectConsistent(layout: DashboardLayout) {
  const check = checkPositionJson(toPositionJson(layout));
  expect(check.ok).toBe(true);
  const visit = (id: string, parents: string[]) => {
    const item = layout[id];
    expect(item, id).toBeDefined();
    if (id !== ROOT_ID) expect(item?.parents, id).toEqual(parents);
    for (const child of item?.children ?? []) visit(child, [...parents, id]);
  };
  visit(ROOT_ID, []);
}

describe('setLayout', () => {
  it('loads a layout with no history and nothing unsaved', () => {
    const state = loaded(sample());
    expect(state.present).toEqual(sample());
    expect(state.hasUnsavedChanges).toBe(false);
    expect(canUndo(state)).toBe(false);
  });
});

describe('createComponent from the builder pane', () => {
  it('wraps a chart dropped on the grid in a new row with the default 4 x 50 size', () => {
    const state = layoutReducer(
      loaded(sample()),
      createComponent(
        { id: null, type: 'CHART', meta: { chartId: 9, sliceName: 'New' } },
        { parentId: GRID_ID, index: 0 },
      ),
    );
    const rowId = state.present[GRID_ID]?.children[0] as string;
    const row = state.present[rowId];
    expect(row?.type).toBe('ROW');
    const added = state.present[row?.children[0] as string];
    expect(added?.meta).toMatchObject({ chartId: 9, sliceName: 'New', width: 4, height: 50 });
    expect(state.hasUnsavedChanges).toBe(true);
    expectConsistent(state.present);
  });

  it('gives headers "New header", tabs a first tab titled "Tab title", dividers 12 columns', () => {
    let state = loaded(sample());
    state = layoutReducer(
      state,
      createComponent({ id: null, type: 'HEADER' }, { parentId: GRID_ID, index: 0 }),
    );
    state = layoutReducer(
      state,
      createComponent({ id: null, type: 'TABS' }, { parentId: GRID_ID, index: 0 }),
    );
    state = layoutReducer(
      state,
      createComponent({ id: null, type: 'DIVIDER' }, { parentId: GRID_ID, index: 0 }),
    );
    state = layoutReducer(
      state,
      createComponent({ id: null, type: 'MARKDOWN' }, { parentId: 'ROW-1', index: 2 }),
    );
    const byType = (t: string) => Object.values(state.present).filter((c) => c.type === t);
    expect(byType('HEADER').map((h) => h.meta.text)).toContain('New header');
    const tab = byType('TAB')[0];
    expect(tab?.meta).toMatchObject({ defaultText: 'Tab title', placeholder: 'Tab title' });
    expect(byType('TABS')[0]?.children).toEqual([tab?.id]);
    expect(byType('DIVIDER')[0]?.meta.width).toBe(12);
    expect(byType('MARKDOWN')[0]?.meta).toMatchObject({ width: 4, height: 50 });
    expectConsistent(state.present);
  });

  it('draws ids TYPE-n with n at most 65535', () => {
    let state = loaded(sample());
    for (let i = 0; i < 20; i++) {
      state = layoutReducer(
        state,
        createComponent({ id: null, type: 'DIVIDER' }, { parentId: GRID_ID, index: 0 }),
      );
    }
    for (const id of Object.keys(state.present)) {
      const n = /-(\d+)$/.exec(id);
      if (n) expect(Number(n[1])).toBeLessThanOrEqual(MAX_COMPONENT_ID);
    }
    expect(freeId({ 'ROW-65535': {} as never }, 'ROW-65535', new Set())).toBe('ROW-1');
  });

  it('changes nothing (and records nothing) for a refused drop', () => {
    const before = loaded(sample());
    const after = layoutReducer(
      before,
      createComponent({ id: null, type: 'CHART' }, { parentId: 'ROW-2', index: 0 }),
    );
    expect(after).toBe(before);
  });

  it('turns new tabs dropped at the top into top-level tabs holding the grid content', () => {
    const state = layoutReducer(
      loaded(sample()),
      createComponent({ id: null, type: 'TABS' }, { parentId: ROOT_ID, index: 0 }),
    );
    const tabsId = state.present[ROOT_ID]?.children[0] as string;
    expect(state.present[tabsId]?.type).toBe('TABS');
    const tab = state.present[state.present[tabsId]?.children[0] as string];
    expect(tab?.children).toEqual(['ROW-1', 'ROW-2', 'HEADER-1']);
    expectConsistent(state.present);
  });
});

describe('moveComponent', () => {
  it('reorders within a row and keeps widths', () => {
    const state = layoutReducer(
      loaded(sample()),
      moveComponent('CHART-1', { parentId: 'ROW-1', index: 2 }),
    );
    expect(state.present['ROW-1']?.children).toEqual(['CHART-2', 'CHART-1']);
    expect(state.hasUnsavedChanges).toBe(true);
  });

  it('is a no-op when dropped where it already is', () => {
    const before = loaded(sample());
    expect(layoutReducer(before, moveComponent('CHART-1', { parentId: 'ROW-1', index: 0 }))).toBe(
      before,
    );
    expect(layoutReducer(before, moveComponent('CHART-1', { parentId: 'ROW-1', index: 1 }))).toBe(
      before,
    );
  });

  it('removes the row a chart leaves empty and wraps it in a row on the grid', () => {
    const state = layoutReducer(
      loaded(sample()),
      moveComponent('CHART-3', { parentId: GRID_ID, index: 3 }),
    );
    expect(state.present['ROW-2']).toBeUndefined();
    const grid = state.present[GRID_ID]?.children ?? [];
    expect(grid.slice(0, 2)).toEqual(['ROW-1', 'HEADER-1']);
    expect(state.present[grid[2] as string]?.children).toEqual(['CHART-3']);
    expectConsistent(state.present);
  });

  it('refuses a full row (state unchanged)', () => {
    const before = loaded(sample());
    expect(layoutReducer(before, moveComponent('CHART-1', { parentId: 'ROW-2', index: 0 }))).toBe(
      before,
    );
  });

  it('narrows a chart to the room its new row has', () => {
    const layout = gridLayout([
      node('ROW-1', 'ROW', {}, [chart(1, 6)]),
      node('ROW-2', 'ROW', {}, [chart(2, 10)]),
    ]);
    const state = layoutReducer(
      loaded(layout),
      moveComponent('CHART-1', { parentId: 'ROW-2', index: 1 }),
    );
    expect(state.present['CHART-1']?.meta.width).toBe(2);
  });

  it('reorders tabs, and removes tabs left empty by a move', () => {
    const layout = gridLayout([
      node('TABS-1', 'TABS', {}, [
        node('TAB-1', 'TAB'),
        node('TAB-2', 'TAB'),
        node('TAB-3', 'TAB'),
      ]),
      node('TABS-2', 'TABS', {}, [node('TAB-4', 'TAB')]),
    ]);
    let state = layoutReducer(
      loaded(layout),
      moveComponent('TAB-3', { parentId: 'TABS-1', index: 0 }),
    );
    expect(state.present['TABS-1']?.children).toEqual(['TAB-3', 'TAB-1', 'TAB-2']);
    state = layoutReducer(state, moveComponent('TAB-4', { parentId: 'TABS-1', index: 3 }));
    expect(state.present['TABS-2']).toBeUndefined();
    expect(state.present['TABS-1']?.children).toEqual(['TAB-3', 'TAB-1', 'TAB-2', 'TAB-4']);
    expectConsistent(state.present);
  });
});

describe('deleteComponent', () => {
  it('deletes a component and everything in it, and a row left empty', () => {
    let state = layoutReducer(loaded(sample()), deleteComponent('CHART-3'));
    expect(state.present['CHART-3']).toBeUndefined();
    expect(state.present['ROW-2']).toBeUndefined();
    state = layoutReducer(state, deleteComponent('ROW-1'));
    expect(state.present['CHART-1']).toBeUndefined();
    expect(state.present[GRID_ID]?.children).toEqual(['HEADER-1']);
    expectConsistent(state.present);
  });

  it('deletes the tabs with their last tab', () => {
    const layout = gridLayout([
      node('TABS-1', 'TABS', {}, [
        node('TAB-1', 'TAB', {}, [node('ROW-1', 'ROW', {}, [chart(1)])]),
      ]),
    ]);
    const state = layoutReducer(loaded(layout), deleteComponent('TAB-1'));
    expect(state.present['TABS-1']).toBeUndefined();
    expect(state.present['CHART-1']).toBeUndefined();
    expect(state.present[GRID_ID]?.children).toEqual([]);
  });

  it('puts the grid back when the last top-level tab goes; deleting the top-level tabs keeps their content', () => {
    const top = () =>
      buildLayout([
        node('TABS-T', 'TABS', {}, [
          node('TAB-A', 'TAB', {}, [node('ROW-1', 'ROW', {}, [chart(1)])]),
          node('TAB-B', 'TAB', {}, [node('ROW-2', 'ROW', {}, [chart(2)])]),
        ]),
      ]);
    let state = layoutReducer(loaded(top()), deleteComponent('TAB-A'));
    state = layoutReducer(state, deleteComponent('TAB-B'));
    expect(state.present[ROOT_ID]?.children).toEqual([GRID_ID]);
    expect(state.present['TABS-T']).toBeUndefined();
    expectConsistent(state.present);

    state = layoutReducer(loaded(top()), deleteComponent('TABS-T'));
    expect(state.present[ROOT_ID]?.children).toEqual([GRID_ID]);
    expect(state.present[GRID_ID]?.children).toEqual(['ROW-1', 'ROW-2']);
    expectConsistent(state.present);
  });

  it('never deletes ROOT or GRID', () => {
    const before = loaded(sample());
    expect(layoutReducer(before, deleteComponent(GRID_ID))).toBe(before);
    expect(layoutReducer(before, deleteComponent(ROOT_ID))).toBe(before);
  });
});

describe('resizeComponent', () => {
  it('sets width in grid columns and height in grid rows, within the row’s room', () => {
    let state = layoutReducer(
      loaded(sample()),
      resizeComponent({ id: 'CHART-1', width: 8, height: 70 }),
    );
    expect(state.present['CHART-1']?.meta).toMatchObject({ width: 8, height: 70 });
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', width: 11 }));
    expect(state.present['CHART-1']?.meta.width).toBe(8);
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', height: 1 }));
    expect(state.present['CHART-1']?.meta.height).toBe(5);
  });
});

describe('updateComponents', () => {
  it('replaces components (text edits) as one undoable step', () => {
    const header = sample()['HEADER-1'];
    const state = layoutReducer(
      loaded(sample()),
      updateComponents({
        'HEADER-1': { ...(header as NonNullable<typeof header>), meta: { text: 'Revenue' } },
      }),
    );
    expect(state.present['HEADER-1']?.meta.text).toBe('Revenue');
    expect(layoutReducer(state, undo()).present['HEADER-1']?.meta.text).toBe('Sales');
  });
});

describe('undo and redo', () => {
  it('walks back and forth; undoing every change clears the unsaved flag', () => {
    let state = loaded(sample());
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', width: 5 }));
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', width: 6 }));
    state = layoutReducer(state, undo());
    expect(state.present['CHART-1']?.meta.width).toBe(5);
    expect(state.hasUnsavedChanges).toBe(true);
    state = layoutReducer(state, undo());
    expect(state.present['CHART-1']?.meta.width).toBe(4);
    expect(state.hasUnsavedChanges).toBe(false);
    expect(canUndo(state)).toBe(false);
    expect(layoutReducer(state, undo())).toBe(state);
    state = layoutReducer(state, redo());
    expect(state.present['CHART-1']?.meta.width).toBe(5);
    expect(state.hasUnsavedChanges).toBe(true);
    state = layoutReducer(state, redo());
    expect(canRedo(state)).toBe(false);
    expect(layoutReducer(state, redo())).toBe(state);
  });

  it('a new change forgets the redo steps', () => {
    let state = loaded(sample());
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', width: 5 }));
    state = layoutReducer(state, undo());
    state = layoutReducer(state, resizeComponent({ id: 'CHART-2', width: 5 }));
    expect(canRedo(state)).toBe(false);
  });

  it(`keeps ${UNDO_LIMIT} undo slots, then drops the oldest and flags maxUndoHistoryExceeded`, () => {
    let state = loaded(sample());
    for (let i = 0; i < UNDO_LIMIT; i++) {
      state = layoutReducer(state, resizeComponent({ id: 'CHART-1', height: 10 + i }));
    }
    expect(state.past).toHaveLength(50);
    expect(undoSlotsUsed(state)).toBe(true);
    expect(state.maxUndoHistoryExceeded).toBe(false);
    expect(undoSlotsMessage(UNDO_LIMIT)).toBe(
      'You have used all 50 undo slots and will not be able to fully undo subsequent actions',
    );
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', height: 99 }));
    expect(state.past).toHaveLength(50);
    expect(state.maxUndoHistoryExceeded).toBe(true);
    for (let i = 0; i < 60; i++) state = layoutReducer(state, undo());
    // The first change fell out of history: undo stops one step short, and the flag stays.
    expect(state.present['CHART-1']?.meta.height).toBe(10);
    expect(state.hasUnsavedChanges).toBe(true);
  });

  it('keeps the unsaved flag after undo when something outside the layout changed', () => {
    let state = loaded(sample());
    state = layoutReducer(state, markChanged());
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', width: 5 }));
    state = layoutReducer(state, undo());
    expect(state.hasUnsavedChanges).toBe(true);
  });
});

describe('markSaved and discardChanges', () => {
  it('clears the unsaved flag and history on save; discard returns to the saved layout', () => {
    let state = loaded(sample());
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', width: 5 }));
    state = layoutReducer(state, markSaved(undefined));
    expect(state.hasUnsavedChanges).toBe(false);
    expect(canUndo(state)).toBe(false);
    state = layoutReducer(state, resizeComponent({ id: 'CHART-1', width: 6 }));
    state = layoutReducer(state, deleteComponent('ROW-2'));
    state = layoutReducer(state, discardChanges());
    expect(state.present['CHART-1']?.meta.width).toBe(5);
    expect(state.present['ROW-2']).toBeDefined();
    expect(state.hasUnsavedChanges).toBe(false);
  });
});
