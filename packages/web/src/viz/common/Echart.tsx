import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { echarts } from './echartsCore.ts';

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
 * a changed option never leaves stale series behind.
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

  useEffect(() => {
    const div = divRef.current;
    if (!div) return;
    const chart = echarts.init(div, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    return () => {
      chart.dispose();
      chartRef.current = null;
    };
  }, [theme]);

  useEffect(() => {
    chartRef.current?.setOption(
      { backgroundColor: 'transparent', ...option },
      { notMerge: true, lazyUpdate: false },
    );
  }, [option]);

  useEffect(() => {
    chartRef.current?.resize({ width, height });
  }, [width, height]);

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
