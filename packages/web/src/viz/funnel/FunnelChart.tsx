import { InteractiveEchart } from '../common/InteractiveEchart.tsx';
import type { FunnelChartProps } from './transformProps.ts';

export function FunnelChart(props: FunnelChartProps) {
  return <InteractiveEchart {...props} testId="funnel-chart" />;
}
