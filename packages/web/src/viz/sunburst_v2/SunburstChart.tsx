import { InteractiveEchart } from '../common/InteractiveEchart.tsx';
import type { SunburstChartProps } from './transformProps.ts';

export function SunburstChart(props: SunburstChartProps) {
  return <InteractiveEchart {...props} testId="sunburst-chart" />;
}
