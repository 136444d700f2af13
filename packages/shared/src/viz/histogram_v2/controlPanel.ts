import { choicesOf } from '../../controls/options.ts';
import { validateInteger, validateNonEmpty } from '../../controls/validators.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlPanelConfig } from '../types.ts';

export const histogramControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        {
          name: 'column',
          config: {
            type: 'ColumnsControl',
            label: 'Column',
            description: 'Numeric column used to calculate the histogram.',
            multi: false,
            choicesFrom: 'numeric_columns',
            validators: [validateNonEmpty],
          },
        },
      ],
      ['groupby'],
      ['adhoc_filters'],
      ['row_limit'],
    ]),
    customizeSection('Chart Options', [
      [
        {
          name: 'bins',
          config: {
            type: 'SelectControl',
            label: 'Bins',
            description: 'The number of bins for the histogram',
            freeForm: true,
            choices: choicesOf([5, 10, 15, 20, 25, 50, 100]),
            default: 5,
            validators: [validateInteger],
          },
        },
      ],
      [
        {
          name: 'normalize',
          config: {
            type: 'CheckboxControl',
            label: 'Normalize',
            description:
              'The normalize option transforms the histogram values into proportions or probabilities by dividing each bin count by the total count of data points.',
            default: false,
          },
        },
        {
          name: 'cumulative',
          config: {
            type: 'CheckboxControl',
            label: 'Cumulative',
            description:
              'The cumulative option shows how the data accumulates over different values: each bin counts everything up to its upper edge.',
            default: false,
          },
        },
      ],
      ['color_scheme'],
      ['show_value'],
      ['show_legend'],
      ['x_axis_title'],
      [
        {
          name: 'x_axis_format',
          config: {
            type: 'SelectControl',
            label: 'X Axis Format',
            freeForm: true,
            choices: [
              ['SMART_NUMBER', 'Adaptive formatting'],
              [',d', ',d (12,345)'],
              ['.1f', '.1f (12345.4)'],
              ['.2f', '.2f (12345.43)'],
            ],
            default: 'SMART_NUMBER',
            renderTrigger: true,
          },
        },
      ],
      ['y_axis_title'],
      ['y_axis_format'],
    ]),
  ],
  controlOverrides: {
    groupby: { label: 'Dimensions', description: 'One histogram per combination of values.' },
    row_limit: { default: 10000 },
  },
};
