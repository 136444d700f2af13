import { useCallback, useEffect, useRef } from 'react';
import { LOG_EVENTS, logEvent } from '../../app/eventLogger.ts';
import { type DashboardInfo, dashboardInfoChanged } from './state/dashboardInfoSlice.ts';
import { colorSchemeChanged, cssChanged, editModeSet } from './state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector, useDashboardStore } from './state/hooks.ts';
import { discardChanges } from './state/layoutSlice.ts';

/**
 * Entering and leaving edit mode from the header. What the header changes outside the layout
 * (title, properties, CSS, colour scheme) is remembered when editing starts, so Discard puts it
 * all back together with the editor's layout.
 */
export function useEditSession() {
  const dispatch = useDashboardDispatch();
  const store = useDashboardStore();
  const editMode = useDashboardSelector((s) => s.dashboardState.editMode);
  const hasUnsavedChanges = useDashboardSelector((s) => s.dashboardLayout.hasUnsavedChanges);
  const snapshot = useRef<{ info: DashboardInfo; css: string; colorScheme: string | null } | null>(
    null,
  );

  useEffect(() => {
    if (!editMode) {
      snapshot.current = null;
      return;
    }
    const state = store.getState();
    if (state.dashboardInfo.info && !snapshot.current) {
      snapshot.current = {
        info: state.dashboardInfo.info,
        css: state.dashboardState.css,
        colorScheme: state.dashboardState.colorScheme,
      };
    }
  }, [editMode, store]);

  const start = useCallback(() => {
    logEvent(LOG_EVENTS.toggleEditMode, {
      sourceId: store.getState().dashboardInfo.info?.id,
      edit_mode: true,
    });
    dispatch(editModeSet(true));
  }, [dispatch, store]);

  const discard = useCallback(() => {
    const saved = snapshot.current;
    dispatch(discardChanges());
    if (saved) {
      dispatch(dashboardInfoChanged(saved.info));
      dispatch(cssChanged(saved.css));
      dispatch(colorSchemeChanged(saved.colorScheme));
    }
    logEvent(LOG_EVENTS.toggleEditMode, {
      sourceId: store.getState().dashboardInfo.info?.id,
      edit_mode: false,
    });
    dispatch(editModeSet(false));
  }, [dispatch, store]);

  return { editMode, hasUnsavedChanges, start, discard };
}
