import { bigNumberChart } from './big_number/index.ts';
import { bigNumberTotalChart } from './big_number_total/index.ts';
import { boxPlotChart } from './box_plot/index.ts';
import { bubbleChart } from './bubble_v2/index.ts';
import { areaChart } from './echarts_area/index.ts';
import { timeseriesBarChart } from './echarts_timeseries_bar/index.ts';
import { timeseriesLineChart } from './echarts_timeseries_line/index.ts';
import { timeseriesScatterChart } from './echarts_timeseries_scatter/index.ts';
import { timeseriesStepChart } from './echarts_timeseries_step/index.ts';
import { funnelChart } from './funnel/index.ts';
import { gaugeChart } from './gauge_chart/index.ts';
import { graphChart } from './graph_chart/index.ts';
import { heatmapChart } from './heatmap_v2/index.ts';
import { histogramChart } from './histogram_v2/index.ts';
import { mapboxChart } from './mapbox/index.ts';
import { mixedTimeseriesChart } from './mixed_timeseries/index.ts';
import { pieChart } from './pie/index.ts';
import { pivotTableChart } from './pivot_table_v2/index.ts';
import { radarChart } from './radar/index.ts';
import { sankeyChart } from './sankey_v2/index.ts';
import { sunburstChart } from './sunburst_v2/index.ts';
import { tableChart } from './table/index.ts';
import { treemapChart } from './treemap_v2/index.ts';
import type { ChartDefinition } from './types.ts';
import { waterfallChart } from './waterfall/index.ts';
import { wordCloudChart } from './word_cloud/index.ts';
import { worldMapChart } from './world_map/index.ts';

/** Every chart type, by viz key. The order is the order of the chart-type picker. */
export const CHART_DEFINITIONS: readonly ChartDefinition[] = [
  tableChart,
  timeseriesLineChart,
  timeseriesBarChart,
  areaChart,
  timeseriesScatterChart,
  timeseriesStepChart,
  mixedTimeseriesChart,
  bigNumberChart,
  bigNumberTotalChart,
  pieChart,
  pivotTableChart,
  boxPlotChart,
  heatmapChart,
  sankeyChart,
  worldMapChart,
  mapboxChart,
  waterfallChart,
  wordCloudChart,
  funnelChart,
  gaugeChart,
  treemapChart,
  sunburstChart,
  histogramChart,
  bubbleChart,
  radarChart,
  graphChart,
];

const byKey = new Map(CHART_DEFINITIONS.map((chart) => [chart.metadata.key, chart]));

export const VIZ_KEYS = CHART_DEFINITIONS.map((chart) => chart.metadata.key);

export function getChartDefinition(vizType: string): ChartDefinition | undefined {
  return byKey.get(vizType);
}
