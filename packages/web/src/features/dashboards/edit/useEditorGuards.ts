import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useToasts } from '../../../app/useToasts.ts';
import { useDashboardDispatch, useDashboardSelector, useDashboardStore } from '../state/hooks.ts';
import { redo, UNDO_LIMIT, undo, undoSlotsMessage } from '../state/layoutSlice.ts';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/**
 * The leave-page warning while the dashboard has unsaved changes: the browser's own prompt on
 * reload or close, and a confirm before the app navigates to another page.
 */
export function useLeaveWarning() {
  const unsaved = useDashboardSelector((s) => s.dashboardLayout.hasUnsavedChanges);
  const store = useDashboardStore();
  const { modal } = App.useApp();
  // Read from the store, not the last render: a save marks the layout saved and moves to the
  // saved address in the same tick, before this component renders again.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      store.getState().dashboardLayout.hasUnsavedChanges &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = LEAVE_WARNING;
      return LEAVE_WARNING;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: LEAVE_WARNING,
      okText: 'Leave',
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm' } as never,
      cancelButtonProps: { 'data-testid': 'leave-cancel' } as never,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
}

/** Warns once, when every undo slot has been used (spec: the exhausted-history toast). */
export function useUndoLimitToast() {
  const { addWarningToast } = useToasts();
  const pastLength = useDashboardSelector((s) => s.dashboardLayout.past.length);
  const warned = useRef(false);
  useEffect(() => {
    if (pastLength >= UNDO_LIMIT && !warned.current) {
      warned.current = true;
      addWarningToast(undoSlotsMessage(pastLength));
    }
  }, [pastLength, addWarningToast]);
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z or Ctrl+Y redoes (not while typing in a field). */
export function useUndoShortcuts() {
  const dispatch = useDashboardDispatch();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || typing(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) dispatch(undo());
      else if ((key === 'z' && event.shiftKey) || key === 'y') dispatch(redo());
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
}
