import { timeseriesControlPanel, timeseriesControls } from '../common/timeseriesControls.ts';
import type { ControlPanelConfig } from '../types.ts';

export const controlPanel: ControlPanelConfig = timeseriesControlPanel([
  [timeseriesControls.seriesType],
  [timeseriesControls.opacity],
  [timeseriesControls.stack],
  [timeseriesControls.onlyTotal],
  [timeseriesControls.markerEnabled],
  [timeseriesControls.markerSize],
]);
