import { describe, expect, it, vi } from 'vitest';
import { hasCycle } from './flows.ts';
import { buildHierarchy, hierarchyPoints } from './hierarchy.ts';
import {
  crossFilterMask,
  formatLabel,
  type InteractivePoint,
  interactionHandlers,
  legendLayout,
  NULL_LABEL,
} from './partsAndFlows.ts';

const drama: InteractivePoint = {
  label: 'Drama',
  filters: [{ col: 'major_genre', val: 'Drama', formattedVal: 'Drama' }],
};

describe('cross-filters and drilling', () => {
  it('a click emits an IN filter on the point and its filter state', () => {
    const setDataMask = vi.fn();
    interactionHandlers({ Drama: drama }, null, { setDataMask }).click?.({ name: 'Drama' });
    expect(setDataMask).toHaveBeenCalledWith({
      extraFormData: { filters: [{ col: 'major_genre', op: 'IN', val: ['Drama'] }] },
      filterState: { value: [['Drama']], selectedValues: ['Drama'], label: 'Drama' },
    });
  });

  it('a second click on the selected point clears the filter', () => {
    const setDataMask = vi.fn();
    interactionHandlers({ Drama: drama }, 'Drama', { setDataMask }).click?.({ name: 'Drama' });
    expect(setDataMask).toHaveBeenCalledWith({
      extraFormData: {},
      filterState: { value: null, selectedValues: null },
    });
  });

  it('finds a point by its pointKey before its name, and ignores unknown points', () => {
    const setDataMask = vi.fn();
    const handlers = interactionHandlers({ k1: drama }, null, { setDataMask });
    handlers.click?.({ name: 'Drama', data: { pointKey: 'k1' } });
    handlers.click?.({ name: 'Comedy' });
    expect(setDataMask).toHaveBeenCalledTimes(1);
  });

  it('a right-click opens the context menu with the point filters', () => {
    const onContextMenu = vi.fn();
    const preventDefault = vi.fn();
    interactionHandlers({ Drama: drama }, null, { onContextMenu }).contextmenu?.({
      name: 'Drama',
      event: { event: { clientX: 10, clientY: 20, preventDefault } },
    });
    expect(preventDefault).toHaveBeenCalled();
    expect(onContextMenu).toHaveBeenCalledWith(10, 20, [
      { col: 'major_genre', op: '==', val: 'Drama', formattedVal: 'Drama' },
    ]);
  });

  it('a NULL value filters with IS NULL', () => {
    const mask = crossFilterMask({
      label: NULL_LABEL,
      filters: [{ col: 'major_genre', val: null, formattedVal: NULL_LABEL }],
    });
    expect(mask.extraFormData).toEqual({ filters: [{ col: 'major_genre', op: 'IS NULL' }] });
  });
});

describe('labels and legends', () => {
  it('formats every label type', () => {
    const parts = { name: 'Drama', value: '1.2k', percent: '40.00%' };
    expect(formatLabel('key', parts)).toBe('Drama');
    expect(formatLabel('value', parts)).toBe('1.2k');
    expect(formatLabel('percent', parts)).toBe('40.00%');
    expect(formatLabel('key_value', parts)).toBe('Drama: 1.2k');
    expect(formatLabel('key_percent', parts)).toBe('Drama: 40.00%');
    expect(formatLabel('key_value_percent', parts)).toBe('Drama: 1.2k (40.00%)');
    expect(formatLabel('value_percent', parts)).toBe('1.2k (40.00%)');
  });

  it('places the legend where asked and leaves room for it', () => {
    const right = legendLayout(
      { datasource: '1__table', viz_type: 'pie', legendOrientation: 'right' },
      ['a'],
    );
    expect(right.legend).toMatchObject({ show: true, orient: 'vertical', right: 0 });
    expect(right.margin.right).toBeGreaterThan(0);
    const hidden = legendLayout({ datasource: '1__table', viz_type: 'pie', show_legend: false }, [
      'a',
    ]);
    expect(hidden.legend).toEqual({ show: false });
  });
});

describe('hierarchies and flows', () => {
  it('sums leaves into their parents and keys nodes by path', () => {
    const roots = buildHierarchy(
      [
        { a: 'x', b: 'p', m: 1 },
        { a: 'x', b: 'q', m: 2 },
        { a: 'y', b: 'p', m: 4 },
      ],
      [
        { column: 'a', label: 'a' },
        { column: 'b', label: 'b' },
      ],
      (_, v) => String(v),
      'm',
    );
    expect(roots.map((n) => [n.name, n.value])).toEqual([
      ['x', 3],
      ['y', 4],
    ]);
    const points = hierarchyPoints(roots);
    expect(Object.values(points).map((p) => p.label)).toEqual(['x', 'x, p', 'x, q', 'y', 'y, p']);
  });

  it('orders equal values by name when the rows come largest first, whatever order the engine gave', () => {
    const levels = [
      { column: 'island', label: 'island' },
      { column: 'sex', label: 'sex' },
    ];
    const build = (rows: Array<Record<string, unknown>>) =>
      buildHierarchy(rows, levels, (_, v) => String(v), 'n')[0]?.children.map((c) => c.name);
    const male = { island: 'Dream', sex: 'MALE', n: 34 };
    const female = { island: 'Dream', sex: 'FEMALE', n: 34 };
    expect(build([male, female])).toEqual(['FEMALE', 'MALE']);
    expect(build([female, male])).toEqual(['FEMALE', 'MALE']);
    // Rows in another order than largest first are kept as they come.
    const small = { island: 'Dream', sex: 'NA', n: 1 };
    expect(build([small, male, female])).toEqual(['NA', 'MALE', 'FEMALE']);
  });

  it('finds loops, including a node linked to itself', () => {
    expect(
      hasCycle([
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
      ]),
    ).toBe(false);
    expect(
      hasCycle([
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
        { source: 'c', target: 'a' },
      ]),
    ).toBe(true);
    expect(hasCycle([{ source: 'a', target: 'a' }])).toBe(true);
  });
});
