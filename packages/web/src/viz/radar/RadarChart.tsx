import { InteractiveEchart } from '../common/InteractiveEchart.tsx';
import type { RadarChartProps } from './transformProps.ts';

export function RadarChart(props: RadarChartProps) {
  return <InteractiveEchart {...props} testId="radar-chart" />;
}
