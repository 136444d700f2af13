import { bigNumberControls as c } from '../common/bigNumberControls.ts';
import type { ControlPanelConfig } from '../types.ts';

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [['metric'], ['adhoc_filters']],
    },
    {
      label: 'Display settings',
      tab: 'customize',
      expanded: true,
      controlSetRows: [
        [c.subheader],
        [c.headerFontSize],
        [c.subheaderFontSize],
        ['y_axis_format'],
        ['currency_format'],
        [c.timeFormat],
        [c.forceTimestampFormatting],
      ],
    },
  ],
  controlOverrides: {
    y_axis_format: { label: 'Number format' },
  },
};
