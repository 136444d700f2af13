import {
  type ComponentType,
  type DashboardLayout,
  DEFAULT_CHART_HEIGHT,
  DEFAULT_CHART_WIDTH,
  DEFAULT_DIVIDER_WIDTH,
  DEFAULT_HEADER_TEXT,
  DEFAULT_MARKDOWN_HEIGHT,
  DEFAULT_MARKDOWN_WIDTH,
  DEFAULT_TAB_TITLE,
  GRID_COLUMN_COUNT,
  GRID_MIN_COLUMN_COUNT,
  type LayoutItem,
  type LayoutMeta,
  ROOT_ID,
} from '@tessera/shared/dashboard/position';

/**
 * The editor's drop rules (spec section 5, "Dashboard drop rules"), as pure functions over a
 * layout. They decide what may be dropped where, where a drop lands, and what a drop is refused
 * with. The reducer and the drag-and-drop UI both ask them, so a drop refused on screen is refused
 * in the state too.
 */

export const NOT_ENOUGH_SPACE_MESSAGE =
  'There is not enough space for this component. Try decreasing its width, or increasing the destination width.';
export const TOP_LEVEL_TAB_MESSAGE = 'Can not move top level tab into nested tabs.';

/** How close (pixels) the pointer must be to an edge to drop beside a component rather than in it. */
export const DROP_EDGE_TOLERANCE = 20;

export const DROP_TOP = 'DROP_TOP';
export const DROP_RIGHT = 'DROP_RIGHT';
export const DROP_BOTTOM = 'DROP_BOTTOM';
export const DROP_LEFT = 'DROP_LEFT';
export const DROP_FORBIDDEN = 'DROP_FORBIDDEN';
export type DropPosition =
  | typeof DROP_TOP
  | typeof DROP_RIGHT
  | typeof DROP_BOTTOM
  | typeof DROP_LEFT
  | typeof DROP_FORBIDDEN;

/**
 * Nesting depth: ROOT is 0 and each container adds one, except that TABS and a nested TAB do not
 * (tabs only switch what is shown). Children of a top-level TAB sit at 2, as grid children do.
 *   root 0 > grid 1 > row 2 > column 3 > row 4 > chart 5
 *   root 0 > grid 1 > tabs 2 > tab 2 > row 2 > column 3 > row 4 > chart 5
 *   root 0 > tabs 1 > tab 1 > row 2 > column 3 > row 4 > chart 5
 */
export const ROOT_DEPTH = 0;

/**
 * The deepest a parent may sit to accept a child of a type, by parent type (Superset's rules).
 * A missing entry means the parent never takes that child.
 */
export const MAX_PARENT_DEPTH: Readonly<
  Record<ComponentType, Partial<Record<ComponentType, number>>>
> = {
  ROOT: { TABS: 0, GRID: 0 },
  GRID: { CHART: 1, DYNAMIC: 1, MARKDOWN: 1, COLUMN: 1, DIVIDER: 1, HEADER: 1, ROW: 1, TABS: 1 },
  ROW: { CHART: 4, DYNAMIC: 4, MARKDOWN: 4, COLUMN: 4 },
  TABS: { TAB: 3 },
  TAB: { CHART: 5, DYNAMIC: 5, MARKDOWN: 5, COLUMN: 3, DIVIDER: 5, HEADER: 5, ROW: 3, TABS: 3 },
  COLUMN: { CHART: 5, HEADER: 5, MARKDOWN: 5, ROW: 3, DIVIDER: 3, TABS: 3 },
  CHART: {},
  DYNAMIC: {},
  DIVIDER: {},
  HEADER: {},
  MARKDOWN: {},
};

export function isValidChild(
  parentType: ComponentType | undefined,
  parentDepth: number | undefined,
  childType: ComponentType,
): boolean {
  if (!parentType || parentDepth === undefined) return false;
  const max = MAX_PARENT_DEPTH[parentType]?.[childType];
  return max !== undefined && parentDepth <= max;
}

