import { BigNumberView } from '../common/BigNumberView.tsx';
import type { VizPlugin } from '../types.ts';
import { transformProps } from './transformProps.ts';

export const plugin: VizPlugin = { key: 'big_number_total', transformProps, Chart: BigNumberView };
