import { labelTypeControl, showLabelsControl } from '../common/partsAndFlows.ts';
import type { ControlChoice, ControlPanelConfig } from '../types.ts';

export const HIERARCHY_LABEL_TYPES: readonly ControlChoice[] = [
  ['key', 'Category Name'],
  ['value', 'Value'],
  ['key_value', 'Category and Value'],
];

export const treemapControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['groupby'],
        ['metric'],
        ['row_limit'],
        ['sort_by_metric'],
        ['adhoc_filters'],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['color_scheme'],
        [showLabelsControl],
        [
          {
            name: 'show_upper_labels',
            config: {
              type: 'CheckboxControl',
              label: 'Show Upper Labels',
              default: true,
              renderTrigger: true,
              description: 'Show labels when the node has children.',
            },
          },
        ],
        [labelTypeControl(HIERARCHY_LABEL_TYPES, 'key_value')],
        ['number_format'],
        ['currency_format'],
        ['date_format'],
      ],
    },
  ],
  controlOverrides: {
    groupby: { label: 'Dimensions', description: 'The levels of the treemap, outermost first' },
    sort_by_metric: { default: true },
  },
};
