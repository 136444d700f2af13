import { checkboxControl, customizeSection, querySection } from '../common/panelSections.ts';
import { labelTypeControl, showLabelsControl } from '../common/partsAndFlows.ts';
import type { ControlChoice, ControlPanelConfig } from '../types.ts';

export const HIERARCHY_LABEL_TYPES: readonly ControlChoice[] = [
  ['key', 'Category Name'],
  ['value', 'Value'],
  ['key_value', 'Category and Value'],
];

export const treemapControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([['groupby'], ['metric'], ['row_limit'], ['sort_by_metric'], ['adhoc_filters']]),
    customizeSection('Chart Options', [
      ['color_scheme'],
      [showLabelsControl],
      [
        checkboxControl(
          'show_upper_labels',
          'Show Upper Labels',
          true,
          'Show labels when the node has children.',
        ),
      ],
      [labelTypeControl(HIERARCHY_LABEL_TYPES, 'key_value')],
      ['number_format'],
      ['currency_format'],
      ['date_format'],
    ]),
  ],
  controlOverrides: {
    groupby: { label: 'Dimensions', description: 'The levels of the treemap, outermost first' },
    sort_by_metric: { default: true },
  },
};
