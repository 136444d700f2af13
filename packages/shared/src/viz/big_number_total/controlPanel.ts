import { bigNumberDisplayRows, bigNumberControls as c } from '../common/bigNumberControls.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlPanelConfig } from '../types.ts';

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([['metric'], ['adhoc_filters']]),
    customizeSection('Display settings', [[c.subheader], ...bigNumberDisplayRows]),
  ],
  controlOverrides: {
    y_axis_format: { label: 'Number format' },
  },
};
