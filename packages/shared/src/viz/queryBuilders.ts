import { buildQuery as bigNumberQuery } from './big_number/buildQuery.ts';
import { buildQuery as bigNumberTotalQuery } from './big_number_total/buildQuery.ts';
import { buildBoxPlotQuery as boxPlotQuery } from './box_plot/buildQuery.ts';
import { buildBubbleQuery as bubbleV2Query } from './bubble_v2/buildQuery.ts';
import { buildQuery as echartsAreaQuery } from './echarts_area/buildQuery.ts';
import { buildQuery as echartsTimeseriesBarQuery } from './echarts_timeseries_bar/buildQuery.ts';
import { buildQuery as echartsTimeseriesLineQuery } from './echarts_timeseries_line/buildQuery.ts';
import { buildQuery as echartsTimeseriesScatterQuery } from './echarts_timeseries_scatter/buildQuery.ts';
import { buildQuery as echartsTimeseriesStepQuery } from './echarts_timeseries_step/buildQuery.ts';
import { buildFunnelQuery as funnelQuery } from './funnel/buildQuery.ts';
import { buildGaugeQuery as gaugeChartQuery } from './gauge_chart/buildQuery.ts';
import { buildGraphQuery as graphChartQuery } from './graph_chart/buildQuery.ts';
import { buildHeatmapQuery as heatmapV2Query } from './heatmap_v2/buildQuery.ts';
import { buildHistogramQuery as histogramV2Query } from './histogram_v2/buildQuery.ts';
import { buildMapboxQuery as mapboxQuery } from './mapbox/buildQuery.ts';
import { buildQuery as mixedTimeseriesQuery } from './mixed_timeseries/buildQuery.ts';
import { buildPieQuery as pieQuery } from './pie/buildQuery.ts';
import { buildQuery as pivotTableV2Query } from './pivot_table_v2/buildQuery.ts';
import { buildRadarQuery as radarQuery } from './radar/buildQuery.ts';
import { buildSankeyQuery as sankeyV2Query } from './sankey_v2/buildQuery.ts';
import { buildSunburstQuery as sunburstV2Query } from './sunburst_v2/buildQuery.ts';
import { buildQuery as tableQuery } from './table/buildQuery.ts';
import { buildTreemapQuery as treemapV2Query } from './treemap_v2/buildQuery.ts';
import type { ChartDefinition } from './types.ts';
import { buildWaterfallQuery as waterfallQuery } from './waterfall/buildQuery.ts';
import { buildWordCloudQuery as wordCloudQuery } from './word_cloud/buildQuery.ts';
import { buildWorldMapQuery as worldMapQuery } from './world_map/buildQuery.ts';

/**
 * Each chart type's query builder, by viz key, without its control panel: what a page that only
 * asks for charts' data needs (a dashboard), so it does not load the Explore controls of every
 * chart type. `registry.ts` holds the whole definitions; a test keeps the two in step.
 */
export const QUERY_BUILDERS: Readonly<Record<string, ChartDefinition['buildQuery']>> = {
  table: tableQuery,
  echarts_timeseries_line: echartsTimeseriesLineQuery,
  echarts_timeseries_bar: echartsTimeseriesBarQuery,
  echarts_area: echartsAreaQuery,
  echarts_timeseries_scatter: echartsTimeseriesScatterQuery,
  echarts_timeseries_step: echartsTimeseriesStepQuery,
  mixed_timeseries: mixedTimeseriesQuery,
  big_number: bigNumberQuery,
  big_number_total: bigNumberTotalQuery,
  pie: pieQuery,
  pivot_table_v2: pivotTableV2Query,
  box_plot: boxPlotQuery,
  heatmap_v2: heatmapV2Query,
  sankey_v2: sankeyV2Query,
  world_map: worldMapQuery,
  mapbox: mapboxQuery,
  waterfall: waterfallQuery,
  word_cloud: wordCloudQuery,
  funnel: funnelQuery,
  gauge_chart: gaugeChartQuery,
  treemap_v2: treemapV2Query,
  sunburst_v2: sunburstV2Query,
  histogram_v2: histogramV2Query,
  bubble_v2: bubbleV2Query,
  radar: radarQuery,
  graph_chart: graphChartQuery,
};

/** The query builder of chart type `vizType`, if it has one. */
export function getQueryBuilder(vizType: string): ChartDefinition['buildQuery'] | undefined {
  return Object.hasOwn(QUERY_BUILDERS, vizType) ? QUERY_BUILDERS[vizType] : undefined;
}
