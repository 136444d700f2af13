import {
  createNextState,
  createSlice,
  type Draft,
  original,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { DashboardLayout, LayoutItem } from '@tessera/shared/dashboard/position';
import * as ops from './layoutOps.ts';
import type { DraggingItem, DropDestination } from './layoutRules.ts';

/**
 * The dashboard layout being viewed or edited, with its undo history and the unsaved-changes
 * flag (spec section 4: "The unsaved-changes flag is set by any layout change and cleared on
 * save"; "a flag is set when the undo history is exhausted").
 */

/** Undo steps kept, as in Superset; older steps are dropped and maxUndoHistoryExceeded is set. */
export const UNDO_LIMIT = 50;

export const undoSlotsMessage = (n: number) =>
  `You have used all ${n} undo slots and will not be able to fully undo subsequent actions`;

export interface LayoutState {
  present: DashboardLayout;
  past: DashboardLayout[];
  future: DashboardLayout[];
  maxUndoHistoryExceeded: boolean;
  hasUnsavedChanges: boolean;
  /** The layout as loaded or last saved: Discard returns to it. */
  saved: DashboardLayout;
  /** Unsaved changes outside the layout (css, properties) that undoing the layout keeps. */
  otherChanges: boolean;
}

export const initialLayoutState: LayoutState = {
  present: {},
  past: [],
  future: [],
  maxUndoHistoryExceeded: false,
  hasUnsavedChanges: false,
  saved: {},
  otherChanges: false,
};

function base(state: Draft<LayoutState>): LayoutState {
  return (original(state) ?? state) as LayoutState;
}

/** One undoable step: applies `change` to a copy of the present layout and records the old one. */
function step(
  state: Draft<LayoutState>,
  change: (layout: DashboardLayout) => boolean,
): LayoutState {
  const before = base(state);
  let changed = false;
  const present = createNextState(before.present, (draft: DashboardLayout) => {
    changed = change(draft);
  });
  if (!changed || present === before.present) return before;
  const past = [...before.past, before.present];
  const exceeded = past.length > UNDO_LIMIT;
  return {
    ...before,
    present,
    past: exceeded ? past.slice(past.length - UNDO_LIMIT) : past,
    future: [],
    maxUndoHistoryExceeded: before.maxUndoHistoryExceeded || exceeded,
    hasUnsavedChanges: true,
  };
}

export interface CreatePayload {
  dragging: DraggingItem;
  destination: DropDestination;
  ids: ops.NewIds;
}
export interface MovePayload {
  id: string;
  destination: DropDestination;
  rowId: string;
}
export interface ResizePayload {
  id: string;
  width?: number;
  height?: number;
}

export const layoutSlice = createSlice({
  name: 'dashboardLayout',
  initialState: initialLayoutState,
  reducers: {
    /** The layout as loaded from the server: no history, nothing unsaved. */
    setLayout(_state, action: PayloadAction<DashboardLayout>) {
      return { ...initialLayoutState, present: action.payload, saved: action.payload };
    },
    /** Replaces components whole (text edits, meta changes). */
    updateComponents(state, action: PayloadAction<Record<string, LayoutItem>>) {
      return step(state, (layout) => {
        let changed = false;
        for (const [id, item] of Object.entries(action.payload)) {
          if (JSON.stringify(layout[id]) === JSON.stringify(item)) continue;
          layout[id] = item;
          changed = true;
        }
        return changed;
      });
    },
    createComponent: {
      reducer(state, action: PayloadAction<CreatePayload>) {
        const { dragging, destination, ids } = action.payload;
        return step(state, (layout) => ops.createComponent(layout, dragging, destination, ids));
      },
      prepare(dragging: DraggingItem, destination: DropDestination) {
        return { payload: { dragging, destination, ids: ops.proposeIds(dragging.type) } };
      },
    },
    moveComponent: {
      reducer(state, action: PayloadAction<MovePayload>) {
        const { id, destination, rowId } = action.payload;
        return step(state, (layout) => ops.moveComponent(layout, id, destination, rowId));
      },
      prepare(id: string, destination: DropDestination) {
        return { payload: { id, destination, rowId: ops.proposeIds('ROW').component } };
      },
    },
    deleteComponent(state, action: PayloadAction<string>) {
      return step(state, (layout) => ops.deleteComponent(layout, action.payload));
    },
    resizeComponent(state, action: PayloadAction<ResizePayload>) {
      const { id, width, height } = action.payload;
      return step(state, (layout) => ops.resizeComponent(layout, id, { width, height }));
    },
    undo(state) {
      const before = base(state);
      const previous = before.past.at(-1);
      if (!previous) return before;
      const past = before.past.slice(0, -1);
      // Back at the saved layout with nothing else changed: nothing is unsaved any more.
      const clean = past.length === 0 && !before.maxUndoHistoryExceeded && !before.otherChanges;
      return {
        ...before,
        present: previous,
        past,
        future: [before.present, ...before.future],
        hasUnsavedChanges: !clean,
      };
    },
    redo(state) {
      const before = base(state);
      const [next, ...future] = before.future;
      if (!next) return before;
      return {
        ...before,
        present: next,
        past: [...before.past, before.present],
        future,
        hasUnsavedChanges: true,
      };
    },
    /** Something outside the layout changed (css, title, properties): the dashboard is unsaved. */
    markChanged(state) {
      state.hasUnsavedChanges = true;
      state.otherChanges = true;
    },
    /** After a successful save: the saved layout becomes the baseline, history starts over. */
    markSaved(state, action: PayloadAction<DashboardLayout | undefined>) {
      const before = base(state);
      const present = action.payload ?? before.present;
      return { ...initialLayoutState, present, saved: present };
    },
    /** Discard: back to the layout as loaded or last saved. */
    discardChanges(state) {
      const before = base(state);
      return { ...initialLayoutState, present: before.saved, saved: before.saved };
    },
  },
});

export const {
  setLayout,
  updateComponents,
  createComponent,
  moveComponent,
  deleteComponent,
  resizeComponent,
  undo,
  redo,
  markChanged,
  markSaved,
  discardChanges,
} = layoutSlice.actions;

export const layoutReducer = layoutSlice.reducer;

export const canUndo = (state: LayoutState) => state.past.length > 0;
export const canRedo = (state: LayoutState) => state.future.length > 0;
/** True once every undo slot is used (the moment to warn, once). */
export const undoSlotsUsed = (state: LayoutState) => state.past.length >= UNDO_LIMIT;
