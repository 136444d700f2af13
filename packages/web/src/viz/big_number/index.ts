import { BigNumberView } from '../common/BigNumberView.tsx';
import type { VizPlugin } from '../types.ts';
import { transformProps } from './transformProps.ts';

export const plugin: VizPlugin = { key: 'big_number', transformProps, Chart: BigNumberView };
