import { validateInteger, validateNumber } from '../../controls/validators.ts';
import {
  checkboxControl,
  customizeSection,
  type InlineControl,
  querySection,
} from '../common/panelSections.ts';
import type { ControlPanelConfig } from '../types.ts';

function numberInput(
  name: string,
  label: string,
  description: string,
  defaultValue: number | null,
): InlineControl {
  return {
    name,
    config: {
      type: 'TextControl',
      label,
      description,
      isFloat: true,
      default: defaultValue,
      renderTrigger: true,
      validators: [validateNumber],
    },
  };
}

export const gaugeControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([['groupby'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']]),
    customizeSection('General', [
      [
        numberInput('min_val', 'Min', 'Minimum value on the gauge axis', 0),
        numberInput('max_val', 'Max', 'Maximum value on the gauge axis', null),
      ],
      [
        numberInput('start_angle', 'Start angle', 'Angle at which to start progress axis', 225),
        numberInput('end_angle', 'End angle', 'Angle at which to end progress axis', -45),
      ],
      ['color_scheme'],
      [
        {
          name: 'font_size',
          config: {
            type: 'SliderControl',
            label: 'Font size',
            description: 'Font size for axis labels, detail value and other text elements',
            min: 10,
            max: 20,
            step: 1,
            default: 15,
            renderTrigger: true,
          },
        },
      ],
      ['number_format'],
      ['currency_format'],
      [
        {
          name: 'value_formatter',
          config: {
            type: 'TextControl',
            label: 'Value format',
            description: 'Additional text to add before or after the value, e.g. unit',
            default: '',
            renderTrigger: true,
          },
        },
      ],
      [checkboxControl('show_pointer', 'Show pointer', true, 'Whether to show the pointer')],
      [
        checkboxControl(
          'animation',
          'Animation',
          true,
          'Whether to animate the progress and the value or just display them',
        ),
      ],
    ]),
    customizeSection('Axis', [
      [
        checkboxControl(
          'show_axis_line_ticks',
          'Show axis line ticks',
          false,
          'Whether to show minor ticks on the axis',
        ),
      ],
      [
        checkboxControl(
          'show_split_line',
          'Show split lines',
          false,
          'Whether to show the split lines on the axis',
        ),
      ],
      [
        {
          name: 'split_number',
          config: {
            type: 'SliderControl',
            label: 'Split number',
            description: 'Number of split segments on the axis',
            min: 3,
            max: 30,
            step: 1,
            default: 10,
            renderTrigger: true,
            validators: [validateInteger],
          },
        },
      ],
    ]),
    customizeSection('Progress', [
      [
        checkboxControl(
          'show_progress',
          'Show progress',
          true,
          'Whether to show the progress of gauge chart',
        ),
      ],
      [
        checkboxControl(
          'overlap',
          'Overlap',
          true,
          'Whether the progress bar overlaps when there are multiple groups of data',
        ),
      ],
      [
        checkboxControl(
          'round_cap',
          'Round cap',
          false,
          'Style the ends of the progress bar with a round cap',
        ),
      ],
    ]),
    customizeSection('Intervals', [
      [
        {
          name: 'intervals',
          config: {
            type: 'TextControl',
            label: 'Interval bounds',
            description:
              'Comma-separated interval bounds, e.g. 2,4,5 for intervals 0-2, 2-4 and 4-5. Last number should match the value provided for MAX.',
            default: '',
            renderTrigger: true,
          },
        },
      ],
      [
        {
          name: 'interval_color_indices',
          config: {
            type: 'TextControl',
            label: 'Interval colors',
            description:
              'Comma-separated color picks for the intervals, e.g. 1,2,4. Integers denote colors from the chosen color scheme and are 1-indexed. Length must be matching that of interval bounds.',
            default: '',
            renderTrigger: true,
          },
        },
      ],
    ]),
  ],
  controlOverrides: {
    row_limit: { default: 10 },
    sort_by_metric: { default: true },
  },
};
