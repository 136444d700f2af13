import { GRID_ID } from '@tessera/shared/dashboard/position';
import { describe, expect, it } from 'vitest';
import {
  checkDrop,
  DROP_FORBIDDEN,
  DROP_RIGHT,
  type DraggingItem,
  NOT_ENOUGH_SPACE_MESSAGE,
  type Rect,
  resolveDrop,
} from '../state/layoutRules.ts';
import { chart, gridLayout, node } from '../state/layoutTestLayouts.ts';
import { dropChecks, findDrop, indicatorBox, type MeasuredTarget } from './dropTargeting.ts';

const target = (id: string, rect: Rect, label = false): MeasuredTarget => ({ id, rect, label });

// ROW-1 is full (3 x 4 columns); ROW-2 has room.
const layout = gridLayout([
  node('ROW-1', 'ROW', {}, [chart(1), chart(2), chart(3)]),
  node('ROW-2', 'ROW', {}, [chart(4)]),
]);
const targets = [
  target(GRID_ID, { top: 0, left: 0, right: 1200, bottom: 900 }),
  target('ROW-1', { top: 0, left: 0, right: 1200, bottom: 400 }),
  target('CHART-1', { top: 0, left: 0, right: 400, bottom: 400 }),
  target('CHART-2', { top: 0, left: 400, right: 800, bottom: 400 }),
  target('CHART-3', { top: 0, left: 800, right: 1200, bottom: 400 }),
  target('ROW-2', { top: 400, left: 0, right: 1200, bottom: 800 }),
  target('CHART-4', { top: 400, left: 0, right: 400, bottom: 800 }),
];
const newChart: DraggingItem = { id: null, type: 'CHART', meta: { chartId: 9 } };

describe('findDrop', () => {
  it('turns a zone whose destination the rules refuse into a forbidden box round it', () => {
    const found = findDrop(layout, targets, newChart, { x: 700, y: 200 });
    expect(found?.resolution.position).toBe(DROP_FORBIDDEN);
    // The destination stays, so a release there can still say why.
    expect(found?.resolution.destination).toEqual({ parentId: 'ROW-1', index: 2 });
    expect(found?.check).toEqual({ ok: false, message: NOT_ENOUGH_SPACE_MESSAGE });
    expect(found?.targetId).toBe('ROW-1');
    expect(found && indicatorBox(found)).toEqual({ top: 0, left: 0, width: 1200, height: 400 });
  });

  it('agrees with checkDrop wherever the pointer is', () => {
    const checks = dropChecks(newChart);
    const seen = { allowed: 0, refused: 0 };
    for (let x = 5; x < 1200; x += 45) {
      for (let y = 5; y < 900; y += 45) {
        const found = findDrop(layout, targets, newChart, { x, y }, checks);
        const zone = targets
          .filter(
            (t) => x >= t.rect.left && x <= t.rect.right && y >= t.rect.top && y <= t.rect.bottom,
          )
          .sort(
            (a, b) =>
              (a.rect.right - a.rect.left) * (a.rect.bottom - a.rect.top) -
              (b.rect.right - b.rect.left) * (b.rect.bottom - b.rect.top),
          )
          .map((t, i) =>
            resolveDrop(layout, {
              dragging: newChart,
              componentId: t.id,
              rect: t.rect,
              pointer: { x, y },
              shallow: i === 0,
            }),
          )
          .find((r) => r && r.position !== DROP_FORBIDDEN);
        if (!zone?.destination) continue;
        const allowed = checkDrop(layout, newChart, zone.destination).ok;
        expect(found?.resolution.position === DROP_FORBIDDEN).toBe(!allowed);
        seen[allowed ? 'allowed' : 'refused'] += 1;
      }
    }
    expect(seen.allowed).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
  });

  it('shows an allowed zone as its line', () => {
    const found = findDrop(layout, targets, newChart, { x: 390, y: 600 });
    expect(found?.resolution).toEqual({
      position: DROP_RIGHT,
      destination: { parentId: 'ROW-2', index: 1 },
    });
    expect(found?.check).toEqual({ ok: true, width: 4 });
  });
});

describe('dropChecks', () => {
  it('asks the rules once per destination parent, and again for a new layout', () => {
    const checks = dropChecks(newChart);
    const first = checks(layout, { parentId: 'ROW-1', index: 0 });
    expect(checks(layout, { parentId: 'ROW-1', index: 3 })).toBe(first);
    expect(checks(layout, { parentId: 'ROW-2', index: 1 })).not.toBe(first);
    const changed = { ...layout };
    expect(checks(changed, { parentId: 'ROW-1', index: 0 })).not.toBe(first);
    expect(checks(changed, { parentId: 'ROW-1', index: 0 })).toEqual(first);
  });
});