/** Types whose width the user sets (in grid columns). */
export const RESIZABLE_WIDTH_TYPES: ReadonlySet<ComponentType> = new Set([
  'CHART',
  'MARKDOWN',
  'COLUMN',
  'DYNAMIC',
]);
/** Types whose height the user sets (in GRID_BASE_UNIT rows). */
export const RESIZABLE_HEIGHT_TYPES: ReadonlySet<ComponentType> = new Set(['CHART', 'MARKDOWN']);

/** Dropped into a GRID or a TAB, these arrive wrapped in a new ROW. */
export function wrapsInRow(parentType: ComponentType, childType: ComponentType): boolean {
  return (
    (parentType === 'GRID' || parentType === 'TAB') &&
    (childType === 'CHART' || childType === 'COLUMN' || childType === 'MARKDOWN')
  );
}

/** The meta a component gets when created from the builder pane. */
export function defaultMeta(type: ComponentType): LayoutMeta {
  switch (type) {
    case 'CHART':
      return { width: DEFAULT_CHART_WIDTH, height: DEFAULT_CHART_HEIGHT };
    case 'MARKDOWN':
      return { width: DEFAULT_MARKDOWN_WIDTH, height: DEFAULT_MARKDOWN_HEIGHT };
    case 'COLUMN':
      return { width: DEFAULT_CHART_WIDTH, background: 'BACKGROUND_TRANSPARENT' };
    case 'DIVIDER':
      return { width: DEFAULT_DIVIDER_WIDTH };
    case 'HEADER':
      return {
        text: DEFAULT_HEADER_TEXT,
        headerSize: 'MEDIUM_HEADER',
        background: 'BACKGROUND_TRANSPARENT',
      };
    case 'ROW':
      return { background: 'BACKGROUND_TRANSPARENT' };
    case 'TAB':
      return { text: '', defaultText: DEFAULT_TAB_TITLE, placeholder: DEFAULT_TAB_TITLE };
    case 'DYNAMIC':
      return { width: GRID_COLUMN_COUNT, background: 'BACKGROUND_TRANSPARENT' };
    default:
      return {};
  }
}

// ---------------------------------------------------------------------------------------------
// Tree helpers.

/** Each component's parent id, read from `children` (the `parents` lists may be stale). */
export function parentMap(layout: DashboardLayout): Map<string, string> {
  const parents = new Map<string, string>();
  for (const item of Object.values(layout)) {
    for (const child of item.children) parents.set(child, item.id);
  }
  return parents;
}

export function parentOf(layout: DashboardLayout, id: string): LayoutItem | undefined {
  for (const item of Object.values(layout)) {
    if (item.children.includes(id)) return item;
  }
  return undefined;
}

/** The TABS component at the top of the dashboard (a child of ROOT), if any. */
export function topLevelTabsId(layout: DashboardLayout): string | undefined {
  return layout[ROOT_ID]?.children.find((id) => layout[id]?.type === 'TABS');
}

/** Ids from ROOT down to `id` (both included); empty when `id` is not reachable from ROOT. */
export function pathTo(layout: DashboardLayout, id: string): string[] {
  const parents = parentMap(layout);
  const path = [id];
  const seen = new Set(path);
  let current = parents.get(id);
  while (current !== undefined) {
    if (seen.has(current)) return [];
    seen.add(current);
    path.unshift(current);
    current = parents.get(current);
  }
  return path[0] === ROOT_ID ? path : [];
}

export function componentDepth(layout: DashboardLayout, id: string): number | undefined {
  const path = pathTo(layout, id);
  if (path.length === 0) return undefined;
  const topTabs = topLevelTabsId(layout);
  let depth = ROOT_DEPTH;
  for (let i = 1; i < path.length; i++) {
    const parent = layout[path[i - 1] as string] as LayoutItem;
    if (parent.type === 'TABS') continue;
    if (parent.type === 'TAB' && path[i - 2] !== topTabs) continue;
    depth += 1;
  }
  return depth;
}

/** True when `candidate` is `id` or sits anywhere below it. */
export function isSelfOrDescendant(
  layout: DashboardLayout,
  id: string,
  candidate: string,
): boolean {
  return pathTo(layout, candidate).includes(id) || candidate === id;
}

// ---------------------------------------------------------------------------------------------
// Widths (grid columns).

