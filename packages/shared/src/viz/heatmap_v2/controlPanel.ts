import { checkboxControl, customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlChoice, ControlPanelConfig } from '../types.ts';

const SORT_AXIS_CHOICES: readonly ControlChoice[] = [
  ['alpha_asc', 'Axis ascending'],
  ['alpha_desc', 'Axis descending'],
  ['value_asc', 'Metric ascending'],
  ['value_desc', 'Metric descending'],
];

export const HEATMAP_NORMALIZE_CHOICES: readonly ControlChoice[] = [
  ['heatmap', 'heatmap'],
  ['x', 'x'],
  ['y', 'y'],
];

export const heatmapControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      ['x_axis'],
      ['time_grain_sqla'],
      ['groupby'],
      ['metric'],
      ['adhoc_filters'],
      ['row_limit'],
      [
        {
          name: 'sort_x_axis',
          config: {
            type: 'SelectControl',
            label: 'Sort X Axis',
            choices: SORT_AXIS_CHOICES,
            default: 'alpha_asc',
            clearable: true,
          },
        },
        {
          name: 'sort_y_axis',
          config: {
            type: 'SelectControl',
            label: 'Sort Y Axis',
            choices: SORT_AXIS_CHOICES,
            default: 'alpha_asc',
            clearable: true,
          },
        },
      ],
      [
        {
          name: 'normalize_across',
          config: {
            type: 'SelectControl',
            label: 'Normalize Across',
            choices: HEATMAP_NORMALIZE_CHOICES,
            default: 'heatmap',
            description:
              'Color will be shaded based the normalized (0% to 100%) value of a given cell against the other cells in the selected range: heatmap (all cells), x (cells of the same x value), y (cells of the same y value).',
          },
        },
      ],
    ]),
    customizeSection('Chart Options', [
      [
        {
          name: 'legend_type',
          config: {
            type: 'SelectControl',
            label: 'Legend Type',
            choices: [
              ['continuous', 'Continuous'],
              ['piecewise', 'Piecewise'],
            ],
            default: 'continuous',
            renderTrigger: true,
          },
        },
      ],
      ['linear_color_scheme'],
      [
        {
          name: 'value_bounds',
          config: {
            type: 'BoundsControl',
            label: 'Value bounds',
            description:
              'Hard value bounds applied for color coding. Leave empty to use the data range.',
            default: [null, null],
            renderTrigger: true,
          },
        },
      ],
      ['y_axis_format'],
      ['currency_format'],
      ['x_axis_time_format'],
      ['show_legend'],
      [
        checkboxControl(
          'show_percentage',
          'Show percentage',
          true,
          'Whether to include the percentage in the tooltip',
        ),
        checkboxControl(
          'show_values',
          'Show Values',
          false,
          'Whether to display the numerical values within the cells',
        ),
      ],
      [
        checkboxControl(
          'normalized',
          'Normalized',
          false,
          'Whether to apply a normal distribution based on rank on the color scale',
        ),
      ],
    ]),
  ],
  controlOverrides: {
    groupby: { label: 'Y-Axis', description: 'Dimension to use on y-axis.', multi: false },
    x_axis: { label: 'X-Axis', description: 'Dimension to use on x-axis.' },
    y_axis_format: { label: 'Value Format' },
  },
};
