import type { VizPlugin } from '../types.ts';
import { MapboxChart } from './MapboxChart.tsx';
import { type MapboxProps, transformProps } from './transformProps.ts';

export const plugin: VizPlugin<MapboxProps> = {
  key: 'mapbox',
  transformProps,
  Chart: MapboxChart,
};
