import { InteractiveEchart } from '../common/InteractiveEchart.tsx';
import type { TreemapChartProps } from './transformProps.ts';

export function TreemapChart(props: TreemapChartProps) {
  return <InteractiveEchart {...props} testId="treemap-chart" />;
}
