import { describe, expect, it } from 'vitest';
import {
  checkPositionJson,
  componentIdNumber,
  DASHBOARD_VERSION_KEY,
  DEFAULT_HEADER_TEXT,
  DEFAULT_TAB_TITLE,
  GRID_ID,
  MAX_COMPONENT_ID,
  migratePositionJson,
  newComponentId,
  ROOT_ID,
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
});
