import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { useChartAnimation } from './chartAnimation.ts';
import { echarts } from './echartsCore.ts';

/**
 * The option with every animation off: the top level and each series (a series may turn its own
 * on, as the gauge does).
 */
function withoutAnimation(option: EChartsCoreOption): EChartsCoreOption {
  const series = option.series;
  return {
    ...option,
    animation: false,
    ...(Array.isArray(series)
      ? { series: series.map((s) => ({ ...s, animation: false })) }
      : series && typeof series === 'object'
        ? { series: { ...series, animation: false } }
        : {}),
  };
}

export type EchartEventHandlers = Record<string, (params: unknown) => void>;

export interface EchartProps {
  width: number;
  height: number;
  option: EChartsCoreOption;
  theme?: 'light' | 'dark';
  eventHandlers?: EchartEventHandlers;
  /** Labels to draw as selected (a cross-filter this chart emitted). */
  selectedValues?: Record<number, string>;
  testId?: string;
}

/**
 * One ECharts instance per chart, resized rather than re-created and updated with `notMerge` so
 * a changed option never leaves stale series behind. Each change draws once: the instance starts
 * at the given size, and a new option that comes with a new size is handed over lazily and drawn
 * by the resize (a resize at the size already drawn is skipped, as it would paint it all again).
 */
export function Echart({
  width,
  height,
  option,
  theme = 'light',
  eventHandlers,
  testId = 'echart',
}: EchartProps) {
  const divRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  /** The option the instance holds, so a size change alone does not set it again. */
  const drawnOption = useRef<EChartsCoreOption | null>(null);
  const animate = useChartAnimation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the size is read once, to start at it; later sizes are resizes.
  useEffect(() => {
    const div = divRef.current;
    if (!div) return;
    const chart = echarts.init(div, theme === 'dark' ? 'dark' : undefined, {
      renderer: 'canvas',
      width,
      height,
    });
    chartRef.current = chart;
    drawnOption.current = null;
    return () => {
      chart.dispose();
      chartRef.current = null;
    };
  }, [theme]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: theme re-creates the instance, which needs the option again.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const resized = chart.getWidth() !== width || chart.getHeight() !== height;
    if (drawnOption.current !== option) {
      const full = { backgroundColor: 'transparent', ...option };
      chart.setOption(animate ? full : withoutAnimation(full), {
        notMerge: true,
        lazyUpdate: resized,
      });
      drawnOption.current = option;
    }
    if (resized) chart.resize({ width, height });
  }, [option, width, height, theme, animate]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !eventHandlers) return;
    for (const [name, handler] of Object.entries(eventHandlers)) chart.on(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(eventHandlers)) chart.off(name, handler);
    };
  }, [eventHandlers]);

  return <div ref={divRef} style={{ width, height }} data-testid={testId} />;
}
