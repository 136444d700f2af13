import { InteractiveEchart } from '../common/InteractiveEchart.tsx';
import type { PieChartProps } from './transformProps.ts';

export function PieChart(props: PieChartProps) {
  return <InteractiveEchart {...props} testId="pie-chart" />;
}
