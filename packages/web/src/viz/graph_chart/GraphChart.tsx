import { InteractiveEchart } from '../common/InteractiveEchart.tsx';
import type { GraphChartProps } from './transformProps.ts';

export function GraphChart(props: GraphChartProps) {
  return <InteractiveEchart {...props} testId="graph-chart" />;
}
