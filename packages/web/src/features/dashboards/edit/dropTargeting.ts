import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import {
  checkDrop,
  DROP_BOTTOM,
  DROP_FORBIDDEN,
  DROP_LEFT,
  DROP_RIGHT,
  DROP_TOP,
  type DraggingItem,
  type DropCheck,
  type DropDestination,
  type DropResolution,
  type Point,
  type Rect,
  resolveDrop,
} from '../state/layoutRules.ts';

/**
 * Finding the drop zone under the pointer without React: the editor's components carry
 * `data-layout-id` (and `data-layout-role="tab-label"` on tab titles); their rectangles are read
 * once per drag (again after a scroll) and every pointer move is answered from them. Nothing
 * re-renders while dragging; the one indicator element is moved by hand.
 */

export interface MeasuredTarget {
  id: string;
  rect: Rect;
  label: boolean;
}

export function measureTargets(root: HTMLElement): MeasuredTarget[] {
  const out: MeasuredTarget[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('[data-layout-id]')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    out.push({
      id: el.dataset.layoutId as string,
      rect: { top: r.top, left: r.left, right: r.right, bottom: r.bottom },
      label: el.dataset.layoutRole === 'tab-label',
    });
  }
  return out;
}

const contains = (r: Rect, p: Point) =>
  p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;
const area = (r: Rect) => (r.right - r.left) * (r.bottom - r.top);

export interface Targeted {
  /**
   * DROP_FORBIDDEN when no zone takes the component here, or when the rules refuse the zone's
   * destination (then `destination` stays, so a release there can say why).
   */
  resolution: DropResolution;
  /** The component the indicator is drawn on. */
  targetId: string;
  rect: Rect;
  childRects?: Rect[];
  /** `checkDrop`'s answer for the destination; null when there is none. */
  check: DropCheck | null;
}

export type DropChecks = (layout: DashboardLayout, destination: DropDestination) => DropCheck;

/**
 * `checkDrop` for one drag, remembered by destination parent: its answer does not depend on the
 * index, and it walks the layout several times, too much to repeat on every pointer move. A new
 * layout (an undo mid-drag) starts over.
 */
export function dropChecks(dragging: DraggingItem): DropChecks {
  let seen: DashboardLayout | null = null;
  const byParent = new Map<string, DropCheck>();
  return (layout, destination) => {
    if (layout !== seen) {
      seen = layout;
      byParent.clear();
    }
    let check = byParent.get(destination.parentId);
    if (!check) {
      check = checkDrop(layout, dragging, destination);
      byParent.set(destination.parentId, check);
    }
    return check;
  };
}

/**
 * The drop under `pointer`: the innermost component that answers, else the innermost refusal.
 * An answer whose destination the rules refuse comes back forbidden (outer components are not
 * asked instead: the pointer is where the user means to drop, and the grid would always answer).
 */
export function findDrop(
  layout: DashboardLayout,
  targets: MeasuredTarget[],
  dragging: DraggingItem,
  pointer: Point,
  checks: DropChecks = (l, destination) => checkDrop(l, dragging, destination),
): Targeted | null {
  const byId = new Map<string, MeasuredTarget>();
  const labelById = new Map<string, MeasuredTarget>();
  for (const t of targets) (t.label ? labelById : byId).set(t.id, t);
  const childRectsOf = (id: string): Rect[] | undefined => {
    const item = layout[id];
    if (!item || item.children.length === 0) return undefined;
    const useLabels = item.type === 'TABS';
    const rects = item.children.map((c) => (useLabels ? labelById.get(c) : byId.get(c))?.rect);
    return rects.every(Boolean) ? (rects as Rect[]) : undefined;
  };
  const under = targets
    .filter((t) => contains(t.rect, pointer) && (!t.label || dragging.type === 'TAB'))
    .sort((a, b) => area(a.rect) - area(b.rect));
  let refusal: Targeted | null = null;
  for (const [i, target] of under.entries()) {
    const childRects = target.label ? undefined : childRectsOf(target.id);
    const resolution = resolveDrop(layout, {
      dragging,
      componentId: target.id,
      rect: target.rect,
      pointer,
      shallow: i === 0,
      childRects,
    });
    if (!resolution) continue;
    const { destination } = resolution;
    if (resolution.position === DROP_FORBIDDEN || !destination) {
      refusal ??= { resolution, targetId: target.id, rect: target.rect, childRects, check: null };
      continue;
    }
    const check = checks(layout, destination);
    if (check.ok) return { resolution, targetId: target.id, rect: target.rect, childRects, check };
    // The box goes round the destination (the full row, the nested tabs) when it is measured.
    const box = byId.get(destination.parentId);
    return {
      resolution: { position: DROP_FORBIDDEN, destination },
      targetId: box ? box.id : target.id,
      rect: box ? box.rect : target.rect,
      check,
    };
  }
  return refusal;
}

const LINE = 4;

/** Where the indicator line goes for a drop (fixed-position pixels), or the refused box. */
export function indicatorBox(found: Targeted): {
  top: number;
  left: number;
  width: number;
  height: number;
} {
  const { resolution, rect, childRects, targetId } = found;
  const { position, destination } = resolution;
  const box = (r: Rect) => ({
    top: r.top,
    left: r.left,
    width: r.right - r.left,
    height: r.bottom - r.top,
  });
  if (position === DROP_FORBIDDEN || !destination) return box(rect);
  const horizontalLine = position === DROP_TOP || position === DROP_BOTTOM;
  let edge: Rect = rect;
  // A drop among a container's children: the line sits at the child it goes before (or after
  // the last one).
  if (destination.parentId === targetId && childRects && childRects.length > 0) {
    const before = childRects[destination.index];
    const last = childRects[childRects.length - 1] as Rect;
    if (horizontalLine) {
      const y = before ? before.top : last.bottom;
      edge = { ...rect, top: y, bottom: y };
    } else {
      const x = before ? before.left : last.right;
      edge = { ...rect, left: x, right: x };
    }
    return horizontalLine
      ? { top: edge.top - LINE / 2, left: rect.left, width: rect.right - rect.left, height: LINE }
      : { top: rect.top, left: edge.left - LINE / 2, width: LINE, height: rect.bottom - rect.top };
  }
  switch (position) {
    case DROP_TOP:
      return {
        top: edge.top - LINE / 2,
        left: edge.left,
        width: edge.right - edge.left,
        height: LINE,
      };
    case DROP_BOTTOM:
      return {
        top: edge.bottom - LINE / 2,
        left: edge.left,
        width: edge.right - edge.left,
        height: LINE,
      };
    case DROP_LEFT:
      return {
        top: edge.top,
        left: edge.left - LINE / 2,
        width: LINE,
        height: edge.bottom - edge.top,
      };
    case DROP_RIGHT:
      return {
        top: edge.top,
        left: edge.right - LINE / 2,
        width: LINE,
        height: edge.bottom - edge.top,
      };
    default:
      return box(rect);
  }
}
