import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildGaugeQuery } from './buildQuery.ts';
import { gaugeControlPanel } from './controlPanel.ts';

export const gaugeChart: ChartDefinition = {
  metadata: {
    key: 'gauge_chart',
    name: 'Gauge Chart',
    description:
      'Uses a gauge to showcase progress of a metric towards a target. The position of the dial represents the progress and the terminal value in the gauge represents the target value.',
    category: 'KPI',
    tags: ['Multi-Variables', 'Business', 'Comparison', 'ECharts', 'Report', 'Featured'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: gaugeControlPanel,
  buildQuery: buildGaugeQuery,
};
