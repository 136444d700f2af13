import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildBoxPlotQuery } from './buildQuery.ts';
import { boxPlotControlPanel } from './controlPanel.ts';

export const boxPlotChart: ChartDefinition = {
  metadata: {
    key: 'box_plot',
    name: 'Box Plot',
    description:
      'Also known as a box and whisker plot, this visualization compares the distributions of a related metric across multiple groups. The box in the middle emphasizes the mean, median, and inner 2 quartiles. The whiskers around each box visualize the min, max, range, and outer 2 quartiles.',
    category: 'Distribution',
    tags: ['Statistical', 'Comparison', 'ECharts', 'Featured'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: boxPlotControlPanel,
  buildQuery: buildBoxPlotQuery,
};
