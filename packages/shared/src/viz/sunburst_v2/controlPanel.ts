import { customizeSection, querySection } from '../common/panelSections.ts';
import {
  labelTypeControl,
  showLabelsControl,
  showLabelsThresholdControl,
  showTotalControl,
} from '../common/partsAndFlows.ts';
import { HIERARCHY_LABEL_TYPES } from '../treemap_v2/controlPanel.ts';
import type { ControlPanelConfig } from '../types.ts';

export const sunburstControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      ['columns'],
      ['metric'],
      ['secondary_metric'],
      ['adhoc_filters'],
      ['row_limit'],
      ['sort_by_metric'],
    ]),
    customizeSection('Chart Options', [
      ['color_scheme'],
      ['linear_color_scheme'],
      [showLabelsControl],
      [showLabelsThresholdControl],
      [showTotalControl],
      [labelTypeControl(HIERARCHY_LABEL_TYPES, 'key')],
      ['number_format'],
      ['currency_format'],
      ['date_format'],
    ]),
  ],
  controlOverrides: {
    columns: {
      label: 'Hierarchy',
      description:
        'Sets the hierarchy levels of the chart. Each level is represented by one ring with the innermost circle as the top of the hierarchy.',
    },
    metric: {
      label: 'Primary Metric',
      description: 'The primary metric is used to define the arc segment sizes',
    },
    secondary_metric: {
      label: 'Secondary Metric',
      description:
        '[optional] this secondary metric is used to define the color as a ratio against the primary metric. When omitted, the color is categorical and based on labels',
    },
    sort_by_metric: { default: true },
  },
};
