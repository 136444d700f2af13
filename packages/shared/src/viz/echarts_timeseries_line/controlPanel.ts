import { timeseriesControlPanel, timeseriesControls } from '../common/timeseriesControls.ts';
import type { ControlPanelConfig } from '../types.ts';

export const controlPanel: ControlPanelConfig = timeseriesControlPanel([
  [timeseriesControls.stack],
  [timeseriesControls.area],
  [timeseriesControls.opacity],
  [timeseriesControls.markerEnabled],
  [timeseriesControls.markerSize],
]);