function childrenWidth(layout: DashboardLayout, item: LayoutItem): number {
  return item.children.reduce((sum, id) => sum + (layout[id]?.meta.width ?? 0), 0);
}

interface DetailedWidth {
  /** Columns the component spans (a row spans its container). */
  width: number | undefined;
  /** Columns already taken inside it (a row: its children). */
  occupied: number | undefined;
  /** The narrowest it may become. */
  minimum: number | undefined;
}

export function detailedWidth(
  layout: DashboardLayout,
  item: LayoutItem | undefined,
): DetailedWidth {
  if (!item) return { width: undefined, occupied: undefined, minimum: undefined };
  if (item.type === 'ROW') {
    const occupied = childrenWidth(layout, item);
    const parent = parentOf(layout, item.id);
    return {
      width: detailedWidth(layout, parent).width ?? GRID_COLUMN_COUNT,
      occupied,
      minimum: occupied || GRID_MIN_COLUMN_COUNT,
    };
  }
  if (item.type === 'COLUMN') {
    let minimum = GRID_MIN_COLUMN_COUNT;
    for (const id of item.children) {
      const child = layout[id];
      if (child?.type === 'ROW') minimum = Math.max(minimum, childrenWidth(layout, child));
    }
    return { width: item.meta.width, occupied: 0, minimum };
  }
  const minimum = RESIZABLE_WIDTH_TYPES.has(item.type) ? GRID_MIN_COLUMN_COUNT : undefined;
  return { width: item.meta.width, occupied: item.meta.width, minimum };
}

/** Fewest grid rows (of GRID_BASE_UNIT pixels) a chart or markdown block may be tall. */
export const MIN_ROW_UNITS = 5;

/**
 * The widths a component may be resized to: at least its minimum (a column holding rows keeps
 * room for them), at most what its row leaves free, or its container's width.
 */
export function resizeBounds(
  layout: DashboardLayout,
  id: string,
): { minWidth: number; maxWidth: number } {
  const item = layout[id];
  if (!item) return { minWidth: GRID_MIN_COLUMN_COUNT, maxWidth: GRID_COLUMN_COUNT };
  const own = detailedWidth(layout, item);
  const minWidth = own.minimum ?? GRID_MIN_COLUMN_COUNT;
  const parent = parentOf(layout, id);
  const container = detailedWidth(layout, parent);
  let maxWidth = container.width ?? GRID_COLUMN_COUNT;
  if (parent?.type === 'ROW') {
    maxWidth =
      (container.width ?? GRID_COLUMN_COUNT) - (container.occupied ?? 0) + (item.meta.width ?? 0);
  }
  return { minWidth, maxWidth: Math.max(minWidth, maxWidth) };
}

/**
 * The width a dragged component takes at its destination: its own when it fits, the room left
 * when that is at least its minimum, and -1 when it cannot fit (the drop is refused). Undefined
 * when widths do not apply.
 */
