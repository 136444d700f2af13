import { PointsEchart } from '../common/PointsEchart.tsx';
import type { HistogramProps } from './transformProps.ts';

export function HistogramChart(props: HistogramProps) {
  return <PointsEchart {...props} testId="histogram-chart" />;
}
