import { PointsEchart } from '../common/PointsEchart.tsx';
import type { BubbleProps } from './transformProps.ts';

export function BubbleChart(props: BubbleProps) {
  return <PointsEchart {...props} testId="bubble-chart" />;
}
