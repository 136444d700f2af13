import { PointsEchart } from '../common/PointsEchart.tsx';
import type { WaterfallProps } from './transformProps.ts';

export function WaterfallChart(props: WaterfallProps) {
  return <PointsEchart {...props} testId="waterfall-chart" />;
}
