import {
  DASHBOARD_VERSION,
  DASHBOARD_VERSION_KEY,
  type DashboardLayout,
  DEFAULT_CHART_HEIGHT,
  DEFAULT_CHART_WIDTH,
  GRID_ID,
  type LayoutItem,
  newComponentId,
  type PositionJson,
  ROOT_ID,
  readPositionJson,
} from './position.ts';

/**
 * Adding a chart to a dashboard from explore's save modal: the chart gets a new row at the end
 * of the dashboard's layout, as Superset places it. Pure, so the server runs it inside the save
 * transaction and tests run it alone.
 */

export interface AppendedChart {
  chartId: number;
  sliceName: string;
  uuid?: string;
}

function parse(position: PositionJson | string | null | undefined): DashboardLayout {
  let value: unknown = position ?? null;
  if (typeof value === 'string') {
    try {
      value = value.trim() === '' ? null : JSON.parse(value);
    } catch {
      value = null;
    }
  }
  // A deep copy first: the caller's document is never changed (the repair works in place).
  const layout = value ? readPositionJson(JSON.parse(JSON.stringify(value))) : null;
  // A missing, empty or unreadable layout starts over: there is nothing in it to keep. A layout
  // with broken links keeps its content, since explore's save must not wipe a dashboard.
  if (!layout?.[ROOT_ID]) return {};
  return layout;
}

/**
 * Where new rows go: the grid, or the first tab when the dashboard's top level is tabs (the root
 * holds a TABS component, or the grid holds nothing but one).
 */
function containerOf(layout: DashboardLayout): LayoutItem {
  const root = layout[ROOT_ID] as LayoutItem;
  const topTabs = root.children.map((id) => layout[id]).find((c) => c?.type === 'TABS');
  const grid = layout[GRID_ID];
  const gridTabs =
    grid && grid.children.length === 1 && layout[grid.children[0] as string]?.type === 'TABS'
      ? layout[grid.children[0] as string]
      : undefined;
  const tabs = topTabs ?? gridTabs;
  const firstTab = tabs?.children.map((id) => layout[id]).find((c) => c?.type === 'TAB');
  if (firstTab) return firstTab;
  if (grid) return grid;
  const created: LayoutItem = {
    id: GRID_ID,
    type: 'GRID',
    children: [],
    parents: [ROOT_ID],
    meta: {},
  };
  layout[GRID_ID] = created;
  root.children = [...root.children, GRID_ID];
  return created;
}

/** The layout with the chart in a new last row; unchanged if the chart is already placed. */
export function appendChartToPosition(
  position: PositionJson | string | null | undefined,
  chart: AppendedChart,
): PositionJson {
  const layout = parse(position);
  if (!layout[ROOT_ID]) {
    layout[ROOT_ID] = { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], meta: {} };
    layout[GRID_ID] = { id: GRID_ID, type: 'GRID', children: [], parents: [ROOT_ID], meta: {} };
  }
  const placed = Object.values(layout).some(
    (item) => item.type === 'CHART' && item.meta.chartId === chart.chartId,
  );
  if (placed) return { ...layout, [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION };

  const container = containerOf(layout);
  const rowParents = [...(container.parents ?? []), container.id];
  const rowId = newComponentId('ROW', Object.keys(layout));
  const chartKey = newComponentId('CHART', [...Object.keys(layout), rowId]);
  layout[rowId] = {
    id: rowId,
    type: 'ROW',
    children: [chartKey],
    parents: rowParents,
    meta: { background: 'BACKGROUND_TRANSPARENT' },
  };
  layout[chartKey] = {
    id: chartKey,
    type: 'CHART',
    children: [],
    parents: [...rowParents, rowId],
    meta: {
      chartId: chart.chartId,
      width: DEFAULT_CHART_WIDTH,
      height: DEFAULT_CHART_HEIGHT,
      sliceName: chart.sliceName,
      ...(chart.uuid ? { uuid: chart.uuid } : {}),
    },
  };
  container.children = [...container.children, rowId];
  return { ...layout, [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION };
}
