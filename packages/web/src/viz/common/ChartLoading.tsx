import { HourglassOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useChartAnimation } from './chartAnimation.ts';

/**
 * A chart's loading mark. Where charts do not animate (a dashboard) it stays still too: in a
 * software-composited browser, any running CSS animation makes every frame repaint the whole
 * page, which with dozens of loading charts costs more than drawing them.
 */
export function ChartLoading() {
  const animate = useChartAnimation();
  if (animate) return <Spin />;
  return <HourglassOutlined aria-label="Loading" style={{ fontSize: 20, opacity: 0.45 }} />;
}
