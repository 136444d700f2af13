import { choicesOf } from '../../controls/options.ts';
import {
  checkboxControl,
  customizeSection,
  type InlineControl,
  LEGEND_ROWS,
  querySection,
} from '../common/panelSections.ts';
import type { ControlPanelConfig } from '../types.ts';

export const MAX_BUBBLE_SIZES = [5, 10, 15, 25, 50, 75, 100] as const;

/** The largest bubble's size in pixels (the world map's bubbles too). */
export const maxBubbleSizeControl: InlineControl = {
  name: 'max_bubble_size',
  config: {
    type: 'SelectControl',
    label: 'Max Bubble Size',
    freeForm: true,
    choices: choicesOf(MAX_BUBBLE_SIZES),
    default: 25,
    renderTrigger: true,
  },
};

export const bubbleControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        {
          name: 'series',
          config: {
            type: 'ColumnsControl',
            label: 'Dimension',
            description:
              'Defines the grouping of entities. Each series is shown as a specific color on the chart and has a legend toggle',
            multi: false,
            choicesFrom: 'groupby_columns',
            clearable: true,
          },
        },
      ],
      ['entity'],
      ['x'],
      ['y'],
      ['adhoc_filters'],
      ['size'],
      ['series_limit_metric'],
      ['order_desc'],
      ['row_limit'],
    ]),
    customizeSection('Chart Options', [
      ['color_scheme'],
      ...LEGEND_ROWS,
      [maxBubbleSizeControl],
      [
        {
          name: 'tooltipSizeFormat',
          config: {
            type: 'SelectControl',
            label: 'Bubble Size Number Format',
            freeForm: true,
            choices: [
              ['SMART_NUMBER', 'Adaptive formatting'],
              [',d', ',d (12,345)'],
              ['.3s', '.3s (12.3k)'],
            ],
            default: 'SMART_NUMBER',
            renderTrigger: true,
          },
        },
      ],
      [
        {
          name: 'opacity',
          config: {
            type: 'SliderControl',
            label: 'Bubble Opacity',
            description: 'Opacity of bubbles, 0 means completely transparent, 1 means opaque',
            min: 0,
            max: 1,
            step: 0.1,
            default: 0.6,
            renderTrigger: true,
          },
        },
      ],
    ]),
    customizeSection('X Axis', [
      ['x_axis_title'],
      [
        {
          name: 'xAxisFormat',
          config: {
            type: 'SelectControl',
            label: 'X Axis Format',
            freeForm: true,
            choices: [
              ['SMART_NUMBER', 'Adaptive formatting'],
              [',d', ',d (12,345)'],
              ['.1f', '.1f (12345.4)'],
              ['.3s', '.3s (12.3k)'],
            ],
            default: 'SMART_NUMBER',
            renderTrigger: true,
          },
        },
      ],
      [checkboxControl('logXAxis', 'Logarithmic x-axis', false)],
    ]),
    customizeSection('Y Axis', [
      ['y_axis_title'],
      ['y_axis_format'],
      [checkboxControl('logYAxis', 'Logarithmic y-axis', false)],
      ['truncateYAxis'],
      ['y_axis_bounds'],
    ]),
  ],
  controlOverrides: {
    series_limit_metric: { label: 'Sort by', description: 'Metric used to order the entities.' },
    row_limit: { default: 10000 },
  },
};
