import { InteractiveEchart } from '../common/InteractiveEchart.tsx';
import type { GaugeChartProps } from './transformProps.ts';

export function GaugeChart(props: GaugeChartProps) {
  return <InteractiveEchart {...props} testId="gauge-chart" />;
}
