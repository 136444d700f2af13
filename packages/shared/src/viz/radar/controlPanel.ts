import {
  checkboxControl,
  customizeSection,
  LEGEND_ROWS,
  querySection,
} from '../common/panelSections.ts';
import { showLabelsControl } from '../common/partsAndFlows.ts';
import type { ControlPanelConfig } from '../types.ts';

export const radarControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      ['groupby'],
      ['metrics'],
      ['adhoc_filters'],
      ['series_limit_metric'],
      ['row_limit'],
    ]),
    customizeSection('Chart Options', [
      ['color_scheme'],
      ...LEGEND_ROWS,
      [showLabelsControl],
      [
        {
          name: 'label_type',
          config: {
            type: 'SelectControl',
            label: 'Label Type',
            default: 'value',
            renderTrigger: true,
            choices: [
              ['value', 'Value'],
              ['key_value', 'Category and Value'],
            ],
            description: 'What should be shown on the label?',
          },
        },
      ],
      [
        {
          name: 'label_position',
          config: {
            type: 'SelectControl',
            label: 'Label position',
            default: 'top',
            renderTrigger: true,
            choices: [
              ['top', 'Top'],
              ['left', 'Left'],
              ['right', 'Right'],
              ['bottom', 'Bottom'],
              ['inside', 'Inside'],
              ['insideLeft', 'Inside left'],
              ['insideRight', 'Inside right'],
              ['insideTop', 'Inside top'],
              ['insideBottom', 'Inside bottom'],
            ],
            description: 'Where the value labels sit relative to their point.',
          },
        },
      ],
      ['number_format'],
      ['currency_format'],
      ['date_format'],
      [
        {
          name: 'column_config',
          config: {
            type: 'TextAreaControl',
            language: 'json',
            label: 'Customize Metrics',
            default: {},
            renderTrigger: true,
            description:
              'Further customize how to display each metric: the maximum of each metric\'s axis, as JSON such as {"SUM(num)": {"radarMetricMaxValue": 100}}. Without a maximum the axis fits the data.',
          },
        },
      ],
      [
        checkboxControl(
          'is_circle',
          'Circle radar shape',
          false,
          "Radar render type, whether to display 'circle' shape.",
        ),
      ],
    ]),
  ],
  controlOverrides: {
    series_limit_metric: { label: 'Sort by', description: 'Metric used to order the series' },
    row_limit: { default: 10 },
  },
};
