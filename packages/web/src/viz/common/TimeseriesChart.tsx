import type { DatasourceMeta } from '@tessera/shared/viz/types';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import type { ChartHooks, DrawnProps } from '../types.ts';
import { Echart, type EchartEventHandlers } from './Echart.tsx';
import { pointClauses, seriesCrossFilter } from './timeseriesInteraction.ts';
import type { SeriesMeta, XAxisType } from './timeseriesSeries.ts';

/** What every time-series chart type hands its component. */
export interface TimeseriesChartProps extends DrawnProps {
  option: EChartsCoreOption;
  theme: 'light' | 'dark';
  hooks: ChartHooks;
  datasource: DatasourceMeta | null;
  seriesMeta: Record<string, SeriesMeta>;
  xLabel: string;
  xType: XAxisType;
  grain: string | null;
  formatX: (x: number | string) => string;
  /** Series names this chart currently cross-filters by. */
  selected: string[];
  testId?: string;
}

interface EventParams {
  componentType?: string;
  seriesName?: string;
  value?: unknown;
  event?: { event?: MouseEvent };
}

/**
 * Draws a time-series option. A click on a series with dimensions cross-filters by its values
 * (again: clears); a right-click offers drill to detail / drill by for the point.
 */
export function TimeseriesChart({
  width,
  height,
  option,
  theme,
  hooks,
  datasource,
  seriesMeta,
  xLabel,
  xType,
  grain,
  formatX,
  selected,
  testId = 'timeseries-chart',
}: TimeseriesChartProps) {
  const eventHandlers = useMemo<EchartEventHandlers>(
    () => ({
      click: (raw) => {
        const params = raw as EventParams;
        const meta = params.seriesName ? seriesMeta[params.seriesName] : undefined;
        if (!meta || meta.groupby.length === 0 || !hooks.setDataMask) return;
        const again = selected.includes(meta.name);
        hooks.setDataMask(seriesCrossFilter(again ? null : meta, datasource));
      },
      contextmenu: (raw) => {
        const params = raw as EventParams;
        const native = params.event?.event;
        if (!native || !hooks.onContextMenu || params.componentType !== 'series') return;
        native.preventDefault();
        const meta = params.seriesName ? seriesMeta[params.seriesName] : undefined;
        const x = Array.isArray(params.value) ? params.value[0] : undefined;
        hooks.onContextMenu(
          native.clientX,
          native.clientY,
          pointClauses({ meta, x, xLabel, xType, grain, formatX, datasource }),
        );
      },
    }),
    [seriesMeta, selected, hooks, datasource, xLabel, xType, grain, formatX],
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
