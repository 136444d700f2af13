import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildFunnelQuery } from './buildQuery.ts';
import { funnelControlPanel } from './controlPanel.ts';

export const funnelChart: ChartDefinition = {
  metadata: {
    key: 'funnel',
    name: 'Funnel Chart',
    description:
      'Showcases how a metric changes as the funnel progresses. This classic chart is useful for visualizing drop-off between stages in a pipeline or lifecycle.',
    category: 'KPI',
    tags: ['Business', 'ECharts', 'Progressive', 'Report', 'Sequential', 'Trend'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: funnelControlPanel,
  buildQuery: buildFunnelQuery,
};
