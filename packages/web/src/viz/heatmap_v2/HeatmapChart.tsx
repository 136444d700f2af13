import { PointsEchart } from '../common/PointsEchart.tsx';
import type { HeatmapProps } from './transformProps.ts';

export function HeatmapChart(props: HeatmapProps) {
  return <PointsEchart {...props} testId="heatmap-chart" />;
}
