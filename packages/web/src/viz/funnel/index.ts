import type { VizPlugin } from '../types.ts';
import { FunnelChart } from './FunnelChart.tsx';
import { type FunnelChartProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<FunnelChartProps> = {
  key: 'funnel',
  transformProps,
  Chart: FunnelChart,
};
