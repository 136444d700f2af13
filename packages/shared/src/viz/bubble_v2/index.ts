import { INTERACTIVE_DRILL_BEHAVIORS } from '../common/chartMetadata.ts';
import type { ChartDefinition } from '../types.ts';
import { buildBubbleQuery } from './buildQuery.ts';
import { bubbleControlPanel } from './controlPanel.ts';

export const bubbleChart: ChartDefinition = {
  metadata: {
    key: 'bubble_v2',
    name: 'Bubble Chart',
    description:
      'Visualizes a metric across three dimensions of data in a single chart (X axis, Y axis, and bubble size). Bubbles from the same group can be showcased using bubble color.',
    category: 'Correlation',
    tags: ['Multi-Dimensions', 'Comparison', 'Scatter', 'Time', 'Trend', 'ECharts', 'Featured'],
    behaviors: INTERACTIVE_DRILL_BEHAVIORS,
  },
  controlPanel: bubbleControlPanel,
  buildQuery: buildBubbleQuery,
};
