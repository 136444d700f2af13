import type { ControlConfig } from '../viz/types.ts';
import { dataControls } from './dataControls.ts';
import { displayControls } from './displayControls.ts';

/**
 * Every control a chart type's panel may name by string. Query controls and look-and-feel
 * controls live in two files; this is the one lookup table the panels and Explore use.
 */
export const sharedControls: Record<string, ControlConfig> = {
  ...dataControls,
  ...displayControls,
};