export function widthFromDrop(
  layout: DashboardLayout,
  dragging: DraggingItem,
  sourceParentId: string | undefined,
  destinationId: string,
): number | undefined {
  const component: LayoutItem =
    (dragging.id ? layout[dragging.id] : undefined) ??
    ({
      id: '',
      type: dragging.type,
      children: [],
      meta: { ...defaultMeta(dragging.type), ...dragging.meta },
    } as LayoutItem);
  if (sourceParentId === destinationId) return component.meta.width;

  const { width: wanted, minimum } = detailedWidth(layout, component);
  const destination = detailedWidth(layout, layout[destinationId]);
  let capacity = Number((destination.width ?? Number.NaN) - (destination.occupied ?? Number.NaN));
  if (Number.isNaN(capacity)) {
    const grandparent = detailedWidth(layout, parentOf(layout, destinationId));
    capacity = Number((grandparent.width ?? Number.NaN) - (grandparent.occupied ?? Number.NaN));
  }
  if (Number.isNaN(capacity) || wanted === undefined) return wanted;
  if (capacity >= wanted) return wanted;
  if (minimum !== undefined && capacity >= minimum) return capacity;
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Drops.

/** What is being dragged: an existing component (id) or a new one from the builder pane. */
export interface DraggingItem {
  id: string | null;
  type: ComponentType;
  meta?: LayoutMeta;
}

/** Where a drop lands: `index` counts the parent's children as they are before the move. */
export interface DropDestination {
  parentId: string;
  index: number;
}

export type DropCheck =
  | { ok: true; width: number | undefined }
  | { ok: false; message: string | null };

/**
 * Whether a drop is allowed, and the dragged component's width there. A refusal carries the
 * spec's message when there is one to show (space, top-level tab); a plain forbidden drop has
 * none (the indicator already said so). The answer depends on the destination's parent, never on
 * its index: the editor asks once per parent during a drag, to paint refusals as forbidden.
 */
export function checkDrop(
  layout: DashboardLayout,
  dragging: DraggingItem,
  destination: DropDestination,
): DropCheck {
  const parent = layout[destination.parentId];
  if (!parent) return { ok: false, message: null };
  const sourceParent = dragging.id ? parentOf(layout, dragging.id) : undefined;
  if (dragging.id) {
    if (!layout[dragging.id] || !sourceParent) return { ok: false, message: null };
    if (isSelfOrDescendant(layout, dragging.id, parent.id)) return { ok: false, message: null };
  }
  const topTabs = topLevelTabsId(layout);
  if (
    dragging.type === 'TAB' &&
    topTabs !== undefined &&
    sourceParent?.id === topTabs &&
    parent.type === 'TABS' &&
    parent.id !== topTabs
  ) {
    return { ok: false, message: TOP_LEVEL_TAB_MESSAGE };
  }
  if (parent.type === 'ROOT') {
    // Only new top-level tabs land on ROOT, and only while the dashboard has none.
    const ok = dragging.type === 'TABS' && topTabs === undefined;
    return ok ? { ok: true, width: undefined } : { ok: false, message: null };
  }
  // A new TAB only comes from a tabs component's "+", which Superset never checks against the
  // depth rules: tabs in a column sit deeper than a tab may be dragged, yet "+" still adds one.
  if (!dragging.id && dragging.type === 'TAB' && parent.type === 'TABS') {
    return { ok: true, width: undefined };
  }
  if (!isValidChild(parent.type, componentDepth(layout, parent.id), dragging.type)) {
    return { ok: false, message: null };
  }
  const width =
    RESIZABLE_WIDTH_TYPES.has(dragging.type) || dragging.type === 'ROW'
      ? widthFromDrop(layout, dragging, sourceParent?.id, parent.id)
      : undefined;
  if (width !== undefined && width < 0) return { ok: false, message: NOT_ENOUGH_SPACE_MESSAGE };
  return { ok: true, width };
}

// ---------------------------------------------------------------------------------------------
// Drop position from the pointer.

export interface Rect {
  top: number;
  left: number;
  right: number;
  bottom: number;
}
export interface Point {
  x: number;
  y: number;
}

/**
 * How a component lays out relative to its siblings: 'row' components stack vertically (siblings
 * drop above or below, children side by side), 'column' ones sit side by side.
 */
export type Orientation = 'row' | 'column';

export function orientationOf(layout: DashboardLayout, item: LayoutItem): Orientation {
  switch (item.type) {
    case 'ROW':
    case 'TABS':
    case 'HEADER':
    case 'DIVIDER':
      return 'row';
    case 'COLUMN':
    case 'TAB':
    case 'GRID':
      return 'column';
    default:
      return parentOf(layout, item.id)?.type === 'ROW' ? 'column' : 'row';
  }
}

export interface DropProbe {
  dragging: DraggingItem;
  componentId: string;
  rect: Rect;
  pointer: Point;
  /** The innermost component under the pointer (an outer one answers only near its edges). */
  shallow: boolean;
  /** The rects of the component's children, in order, to find the insertion point among them. */
  childRects?: Rect[];
}

export interface DropResolution {
  position: DropPosition;
  /** Null for a forbidden drop. */
  destination: DropDestination | null;
}

/** The GRID and a top-level TAB are drop areas of their own: nothing drops beside them. */
function hasSiblingZone(layout: DashboardLayout, item: LayoutItem): boolean {
  if (item.type === 'GRID' || item.type === 'ROOT') return false;
  if (item.type === 'TAB' && parentOf(layout, item.id)?.id === topLevelTabsId(layout)) return false;
  return true;
}

function insertionIndex(rects: Rect[] | undefined, pointer: Point, horizontal: boolean): number {
  if (!rects) return -1;
  return rects.filter((r) =>
    horizontal ? pointer.x > (r.left + r.right) / 2 : pointer.y > (r.top + r.bottom) / 2,
  ).length;
}

/**
 * The drop zone under the pointer for one component (Superset's getDropPosition): as a child of
 * it, beside it (within DROP_EDGE_TOLERANCE of an edge when both are possible), forbidden, or
 * null when this component is not the one to answer.
 */
export function resolveDrop(layout: DashboardLayout, probe: DropProbe): DropResolution | null {
  const component = layout[probe.componentId];
  const { dragging, rect, pointer } = probe;
  if (!component || dragging.id === component.id) return null;
  const parent = parentOf(layout, component.id);
  if (
    dragging.id &&
    (isSelfOrDescendant(layout, dragging.id, component.id) ||
      (parent && isSelfOrDescendant(layout, dragging.id, parent.id)))
  ) {
    return { position: DROP_FORBIDDEN, destination: null };
  }
  const depth = componentDepth(layout, component.id);
  const validChild = isValidChild(component.type, depth, dragging.type);
  const siblingParent = hasSiblingZone(layout, component) ? parent : undefined;
  const validSibling =
    siblingParent !== undefined &&
    isValidChild(siblingParent.type, componentDepth(layout, siblingParent.id), dragging.type);
  if (!validChild && !validSibling) return { position: DROP_FORBIDDEN, destination: null };

  const orientation = orientationOf(layout, component);
  const childrenSideBySide = orientation === 'row';
  const asChild = (): DropResolution => {
    const hasChildren = component.children.length > 0;
    let index = insertionIndex(probe.childRects, pointer, childrenSideBySide);
    if (index < 0) index = hasChildren ? component.children.length : 0;
    const atEnd = hasChildren && index >= component.children.length;
    const position = childrenSideBySide
      ? atEnd || index > 0
        ? DROP_RIGHT
        : DROP_LEFT
      : atEnd || index > 0
        ? DROP_BOTTOM
        : DROP_TOP;
    return { position, destination: { parentId: component.id, index } };
  };
  const asSibling = (position: DropPosition): DropResolution => {
    const p = siblingParent as LayoutItem;
    const at = p.children.indexOf(component.id);
    const after = position === DROP_BOTTOM || position === DROP_RIGHT;
    return { position, destination: { parentId: p.id, index: after ? at + 1 : at } };
  };

  if (validChild && !validSibling) return asChild();

  const delta = {
    top: Math.abs(pointer.y - rect.top),
    bottom: Math.abs(pointer.y - rect.bottom),
    left: Math.abs(pointer.x - rect.left),
    right: Math.abs(pointer.x - rect.right),
  };
  const nearEdge = Object.values(delta).some((d) => d <= DROP_EDGE_TOLERANCE);
  if (!probe.shallow && !nearEdge) return null;

  // Siblings of a 'row' component stack vertically; of a 'column' one, side by side.
  const siblingsSideBySide = orientation === 'column';
  if (validSibling && !validChild) {
    if (siblingsSideBySide) {
      return asSibling(pointer.x < (rect.left + rect.right) / 2 ? DROP_LEFT : DROP_RIGHT);
    }
    return asSibling(pointer.y < (rect.top + rect.bottom) / 2 ? DROP_TOP : DROP_BOTTOM);
  }
  if (siblingsSideBySide) {
    if (delta.left < DROP_EDGE_TOLERANCE) return asSibling(DROP_LEFT);
    if (delta.right < DROP_EDGE_TOLERANCE) return asSibling(DROP_RIGHT);
  } else {
    if (delta.top < DROP_EDGE_TOLERANCE) return asSibling(DROP_TOP);
    if (delta.bottom < DROP_EDGE_TOLERANCE) return asSibling(DROP_BOTTOM);
  }
  return asChild();
}
