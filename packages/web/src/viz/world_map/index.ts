import type { VizPlugin } from '../types.ts';
import { transformProps, type WorldMapProps } from './transformProps.ts';
import { WorldMapChart } from './WorldMapChart.tsx';

export const plugin: VizPlugin<WorldMapProps> = {
  key: 'world_map',
  transformProps,
  Chart: WorldMapChart,
};
