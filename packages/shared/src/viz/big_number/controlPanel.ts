import { bigNumberDisplayRows, bigNumberControls as c } from '../common/bigNumberControls.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlPanelConfig } from '../types.ts';

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([['x_axis'], ['time_grain_sqla'], ['metric'], ['adhoc_filters']]),
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
    customizeSection('Chart Options', [[c.colorPicker], ...bigNumberDisplayRows]),
  ],
  controlOverrides: {
    y_axis_format: { label: 'Number format' },
  },
};
