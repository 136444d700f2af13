import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import type { ChartHooks, DrawnProps } from '../types.ts';
import { type ChartPoint, toggleCrossFilter } from './distributionChart.ts';
import { Echart, type EchartEventHandlers } from './Echart.tsx';

export interface PointsEchartProps extends DrawnProps {
  option: EChartsCoreOption;
  theme: 'light' | 'dark';
  hooks: ChartHooks;
  /** Points by key: an ECharts data item's `pointKey`, else its name. */
  points: Record<string, ChartPoint>;
  /** Labels this chart cross-filters by now. */
  selected: string[];
  /** Whether a click cross-filters (INTERACTIVE_CHART types). */
  crossFilter: boolean;
  testId: string;
}

interface EventParams {
  name?: string;
  data?: { pointKey?: string } | null;
  event?: { event?: MouseEvent };
}

function pointOf(points: Record<string, ChartPoint>, params: EventParams) {
  const data = params.data;
  const key =
    (data && typeof data === 'object' && 'pointKey' in data ? data.pointKey : undefined) ??
    params.name;
  return key === undefined ? undefined : points[key];
}

/** An ECharts chart whose points cross-filter on click and drill on right-click. */
export function PointsEchart({
  width,
  height,
  option,
  theme,
  hooks,
  points,
  selected,
  crossFilter,
  testId,
}: PointsEchartProps) {
  const eventHandlers = useMemo<EchartEventHandlers>(
    () => ({
      click: (raw) => {
        const point = pointOf(points, raw as EventParams);
        if (point && crossFilter) toggleCrossFilter(hooks, point, new Set(selected));
      },
      contextmenu: (raw) => {
        const params = raw as EventParams;
        const point = pointOf(points, params);
        const native = params.event?.event;
        if (!point || !native || !hooks.onContextMenu) return;
        native.preventDefault();
        hooks.onContextMenu(native.clientX, native.clientY, point.filters);
      },
    }),
    [points, selected, hooks, crossFilter],
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
