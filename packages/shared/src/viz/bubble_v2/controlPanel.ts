import type { ControlPanelConfig } from '../types.ts';

export const MAX_BUBBLE_SIZES = [5, 10, 15, 25, 50, 75, 100] as const;

export const bubbleControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
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
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['color_scheme'],
        ['show_legend'],
        ['legendType'],
        ['legendOrientation'],
        [
          {
            name: 'max_bubble_size',
            config: {
              type: 'SelectControl',
              label: 'Max Bubble Size',
              freeForm: true,
              choices: MAX_BUBBLE_SIZES.map((n) => [n, String(n)] as const),
              default: 25,
              renderTrigger: true,
            },
          },
        ],
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
      ],
    },
    {
      label: 'X Axis',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
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
        [
          {
            name: 'logXAxis',
            config: {
              type: 'CheckboxControl',
              label: 'Logarithmic x-axis',
              default: false,
              renderTrigger: true,
            },
          },
        ],
      ],
    },
    {
      label: 'Y Axis',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['y_axis_title'],
        ['y_axis_format'],
        [
          {
            name: 'logYAxis',
            config: {
              type: 'CheckboxControl',
              label: 'Logarithmic y-axis',
              default: false,
              renderTrigger: true,
            },
          },
        ],
        ['truncateYAxis'],
        ['y_axis_bounds'],
      ],
    },
  ],
  controlOverrides: {
    series_limit_metric: { label: 'Sort by', description: 'Metric used to order the entities.' },
    row_limit: { default: 10000 },
  },
};
