import type { VizPlugin } from '../types.ts';
import { PivotTableChart } from './PivotTableChart.tsx';
import { transformProps } from './transformProps.ts';

export const plugin: VizPlugin = { key: 'pivot_table_v2', transformProps, Chart: PivotTableChart };
