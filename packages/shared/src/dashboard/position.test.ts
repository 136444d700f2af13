import { describe, expect, it } from 'vitest';
import {
  checkPositionJson,
  componentIdNumber,
  DASHBOARD_VERSION_KEY,
  type DashboardLayout,
  DEFAULT_HEADER_TEXT,
  DEFAULT_TAB_TITLE,
  GRID_ID,
  MAX_COMPONENT_ID,
  migratePositionJson,
  newComponentId,
  ROOT_ID,
  repairLayoutTree,
  toPositionJson,
} from './position.ts';

const base = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [] },
};

describe('position_json', () => {
  it('knows the defaults of the spec', () => {
    expect(DEFAULT_HEADER_TEXT).toBe('New header');
    expect(DEFAULT_TAB_TITLE).toBe('Tab title');
    expect(MAX_COMPONENT_ID).toBe(65535);
  });

  it('accepts a v2 layout and reads its version', () => {
    const check = checkPositionJson({ ...base, [DASHBOARD_VERSION_KEY]: 'v2' });
    expect(check.ok && check.version).toBe('v2');
  });

  it('refuses unknown component types, ids above 65535, dangling children and charts without ids', () => {
    const bad = checkPositionJson({
      ...base,
      'WIDGET-1': { id: 'WIDGET-1', type: 'WIDGET', children: [] },
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0]).toContain('Unknown component type "WIDGET"');
    const big = checkPositionJson({
      ...base,
      'ROW-65536': { id: 'ROW-65536', type: 'ROW', children: [] },
    });
    expect(!big.ok && big.errors).toEqual(['Component id ROW-65536 is above the maximum of 65535']);
    const dangling = checkPositionJson({
      ...base,
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['X'] },
    });
    expect(!dangling.ok && dangling.errors).toEqual(['Component ROW-1 names a missing child X']);
    const chart = checkPositionJson({
      ...base,
      'CHART-1': { id: 'CHART-1', type: 'CHART', children: [] },
    });
    expect(!chart.ok && chart.errors).toEqual(['Chart component CHART-1 has no chartId']);
    expect(checkPositionJson([]).ok).toBe(false);
  });

  it('generates ids within the maximum and never reuses one', () => {
    const id = newComponentId('CHART', ['CHART-1']);
    const n = componentIdNumber(id) as number;
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(MAX_COMPONENT_ID);
    expect(id).not.toBe('CHART-1');
  });

  it('migrates a missing layout to rows of the dashboard charts, three per row', () => {
    const layout = migratePositionJson(
      null,
      [1, 2, 3, 4].map((id) => ({ id, slice_name: `c${id}` })),
    );
    const grid = layout[GRID_ID];
    expect(grid?.children).toHaveLength(2);
    const charts = Object.values(layout).filter((c) => c.type === 'CHART');
    expect(charts.map((c) => c.meta.chartId)).toEqual([1, 2, 3, 4]);
    expect(charts[0]?.meta).toMatchObject({ width: 4, height: 50, sliceName: 'c1' });
  });

  it('migrates a v1 layout (no version key, no grid) and places charts it lacks', () => {
    const layout = migratePositionJson(
      JSON.stringify({ ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [] } }),
      [{ id: 7 }],
    );
    expect(layout[ROOT_ID]?.children).toEqual([GRID_ID]);
    expect(Object.values(layout).some((c) => c.meta.chartId === 7)).toBe(true);
    expect(migratePositionJson('{not json', [])[GRID_ID]).toBeDefined();
  });

  describe('structure', () => {
    const item = (id: string, type: string, children: string[] = [], meta = {}) => ({
      id,
      type,
      children,
      meta,
    });
    const errorsOf = (value: unknown) => {
      const check = checkPositionJson(value);
      return check.ok ? [] : check.errors;
    };

    it('refuses a component that holds itself (the audit: ROOT_ID -> ROOT_ID)', () => {
      expect(errorsOf({ ROOT_ID: item('ROOT_ID', 'ROOT', ['ROOT_ID']) })).toEqual([
        'Component ROOT_ID lists itself as its own child',
      ]);
    });

    it('refuses a loop of components and names its path', () => {
      const errors = errorsOf({
        ...base,
        GRID_ID: item('GRID_ID', 'GRID', ['ROW-1']),
        'ROW-1': item('ROW-1', 'ROW', ['COLUMN-1']),
        'COLUMN-1': item('COLUMN-1', 'COLUMN', ['ROW-1']),
      });
      expect(errors).toContain(
        'Components ROW-1 -> COLUMN-1 -> ROW-1 contain each other in a loop; a component cannot sit inside itself',
      );
    });

    it('refuses ROOT_ID inside another component', () => {
      expect(errorsOf({ ...base, GRID_ID: item('GRID_ID', 'GRID', ['ROOT_ID']) })).toContain(
        'Component GRID_ID lists ROOT_ID as a child, but ROOT_ID is the top of the layout and cannot sit inside another component',
      );
    });

    it('refuses a layout with components but no ROOT_ID (the audit: a lone CHART)', () => {
      expect(
        errorsOf({ 'CHART-1': item('CHART-1', 'CHART', [], { chartId: 1, width: 4 }) }),
      ).toEqual([
        'The layout has no ROOT_ID component; every dashboard layout starts at ROOT_ID (holding GRID_ID or the top-level tabs)',
      ]);
      expect(errorsOf({ ...base, ROOT_ID: item('ROOT_ID', 'ROW', ['GRID_ID']) })).toEqual([
        'ROOT_ID must be of type ROOT, not ROW',
      ]);
    });

    it('refuses a component with two parents, or listed twice by one', () => {
      const twoParents = errorsOf({
        ...base,
        GRID_ID: item('GRID_ID', 'GRID', ['ROW-1', 'ROW-2']),
        'ROW-1': item('ROW-1', 'ROW', ['CHART-1']),
        'ROW-2': item('ROW-2', 'ROW', ['CHART-1']),
        'CHART-1': item('CHART-1', 'CHART', [], { chartId: 1 }),
      });
      expect(twoParents).toEqual([
        'Component CHART-1 is a child of both ROW-1 and ROW-2; a component can sit in only one place',
      ]);
      const twice = errorsOf({
        ...base,
        GRID_ID: item('GRID_ID', 'GRID', ['ROW-1', 'ROW-1']),
        'ROW-1': item('ROW-1', 'ROW'),
      });
      expect(twice).toEqual(['Component GRID_ID lists ROW-1 as a child more than once']);
    });

    it('accepts what Superset saves: an empty layout, top-level tabs with the grid left aside', () => {
      expect(checkPositionJson({}).ok).toBe(true);
      expect(checkPositionJson({ [DASHBOARD_VERSION_KEY]: 'v2' }).ok).toBe(true);
      const tabs = checkPositionJson({
        ROOT_ID: item('ROOT_ID', 'ROOT', ['TABS-1']),
        GRID_ID: item('GRID_ID', 'GRID'),
        HEADER_ID: item('HEADER_ID', 'HEADER', [], { text: 'Sales' }),
        'TABS-1': item('TABS-1', 'TABS', ['TAB-1']),
        'TAB-1': item('TAB-1', 'TAB', ['ROW-1']),
        'ROW-1': item('ROW-1', 'ROW', ['CHART-1']),
        'CHART-1': item('CHART-1', 'CHART', [], { chartId: 1 }),
      });
      expect(tabs.ok).toBe(true);
      expect(
        checkPositionJson({
          ROOT_ID: item('ROOT_ID', 'ROOT', ['TABS-1']),
          'TABS-1': item('TABS-1', 'TABS'),
        }).ok,
      ).toBe(true);
    });
  });

  describe('reading a broken stored layout', () => {
    /** Walks from ROOT as the client's renderers do (no guard), failing instead of hanging. */
    function walk(layout: DashboardLayout): string[] {
      const seen: string[] = [];
      const visit = (id: string) => {
        if (seen.length > 1000) throw new Error('the walk does not end');
        const component = layout[id];
        if (!component) return;
        seen.push(id);
        for (const child of component.children) visit(child);
      };
      visit(ROOT_ID);
      return seen;
    }
    const stored = (value: Record<string, unknown>) => JSON.stringify(value);
    /** The client saves what it read: that must pass the check the server applies. */
    const savable = (layout: DashboardLayout) => checkPositionJson(toPositionJson(layout));

    it('drops a self link (the audit document opens with an empty grid)', () => {
      const layout = migratePositionJson(
        stored({ ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['ROOT_ID'] } }),
      );
      expect(layout[ROOT_ID]?.children).toEqual([GRID_ID]);
      expect(walk(layout)).toEqual([ROOT_ID, GRID_ID]);
      expect(savable(layout).ok).toBe(true);
    });

    it('drops the link that closes a loop, and ROOT_ID as a child', () => {
      const layout = migratePositionJson(
        stored({
          ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
          GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'ROOT_ID'] },
          'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['COLUMN-1'] },
          'COLUMN-1': { id: 'COLUMN-1', type: 'COLUMN', children: ['ROW-1', 'GRID_ID'] },
        }),
      );
      expect(layout[GRID_ID]?.children).toEqual(['ROW-1']);
      expect(layout['COLUMN-1']?.children).toEqual([]);
      expect(walk(layout)).toEqual([ROOT_ID, GRID_ID, 'ROW-1', 'COLUMN-1']);
      expect(savable(layout).ok).toBe(true);
    });

    it('keeps a component with two parents in the one nearest the root, and drops dangling children', () => {
      const layout = migratePositionJson(
        stored({
          ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
          GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'ROW-2', 'ROW-1'] },
          'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'GONE'] },
          'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-1'] },
          'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
        }),
        [{ id: 1 }],
      );
      expect(layout[GRID_ID]?.children).toEqual(['ROW-1', 'ROW-2']);
      expect(layout['ROW-1']?.children).toEqual(['CHART-1']);
      expect(layout['ROW-2']?.children).toEqual([]);
      expect(walk(layout)).toEqual([ROOT_ID, GRID_ID, 'ROW-1', 'CHART-1', 'ROW-2']);
      expect(savable(layout).ok).toBe(true);
    });

    it('gives a layout without ROOT_ID a root and places the charts nothing shows', () => {
      const layout = migratePositionJson(
        stored({
          'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 5 } },
        }),
        [{ id: 5 }],
      );
      expect(layout[ROOT_ID]?.children).toEqual([GRID_ID]);
      const shown = walk(layout).map((id) => layout[id]?.meta.chartId);
      expect(shown).toContain(5);
      expect(savable(layout).ok).toBe(true);
    });

    it('gives ROOT_ID its type back and keeps the grid Superset leaves aside under top-level tabs', () => {
      const layout = migratePositionJson(
        stored({
          ROOT_ID: { id: 'ROOT_ID', type: 'ROW', children: ['TABS-1'] },
          GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['CHART-9'] },
          'CHART-9': { id: 'CHART-9', type: 'CHART', children: [], meta: { chartId: 9 } },
          'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-1'] },
          'TAB-1': { id: 'TAB-1', type: 'TAB', children: ['TABS-1'] },
        }),
        [{ id: 9 }],
      );
      expect(layout[ROOT_ID]?.type).toBe('ROOT');
      expect(layout[ROOT_ID]?.children).toEqual(['TABS-1']);
      expect(layout['TAB-1']?.children).toEqual([]);
      // The chart already has a place, if a hidden one: none is added at each read and save.
      expect(Object.values(layout).filter((c) => c.meta.chartId === 9)).toHaveLength(1);
      expect(savable(layout).ok).toBe(true);
    });

    it('leaves orphan loops unable to reach each other (repairLayoutTree on its own)', () => {
      const layout: DashboardLayout = {
        ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [], meta: {} },
        'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['ROW-2'], meta: {} },
        'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['ROW-1'], meta: {} },
      };
      repairLayoutTree(layout);
      const check = checkPositionJson(layout);
      expect(check.ok).toBe(true);
    });
  });
});
