import {
  type ComponentType,
  type DashboardLayout,
  GRID_ID,
  type LayoutItem,
  MAX_COMPONENT_ID,
  newComponentId,
  ROOT_ID,
} from '@tessera/shared/dashboard/position';
import {
  checkDrop,
  type DraggingItem,
  type DropDestination,
  defaultMeta,
  MIN_ROW_UNITS,
  parentOf,
  RESIZABLE_WIDTH_TYPES,
  resizeBounds,
  topLevelTabsId,
  wrapsInRow,
} from './layoutRules.ts';

/**
 * The layout changes the editor makes, as functions that change the layout they are given (the
 * slice hands them an immer draft). Each refuses silently what `checkDrop` refuses, so the state
 * never holds a layout the rules forbid.
 */

/** Ids proposed for what a drop may create; the action creator draws them, see `uniqueIds`. */
export interface NewIds {
  component: string;
  row: string;
  tab: string;
}

export function proposeIds(type: ComponentType): NewIds {
  return {
    component: newComponentId(type),
    row: newComponentId('ROW'),
    tab: newComponentId('TAB'),
  };
}

/**
 * A proposed id made free in this layout. The step is deterministic so the reducer stays pure;
 * numbers wrap within 1..MAX_COMPONENT_ID.
 */
export function freeId(layout: DashboardLayout, proposed: string, taken: Set<string>): string {
  const match = /^(.*)-(\d+)$/.exec(proposed);
  if (!match) return proposed;
  const prefix = match[1] as string;
  let n = Number(match[2]);
  for (let i = 0; i < MAX_COMPONENT_ID; i++) {
    const id = `${prefix}-${n}`;
    if (!layout[id] && !taken.has(id)) {
      taken.add(id);
      return id;
    }
    n = (n % MAX_COMPONENT_ID) + 1;
  }
  throw new Error(`No free ${prefix} component id left`);
}

/** Recomputes every `parents` list from ROOT down, touching only lists that changed. */
export function refreshParents(layout: DashboardLayout): void {
  const visit = (id: string, parents: string[], seen: Set<string>) => {
    const item = layout[id];
    if (!item || seen.has(id)) return;
    seen.add(id);
    if (id !== ROOT_ID && !sameList(item.parents, parents)) item.parents = parents;
    const below = [...parents, id];
    for (const child of item.children) visit(child, below, seen);
  };
  visit(ROOT_ID, [], new Set());
}

function sameList(a: string[] | undefined, b: string[]): boolean {
  return !!a && a.length === b.length && a.every((v, i) => v === b[i]);
}

function newItem(id: string, type: ComponentType, meta: LayoutItem['meta'] = {}): LayoutItem {
  return { id, type, children: [], parents: [], meta: { ...defaultMeta(type), ...meta } };
}

function deleteSubtree(layout: DashboardLayout, id: string): void {
  const item = layout[id];
  if (!item) return;
  delete layout[id];
  for (const child of item.children) deleteSubtree(layout, child);
}

function detach(layout: DashboardLayout, id: string): LayoutItem | undefined {
  const parent = parentOf(layout, id);
  if (parent) parent.children = parent.children.filter((c) => c !== id);
  return parent;
}

/** A ROW or TABS left without children goes too (Superset removes them after a move). */
function dropIfEmptyContainer(layout: DashboardLayout, container: LayoutItem | undefined): void {
  if (!container || container.children.length > 0) return;
  if (container.type !== 'ROW' && container.type !== 'TABS') return;
  if (container.type === 'TABS' && container.id === topLevelTabsId(layout)) {
    restoreGrid(layout, []);
    return;
  }
  detach(layout, container.id);
  delete layout[container.id];
}

/** ROOT back to holding the GRID (with these children), the top-level tabs removed. */
function restoreGrid(layout: DashboardLayout, children: string[]): void {
  const root = layout[ROOT_ID] as LayoutItem;
  const tabsId = topLevelTabsId(layout);
  if (tabsId) {
    for (const tabId of layout[tabsId]?.children ?? []) delete layout[tabId];
    delete layout[tabsId];
  }
  layout[GRID_ID] ??= newItem(GRID_ID, 'GRID');
  (layout[GRID_ID] as LayoutItem).children = children;
  root.children = [GRID_ID, ...root.children.filter((c) => c !== tabsId && c !== GRID_ID)];
}

/** Moves what the grid holds into `tab` and puts `tabs` at the top of the dashboard. */
function makeTopLevelTabs(layout: DashboardLayout, tabsId: string, tab: LayoutItem): void {
  const root = layout[ROOT_ID] as LayoutItem;
  const grid = layout[GRID_ID];
  if (grid) {
    tab.children = [...tab.children, ...grid.children.filter((c) => c !== tabsId)];
    grid.children = [];
  }
  root.children = [tabsId];
}

/**
 * Places an item that is already in `layout` (and detached) at the destination, wrapping it in a
 * new ROW where the destination asks for one.
 */
