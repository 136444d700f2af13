import type { VizPlugin } from './types.ts';

/**
 * Each chart type is its own chunk: Explore and dashboards load only the types they draw.
 * The keys are the viz keys of `@tessera/shared/viz/registry`.
 */
const loaders: Record<string, () => Promise<{ plugin: VizPlugin }>> = {
  table: () => import('./table/index.ts'),
  echarts_timeseries_line: () => import('./echarts_timeseries_line/index.ts'),
  echarts_timeseries_bar: () => import('./echarts_timeseries_bar/index.ts'),
  echarts_area: () => import('./echarts_area/index.ts'),
  echarts_timeseries_scatter: () => import('./echarts_timeseries_scatter/index.ts'),
  echarts_timeseries_step: () => import('./echarts_timeseries_step/index.ts'),
  mixed_timeseries: () => import('./mixed_timeseries/index.ts'),
  big_number: () => import('./big_number/index.ts'),
  big_number_total: () => import('./big_number_total/index.ts'),
  pie: () => import('./pie/index.ts'),
  pivot_table_v2: () => import('./pivot_table_v2/index.ts'),
  box_plot: () => import('./box_plot/index.ts'),
  heatmap_v2: () => import('./heatmap_v2/index.ts'),
  sankey_v2: () => import('./sankey_v2/index.ts'),
  world_map: () => import('./world_map/index.ts'),
  mapbox: () => import('./mapbox/index.ts'),
  waterfall: () => import('./waterfall/index.ts'),
  word_cloud: () => import('./word_cloud/index.ts'),
  funnel: () => import('./funnel/index.ts'),
  gauge_chart: () => import('./gauge_chart/index.ts'),
  treemap_v2: () => import('./treemap_v2/index.ts'),
  sunburst_v2: () => import('./sunburst_v2/index.ts'),
  histogram_v2: () => import('./histogram_v2/index.ts'),
  bubble_v2: () => import('./bubble_v2/index.ts'),
  radar: () => import('./radar/index.ts'),
  graph_chart: () => import('./graph_chart/index.ts'),
};

const loaded = new Map<string, Promise<VizPlugin>>();
/** Chart types whose code has arrived, so a chart can draw in its first render. */
const ready = new Map<string, VizPlugin>();

export function hasVizPlugin(vizType: string): boolean {
  return Object.hasOwn(loaders, vizType);
}

/** Loads a chart type's code once; later calls share the same promise. */
export function loadVizPlugin(vizType: string): Promise<VizPlugin> {
  const loader = loaders[vizType];
  if (!loader) return Promise.reject(new Error(`Unknown chart type: ${vizType}`));
  let pending = loaded.get(vizType);
  if (!pending) {
    pending = loader().then((module) => {
      ready.set(vizType, module.plugin);
      return module.plugin;
    });
    pending.catch(() => loaded.delete(vizType));
    loaded.set(vizType, pending);
  }
  return pending;
}

/** The chart type's code if it has already loaded, else null (see `loadVizPlugin`). */
export function peekVizPlugin(vizType: string): VizPlugin | null {
  return ready.get(vizType) ?? null;
}
