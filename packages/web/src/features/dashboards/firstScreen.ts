import type { ChartDataAnswer } from '@tessera/shared/api/chartData';
import type { DashboardChart } from '@tessera/shared/api/dashboards';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import {
  DEFAULT_CHART_HEIGHT,
  DEFAULT_MARKDOWN_HEIGHT,
  GRID_BASE_UNIT,
  GRID_ID,
  ROOT_ID,
} from '@tessera/shared/dashboard/position';
import type { QueryFormData } from '@tessera/shared/viz/types';
import { hasVizPlugin, loadVizPlugin } from '../../viz/registry.ts';
import type { ChartDataBatcher } from './charts/batcher.ts';
import { chartQueryContext, dashboardFormData } from './charts/chartQuery.ts';
import { IN_VIEW_MARGIN_PX } from './charts/useInView.ts';
import { selectedTab } from './layoutPaths.ts';

/**
 * Which charts the dashboard shows first, worked out from the layout alone before anything is
 * drawn: their data and code can then be asked for while the page renders, instead of after the
 * holders have been laid out and found themselves in view. The heights are the grid's (a chart's
 * `height` in grid units, its margins, a tab bar); a chart just below the line counts, as the
 * holders' own in-view margin counts it, and an error either way costs little: a chart counted
 * wrongly fetches early, one missed fetches when its holder finds itself in view.
 */

/** Margin around a chart or markdown holder (8 px above and below). */
const HOLDER_MARGIN_PX = 16;
const TAB_BAR_PX = 46;
const HEADER_PX = 56;
const DIVIDER_PX = 24;

interface Walk {
  layout: DashboardLayout;
  activeTabs: readonly string[];
  budgetPx: number;
  found: number[];
}

/** The height of component `id` laid out from `top`, noting the charts that start above the budget. */
function place(walk: Walk, id: string, top: number): number {
  const item = walk.layout[id];
  if (!item || top >= walk.budgetPx) return 0;
  const stack = (ids: readonly string[], from: number) =>
    ids.reduce((y, child) => y + place(walk, child, y), from) - from;
  switch (item.type) {
    case 'CHART':
      if (typeof item.meta.chartId === 'number') walk.found.push(item.meta.chartId);
      return (item.meta.height ?? DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT + HOLDER_MARGIN_PX;
    case 'MARKDOWN':
    case 'DYNAMIC':
      return (item.meta.height ?? DEFAULT_MARKDOWN_HEIGHT) * GRID_BASE_UNIT + HOLDER_MARGIN_PX;
    case 'HEADER':
      return HEADER_PX;
    case 'DIVIDER':
      return DIVIDER_PX;
    case 'ROW':
      // Side by side: the row is as tall as its tallest cell.
      return Math.max(0, ...item.children.map((child) => place(walk, child, top)));
    case 'TABS': {
      const tab = selectedTab(item.children, walk.activeTabs, []);
      return TAB_BAR_PX + (tab ? place(walk, tab, top + TAB_BAR_PX) : 0);
    }
    default:
      // ROOT, GRID, TAB and COLUMN stack their children.
      return stack(item.children, top);
  }
}

/**
 * The ids of the charts whose top lies within `budgetPx` of the top of the dashboard's grid, in
 * layout order, following the selected tabs (`activeTabs`, else each tab set's first tab).
 */
export function chartsOnFirstScreen(
  layout: DashboardLayout,
  budgetPx: number,
  activeTabs: readonly string[] = [],
): number[] {
  const walk: Walk = { layout, activeTabs, budgetPx, found: [] };
  place(walk, layout[ROOT_ID] ? ROOT_ID : GRID_ID, 0);
  return [...new Set(walk.found)];
}

/** A chart's data call already on its way, with the form data it was asked with. */
export interface StartedQuery {
  id: number;
  formData: QueryFormData;
  answer: Promise<ChartDataAnswer>;
}

/**
 * Asks for the data and code of the charts the first screen shows, before the page renders: the
 * render holds the main thread for a while, and these calls then travel during it. A chart whose
 * type has no definition is left to its holder, which shows why it cannot draw.
 */
function startFirstScreenQueries(
  batcher: ChartDataBatcher,
  chartIds: readonly number[],
  slices: Record<number, DashboardChart>,
  dashboardId: number,
  colorScheme: string | null,
  force: boolean,
  withFilters: (formData: QueryFormData, id: number) => QueryFormData = (formData) => formData,
): StartedQuery[] {
  const started: StartedQuery[] = [];
  for (const id of chartIds) {
    const slice = slices[id];
    if (!slice) continue;
    const formData = withFilters(dashboardFormData(slice, dashboardId, colorScheme), id);
    let queryContext: ReturnType<typeof chartQueryContext>;
    try {
      queryContext = chartQueryContext(formData, force);
    } catch {
      continue;
    }
    if (hasVizPlugin(slice.viz_type)) loadVizPlugin(slice.viz_type).catch(() => undefined);
    const answer = batcher.fetch({ queryContext, sliceId: id, dashboardId, force });
    // Settled through the dashboard store (state/thunks.ts); never an unhandled rejection.
    answer.catch(() => undefined);
    started.push({ id, formData, answer });
  }
  batcher.flush();
  return started;
}

/** The first screen's charts and their calls on their way. */
export interface FirstScreen {
  chartIds: number[];
  queries: StartedQuery[];
}

/** Works out the charts of the first screen (`screenHeight` tall) and asks for them now. */
export function startFirstScreen(
  batcher: ChartDataBatcher,
  dashboard: {
    id: number;
    layout: DashboardLayout;
    charts: readonly DashboardChart[];
    colorScheme: string | null;
  },
  options: {
    force: boolean;
    screenHeight: number;
    activeTabs?: readonly string[];
    /** The native filters' extra form data a chart's query carries from the start. */
    withFilters?: (formData: QueryFormData, chartId: number) => QueryFormData;
  },
): FirstScreen {
  const chartIds = chartsOnFirstScreen(
    dashboard.layout,
    options.screenHeight + IN_VIEW_MARGIN_PX,
    options.activeTabs,
  );
  const slices = Object.fromEntries(dashboard.charts.map((c) => [c.id, c]));
  const queries = startFirstScreenQueries(
    batcher,
    chartIds,
    slices,
    dashboard.id,
    dashboard.colorScheme,
    options.force,
    options.withFilters,
  );
  return { chartIds, queries };
}
