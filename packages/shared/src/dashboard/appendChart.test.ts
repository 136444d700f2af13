import { describe, expect, it } from 'vitest';
import { appendChartToPosition } from './appendChart.ts';
import { GRID_ID, type LayoutItem, ROOT_ID } from './position.ts';

const chart = { chartId: 7, sliceName: 'Sales by day' };

function components(position: Record<string, unknown>): Record<string, LayoutItem> {
  const out: Record<string, LayoutItem> = {};
  for (const [key, value] of Object.entries(position)) {
    if (typeof value === 'object') out[key] = value as LayoutItem;
  }
  return out;
}

function chartOf(position: Record<string, unknown>, chartId: number): LayoutItem | undefined {
  return Object.values(components(position)).find(
    (c) => c.type === 'CHART' && c.meta.chartId === chartId,
  );
}

describe('appendChartToPosition', () => {
  it.each([
    ['missing', null],
    ['empty text', ''],
    ['an empty object', {}],
    ['unreadable text', '{not json'],
  ])('creates ROOT_ID -> GRID_ID -> ROW -> CHART for a %s layout', (_label, position) => {
    const out = appendChartToPosition(position as never, chart);
    expect(out.DASHBOARD_VERSION_KEY).toBe('v2');
    const all = components(out);
    expect(all[ROOT_ID]?.children).toEqual([GRID_ID]);
    const grid = all[GRID_ID] as LayoutItem;
    expect(grid.children).toHaveLength(1);
    const row = all[grid.children[0] as string] as LayoutItem;
    expect(row.type).toBe('ROW');
    expect(row.id).toMatch(/^ROW-\d+$/);
    expect(row.parents).toEqual([ROOT_ID, GRID_ID]);
    const placed = all[row.children[0] as string] as LayoutItem;
    expect(placed.id).toMatch(/^CHART-\d+$/);
    expect(placed.parents).toEqual([ROOT_ID, GRID_ID, row.id]);
    expect(placed.meta).toEqual({ chartId: 7, width: 4, height: 50, sliceName: 'Sales by day' });
  });

  it('adds a new last row to an existing grid and keeps what was there', () => {
    const first = appendChartToPosition(null, { chartId: 1, sliceName: 'One', uuid: 'u-1' });
    const text = JSON.stringify(first);
    const out = appendChartToPosition(text, chart);
    const grid = components(out)[GRID_ID] as LayoutItem;
    expect(grid.children).toHaveLength(2);
    expect(grid.children[0]).toBe((components(first)[GRID_ID] as LayoutItem).children[0]);
    const lastRow = components(out)[grid.children[1] as string] as LayoutItem;
    expect(lastRow.children[0]).toBe(chartOf(out, 7)?.id);
    expect(chartOf(out, 1)?.meta.uuid).toBe('u-1');
    // The input is not changed.
    expect(JSON.stringify(first)).toBe(text);
  });

  it('puts the row in the first top-level tab when the dashboard has tabs', () => {
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: ROOT_ID, type: 'ROOT', children: ['TABS-1'], meta: {} },
      'TABS-1': {
        id: 'TABS-1',
        type: 'TABS',
        children: ['TAB-1', 'TAB-2'],
        parents: [ROOT_ID],
        meta: {},
      },
      'TAB-1': {
        id: 'TAB-1',
        type: 'TAB',
        children: [],
        parents: [ROOT_ID, 'TABS-1'],
        meta: { text: 'A' },
      },
      'TAB-2': {
        id: 'TAB-2',
        type: 'TAB',
        children: [],
        parents: [ROOT_ID, 'TABS-1'],
        meta: { text: 'B' },
      },
    };
    const out = appendChartToPosition(position as never, chart);
    const tab = components(out)['TAB-1'] as LayoutItem;
    expect(tab.children).toHaveLength(1);
    const row = components(out)[tab.children[0] as string] as LayoutItem;
    expect(row.parents).toEqual([ROOT_ID, 'TABS-1', 'TAB-1']);
    expect(chartOf(out, 7)?.parents).toEqual([ROOT_ID, 'TABS-1', 'TAB-1', row.id]);
    expect((components(out)['TAB-2'] as LayoutItem).children).toEqual([]);
    expect(components(out)[GRID_ID]).toBeUndefined();
  });

  it('leaves a layout alone when the chart is already on it', () => {
    const once = appendChartToPosition(null, chart);
    const twice = appendChartToPosition(once, chart);
    expect(twice).toEqual(once);
  });

  it('keeps what a stored layout with a loop holds instead of starting over', () => {
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], meta: {} },
      GRID_ID: { id: GRID_ID, type: 'GRID', children: ['ROW-1'], meta: {} },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'ROW-1'], meta: {} },
      'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
    };
    const out = appendChartToPosition(position as never, chart);
    expect(chartOf(out, 1)?.id).toBe('CHART-1');
    expect(chartOf(out, 7)).toBeDefined();
    expect((components(out)['ROW-1'] as LayoutItem).children).toEqual(['CHART-1']);
  });
});
