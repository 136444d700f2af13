import { useSyncExternalStore } from 'react';

/**
 * The page renders the editor's grid and its builder pane side by side, but dragging from the
 * pane into the grid needs both inside one dnd-kit context. The pane therefore offers its box
 * here and the grid (which owns the context) draws the pane's content into it through a portal.
 */

let paneHost: HTMLElement | null = null;
let editorsMounted = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function setPaneHost(element: HTMLElement | null): void {
  if (paneHost === element) return;
  paneHost = element;
  notify();
}

/** The grid announces itself while mounted; returns the cleanup. */
export function registerEditor(): () => void {
  editorsMounted += 1;
  notify();
  return () => {
    editorsMounted -= 1;
    notify();
  };
}

export const usePaneHost = () => useSyncExternalStore(subscribe, () => paneHost);
export const useEditorMounted = () => useSyncExternalStore(subscribe, () => editorsMounted > 0);
