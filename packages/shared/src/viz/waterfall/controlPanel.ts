import { X_TICKS_LAYOUT_CHOICES } from '../../controls/options.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlPanelConfig } from '../types.ts';

/** Superset's defaults: green rises, orange falls, grey totals. */
export const WATERFALL_INCREASE_COLOR = { r: 90, g: 193, b: 137, a: 1 };
export const WATERFALL_DECREASE_COLOR = { r: 255, g: 127, b: 68, a: 1 };
export const WATERFALL_TOTAL_COLOR = { r: 102, g: 102, b: 102, a: 1 };

export const waterfallControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      ['x_axis'],
      ['time_grain_sqla'],
      ['groupby'],
      ['metric'],
      ['adhoc_filters'],
      ['row_limit'],
    ]),
    customizeSection('Chart Options', [
      ['show_value'],
      ['show_legend'],
      [
        {
          name: 'increase_color',
          config: {
            type: 'ColorPickerControl',
            label: 'Increase',
            default: WATERFALL_INCREASE_COLOR,
            renderTrigger: true,
          },
        },
        {
          name: 'decrease_color',
          config: {
            type: 'ColorPickerControl',
            label: 'Decrease',
            default: WATERFALL_DECREASE_COLOR,
            renderTrigger: true,
          },
        },
        {
          name: 'total_color',
          config: {
            type: 'ColorPickerControl',
            label: 'Total',
            default: WATERFALL_TOTAL_COLOR,
            renderTrigger: true,
          },
        },
      ],
      [
        {
          name: 'increase_label',
          config: {
            type: 'TextControl',
            label: 'Increase label',
            placeholder: 'Increase',
            renderTrigger: true,
          },
        },
        {
          name: 'decrease_label',
          config: {
            type: 'TextControl',
            label: 'Decrease label',
            placeholder: 'Decrease',
            renderTrigger: true,
          },
        },
        {
          name: 'total_label',
          config: {
            type: 'TextControl',
            label: 'Total label',
            placeholder: 'Total',
            renderTrigger: true,
          },
        },
      ],
    ]),
    customizeSection('X Axis', [
      ['x_axis_title'],
      ['x_axis_time_format'],
      [
        {
          name: 'x_ticks_layout',
          config: {
            type: 'SelectControl',
            label: 'X Tick Layout',
            choices: X_TICKS_LAYOUT_CHOICES,
            default: 'auto',
            renderTrigger: true,
          },
        },
      ],
    ]),
    customizeSection('Y Axis', [['y_axis_title'], ['y_axis_format'], ['currency_format']]),
  ],
  controlOverrides: {
    groupby: {
      label: 'Breakdowns',
      description:
        'Breaks down each x-axis value into parts: every part is a bar of its own, followed by the subtotal of the x-axis value.',
      multi: false,
    },
  },
};
