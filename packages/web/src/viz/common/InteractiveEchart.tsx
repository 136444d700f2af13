import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import type { ChartHooks, DrawnProps } from '../types.ts';
import { Echart, type EchartEventHandlers } from './Echart.tsx';
import { type InteractivePoint, interactionHandlers } from './partsAndFlows.ts';

/** What the parts-of-a-whole and flow chart types hand their component. */
export interface InteractiveEchartProps extends DrawnProps {
  option: EChartsCoreOption;
  hooks: ChartHooks;
  theme: 'light' | 'dark';
  /** Clickable points by key: a data item's `pointKey`, else its name. */
  points: Record<string, InteractivePoint>;
  /** The label this chart currently cross-filters by. */
  selected: string | null;
}

/**
 * An ECharts chart whose points cross-filter a dashboard on click (a second click on the same
 * point clears it) and open drill to detail / drill by on right-click.
 */
export function InteractiveEchart({
  width,
  height,
  option,
  hooks,
  theme,
  points,
  selected,
  testId,
}: InteractiveEchartProps & { testId: string }) {
  const eventHandlers = useMemo<EchartEventHandlers>(
    () => interactionHandlers(points, selected, hooks),
    [points, selected, hooks],
  );
  return (
    <Echart
      width={width}
      height={height}
      option={option}
      theme={theme}
      eventHandlers={eventHandlers}
      testId={testId}
    />
  );
}