function place(
  layout: DashboardLayout,
  id: string,
  destination: DropDestination,
  rowId: string,
): void {
  const parent = layout[destination.parentId] as LayoutItem;
  const item = layout[id] as LayoutItem;
  let placed = id;
  if (wrapsInRow(parent.type, item.type)) {
    layout[rowId] = { ...newItem(rowId, 'ROW'), children: [id] };
    placed = rowId;
  }
  const children = [...parent.children];
  children.splice(Math.min(destination.index, children.length), 0, placed);
  parent.children = children;
}

/** Adds a new component from the builder pane. False when the drop is refused. */
export function createComponent(
  layout: DashboardLayout,
  dragging: DraggingItem,
  destination: DropDestination,
  proposed: NewIds,
): boolean {
  const check = checkDrop(layout, { ...dragging, id: null }, destination);
  if (!check.ok) return false;
  const taken = new Set<string>();
  const id = freeId(layout, proposed.component, taken);
  const rowId = freeId(layout, proposed.row, taken);
  const item = newItem(id, dragging.type, dragging.meta);
  if (check.width !== undefined && RESIZABLE_WIDTH_TYPES.has(dragging.type)) {
    item.meta.width = check.width || item.meta.width;
  }
  layout[id] = item;
  if (dragging.type === 'TABS') {
    const tabId = freeId(layout, proposed.tab, taken);
    layout[tabId] = newItem(tabId, 'TAB');
    item.children = [tabId];
    if (destination.parentId === ROOT_ID) {
      makeTopLevelTabs(layout, id, layout[tabId] as LayoutItem);
      refreshParents(layout);
      return true;
    }
  }
  place(layout, id, destination, rowId);
  refreshParents(layout);
  return true;
}

/** Moves an existing component. False when the drop is refused or changes nothing. */
export function moveComponent(
  layout: DashboardLayout,
  id: string,
  destination: DropDestination,
  proposedRowId: string,
): boolean {
  const item = layout[id];
  if (!item) return false;
  const check = checkDrop(layout, { id, type: item.type }, destination);
  if (!check.ok) return false;
  const source = parentOf(layout, id) as LayoutItem;
  const from = source.children.indexOf(id);
  let index = destination.index;
  if (source.id === destination.parentId) {
    if (index === from || index === from + 1) return false;
    if (from < index) index -= 1;
  }
  if (destination.parentId === ROOT_ID) {
    // An existing TABS dragged to the top becomes the top-level tabs, taking the grid's content.
    detach(layout, id);
    const firstTab = layout[item.children[0] as string];
    if (!firstTab) return false;
    makeTopLevelTabs(layout, id, firstTab);
    dropIfEmptyContainer(layout, source);
    refreshParents(layout);
    return true;
  }
  detach(layout, id);
  if (check.width !== undefined && check.width > 0 && RESIZABLE_WIDTH_TYPES.has(item.type)) {
    item.meta.width = check.width;
  }
  const rowId = freeId(layout, proposedRowId, new Set());
  place(layout, id, { parentId: destination.parentId, index }, rowId);
  dropIfEmptyContainer(layout, source);
  refreshParents(layout);
  return true;
}

/**
 * Deletes a component and everything in it. A ROW left empty goes too; deleting the last TAB
 * deletes its TABS; deleting the top-level TABS keeps the tabs' content in the grid.
 */
export function deleteComponent(layout: DashboardLayout, id: string): boolean {
  const item = layout[id];
  if (!item || id === ROOT_ID || id === GRID_ID) return false;
  const topTabs = topLevelTabsId(layout);
  if (id === topTabs) {
    const content = item.children.flatMap((tabId) => layout[tabId]?.children ?? []);
    restoreGrid(layout, content);
    refreshParents(layout);
    return true;
  }
  const parent = parentOf(layout, id);
  if (!parent) return false;
  if (item.type === 'TAB' && parent.children.length === 1) {
    if (parent.id === topTabs) {
      deleteSubtree(layout, id);
      restoreGrid(layout, []);
    } else {
      detach(layout, parent.id);
      deleteSubtree(layout, parent.id);
    }
    refreshParents(layout);
    return true;
  }
  detach(layout, id);
  deleteSubtree(layout, id);
  if (parent.type === 'ROW' && parent.children.length === 0) {
    detach(layout, parent.id);
    delete layout[parent.id];
  }
  refreshParents(layout);
  return true;
}

/** New width (grid columns) and/or height (grid rows). False when nothing changes. */
export function resizeComponent(
  layout: DashboardLayout,
  id: string,
  size: { width?: number; height?: number },
): boolean {
  const item = layout[id];
  if (!item) return false;
  const { minWidth, maxWidth } = resizeBounds(layout, id);
  const wantedWidth = size.width && Math.min(maxWidth, Math.max(minWidth, Math.round(size.width)));
  const wantedHeight = size.height && Math.max(MIN_ROW_UNITS, Math.round(size.height));
  const width = wantedWidth && wantedWidth !== item.meta.width ? wantedWidth : undefined;
  const height = wantedHeight && wantedHeight !== item.meta.height ? wantedHeight : undefined;
  if (width === undefined && height === undefined) return false;
  if (width !== undefined) item.meta.width = width;
  if (height !== undefined) item.meta.height = height;
  return true;
}
