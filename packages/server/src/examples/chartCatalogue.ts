import { createHash } from 'node:crypto';
import { bigNumberExample } from '@tessera/shared/viz/big_number/example';
import { bigNumberTotalExample } from '@tessera/shared/viz/big_number_total/example';
import { boxPlotExample } from '@tessera/shared/viz/box_plot/example';
import { bubbleExample } from '@tessera/shared/viz/bubble_v2/example';
import { areaExample } from '@tessera/shared/viz/echarts_area/example';
import { timeseriesBarExample } from '@tessera/shared/viz/echarts_timeseries_bar/example';
import { timeseriesLineExample } from '@tessera/shared/viz/echarts_timeseries_line/example';
import { timeseriesScatterExample } from '@tessera/shared/viz/echarts_timeseries_scatter/example';
import { timeseriesStepExample } from '@tessera/shared/viz/echarts_timeseries_step/example';
import { funnelExample } from '@tessera/shared/viz/funnel/example';
import { gaugeExample } from '@tessera/shared/viz/gauge_chart/example';
import { graphExample } from '@tessera/shared/viz/graph_chart/example';
import { heatmapExample } from '@tessera/shared/viz/heatmap_v2/example';
import { histogramExample } from '@tessera/shared/viz/histogram_v2/example';
import { mapboxExample } from '@tessera/shared/viz/mapbox/example';
import { FORM_DATA_VERSION } from '@tessera/shared/viz/migrateFormData';
import { mixedTimeseriesExample } from '@tessera/shared/viz/mixed_timeseries/example';
import { pieExample } from '@tessera/shared/viz/pie/example';
import { pivotTableExample } from '@tessera/shared/viz/pivot_table_v2/example';
import { radarExample } from '@tessera/shared/viz/radar/example';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import { sankeyExample } from '@tessera/shared/viz/sankey_v2/example';
import { sunburstExample } from '@tessera/shared/viz/sunburst_v2/example';
import { tableExample } from '@tessera/shared/viz/table/example';
import { treemapExample } from '@tessera/shared/viz/treemap_v2/example';
import type { QueryFormData } from '@tessera/shared/viz/types';
import { waterfallExample } from '@tessera/shared/viz/waterfall/example';
import { wordCloudExample } from '@tessera/shared/viz/word_cloud/example';
import { worldMapExample } from '@tessera/shared/viz/world_map/example';

/**
 * The saved example charts: one per chart type (each chart type's `example.ts` in shared) plus a
 * few the example dashboards need. Each is saved as the admin would save it from Explore: form
 * data in `params`, the query context its chart type builds in `query_context`.
 */

export interface ExampleChart {
  /** Stable name of the example: the uuid derives from it, so renaming the chart keeps it. */
  key: string;
  sliceName: string;
  table: string;
  formData: Partial<QueryFormData> & { viz_type: string };
}

const perType = [
  tableExample,
  timeseriesLineExample,
  timeseriesBarExample,
  areaExample,
  timeseriesScatterExample,
  timeseriesStepExample,
  mixedTimeseriesExample,
  bigNumberExample,
  bigNumberTotalExample,
  pieExample,
  pivotTableExample,
  boxPlotExample,
  heatmapExample,
  sankeyExample,
  worldMapExample,
  mapboxExample,
  waterfallExample,
  wordCloudExample,
  funnelExample,
  gaugeExample,
  treemapExample,
  sunburstExample,
  histogramExample,
  bubbleExample,
  radarExample,
  graphExample,
] as Array<Omit<ExampleChart, 'key'>>;

/** Charts of the Flights dashboard that no chart type's example covers. */
const FLIGHTS_EXTRAS: ExampleChart[] = [
  {
    key: 'flights_delay_by_day',
    sliceName: 'Average departure delay by day',
    table: 'flights',
    formData: {
      viz_type: 'echarts_timeseries_line',
      x_axis: 'date',
      time_grain_sqla: 'P1D',
      time_range: 'No filter',
      metrics: ['avg__delay'],
      groupby: [],
      adhoc_filters: [],
      row_limit: 10000,
      color_scheme: 'supersetColors',
      show_legend: false,
      zoomable: true,
      rich_tooltip: true,
      y_axis_format: ',.1f',
      x_axis_time_format: 'smart_date',
      y_axis_title: 'Minutes',
    },
  },
  {
    key: 'flights_top_origins',
    sliceName: 'Busiest origin airports',
    table: 'flights',
    formData: {
      viz_type: 'pie',
      groupby: ['origin'],
      metric: 'count',
      adhoc_filters: [],
      time_range: 'No filter',
      row_limit: 10,
      sort_by_metric: true,
      color_scheme: 'supersetColors',
      show_legend: true,
      legendType: 'scroll',
      legendOrientation: 'top',
      label_type: 'key',
      number_format: 'SMART_NUMBER',
      show_labels: true,
      donut: true,
      innerRadius: 40,
      outerRadius: 70,
    },
  },
];

export const EXAMPLE_CHARTS: readonly ExampleChart[] = [
  ...perType.map((example) => ({ ...example, key: example.formData.viz_type })),
  ...FLIGHTS_EXTRAS,
];

/** Namespace of the example uuids (any fixed uuid: it only has to never change). */
const EXAMPLES_NAMESPACE = '8f0f5c1e-3a52-4c1b-9a4e-2f7d6b0c9e11';

/**
 * A name-based (version 5, RFC 9562) uuid: the same example always gets the same uuid, so a second
 * load finds what the first one saved even after someone renamed it.
 */
export function exampleUuid(name: string): string {
  const namespace = Buffer.from(EXAMPLES_NAMESPACE.replaceAll('-', ''), 'hex');
  const bytes = createHash('sha1').update(namespace).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const exampleChartUuid = (key: string) => exampleUuid(`chart:${key}`);

/** The form data and query context an example chart is saved with. */
export function exampleChartDocuments(
  example: ExampleChart,
  datasetId: number,
): { params: QueryFormData; queryContext: unknown } {
  const definition = getChartDefinition(example.formData.viz_type);
  if (!definition) throw new Error(`Unknown chart type ${example.formData.viz_type}`);
  const params: QueryFormData = {
    ...example.formData,
    datasource: `${datasetId}__table`,
    viz_type: example.formData.viz_type,
    form_data_version: FORM_DATA_VERSION,
  };
  return { params, queryContext: definition.buildQuery(params) };
}
