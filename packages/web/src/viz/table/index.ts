import type { VizPlugin } from '../types.ts';
import { TableChart } from './TableChart.tsx';
import { transformProps } from './transformProps.ts';

export const plugin: VizPlugin = { key: 'table', transformProps, Chart: TableChart };
