import {
  checkboxControl,
  customizeSection,
  LEGEND_ROWS,
  querySection,
} from '../common/panelSections.ts';
import {
  LABEL_TYPE_CHOICES,
  labelTypeControl,
  showLabelsControl,
} from '../common/partsAndFlows.ts';
import type { ControlPanelConfig } from '../types.ts';

export const PERCENT_CALCULATION_TYPES = [
  ['first_step', 'Calculate from first step'],
  ['prev_step', 'Calculate from previous step'],
  ['total', 'Percent of total'],
] as const;

export const funnelControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      ['groupby'],
      ['metric'],
      ['adhoc_filters'],
      ['row_limit'],
      ['sort_by_metric'],
      [
        {
          name: 'percent_calculation_type',
          config: {
            type: 'SelectControl',
            label: 'Percent Calculation',
            default: 'first_step',
            renderTrigger: true,
            choices: PERCENT_CALCULATION_TYPES,
            description:
              'Whether to calculate the percentage of each step from the first step, the previous step or the total.',
          },
        },
      ],
    ]),
    customizeSection('Chart Options', [
      ['color_scheme'],
      ...LEGEND_ROWS,
      [labelTypeControl(LABEL_TYPE_CHOICES, 'key')],
      [
        {
          name: 'tooltip_label_type',
          config: {
            type: 'SelectControl',
            label: 'Tooltip Contents',
            default: 'key_value_percent',
            renderTrigger: true,
            choices: LABEL_TYPE_CHOICES,
            description: 'What should be shown in the tooltip?',
          },
        },
      ],
      ['number_format'],
      ['currency_format'],
      [showLabelsControl],
      [
        checkboxControl(
          'show_tooltip_labels',
          'Show Tooltip Labels',
          true,
          'Whether to display the tooltip labels.',
        ),
      ],
    ]),
  ],
  controlOverrides: {
    row_limit: { default: 10 },
    sort_by_metric: { default: true },
  },
};
