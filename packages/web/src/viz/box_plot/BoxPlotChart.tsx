import { PointsEchart } from '../common/PointsEchart.tsx';
import type { BoxPlotProps } from './transformProps.ts';

export function BoxPlotChart(props: BoxPlotProps) {
  return <PointsEchart {...props} testId="box-plot-chart" />;
}
