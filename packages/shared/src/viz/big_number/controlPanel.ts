import { bigNumberControls as c } from '../common/bigNumberControls.ts';
import type { ControlPanelConfig } from '../types.ts';

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [['x_axis'], ['time_grain_sqla'], ['metric'], ['adhoc_filters']],
    },
    {
      label: 'Options',
      tab: 'data',
      expanded: true,
      controlSetRows: [
        [c.compareLag],
        [c.compareSuffix],
        [c.showTimestamp],
        [c.showTrendLine],
        [c.startYAxisAtZero],
        [c.timeRangeFixed],
      ],
    },
    {
      label: 'Advanced analytics',
      controlSetRows: [
        ['rolling_type'],
        ['rolling_periods'],
        ['min_periods'],
        ['resample_rule'],
        ['resample_method'],
      ],
    },
    {
      label: 'Chart Options',
      tab: 'customize',
      expanded: true,
      controlSetRows: [
        [c.colorPicker],
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
