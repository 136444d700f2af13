import { InteractiveEchart } from '../common/InteractiveEchart.tsx';
import type { SankeyChartProps } from './transformProps.ts';

export function SankeyChart(props: SankeyChartProps) {
  return <InteractiveEchart {...props} testId="sankey-chart" />;
}
