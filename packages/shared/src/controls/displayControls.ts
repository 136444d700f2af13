import { DEFAULT_CATEGORICAL_SCHEME, DEFAULT_SEQUENTIAL_SCHEME } from '../color/schemes.ts';
import type { ControlConfig } from '../viz/types.ts';
import {
  CONDITIONAL_OPERATORS,
  DATE_FORMAT_CHOICES,
  NUMBER_FORMAT_CHOICES,
  SMART_DATE,
  SMART_NUMBER,
  SORT_SERIES_CHOICES,
} from './options.ts';

const D3_FORMAT_DOCS = 'D3 format syntax: https://github.com/d3/d3-format';
const D3_TIME_FORMAT_DOCS = 'D3 time format syntax: https://github.com/d3/d3-time-format';

const numberFormat: ControlConfig = {
  type: 'SelectControl',
  label: 'Number format',
  description: D3_FORMAT_DOCS,
  freeForm: true,
  renderTrigger: true,
  choices: NUMBER_FORMAT_CHOICES,
  default: SMART_NUMBER,
};

const timeFormat: ControlConfig = {
  type: 'SelectControl',
  label: 'Time format',
  description: D3_TIME_FORMAT_DOCS,
  freeForm: true,
  renderTrigger: true,
  choices: DATE_FORMAT_CHOICES,
  default: SMART_DATE,
};

const checkbox = (label: string, description: string, value: boolean): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  description,
  default: value,
  renderTrigger: true,
});

const title = (label: string): ControlConfig => ({
  type: 'TextControl',
  label,
  default: '',
  renderTrigger: true,
});

export const displayControls: Record<string, ControlConfig> = {
  color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Color Scheme',
    description: 'The color scheme for rendering chart',
    schemeType: 'categorical',
    default: DEFAULT_CATEGORICAL_SCHEME,
    renderTrigger: true,
  },
  linear_color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Linear Color Scheme',
    description: 'The color scheme for rendering chart',
    schemeType: 'sequential',
    default: DEFAULT_SEQUENTIAL_SCHEME,
    renderTrigger: true,
  },
  y_axis_format: { ...numberFormat, label: 'Y Axis Format' },
  currency_format: {
    type: 'CurrencyControl',
    label: 'Currency format',
    renderTrigger: true,
    default: null,
  },
  x_axis_time_format: { ...timeFormat, label: 'Time format' },
  tooltipTimeFormat: { ...timeFormat, label: 'Tooltip time format' },
  number_format: numberFormat,
  date_format: { ...timeFormat, label: 'Date format' },
  show_legend: checkbox('Show legend', 'Whether to display a legend for the chart', true),
  legendType: {
    type: 'SelectControl',
    label: 'Type',
    description: 'Legend type',
    choices: [
      ['scroll', 'Scroll'],
      ['plain', 'List'],
    ],
    default: 'scroll',
    renderTrigger: true,
    visibility: ({ formData }) => formData.show_legend !== false,
  },
  legendOrientation: {
    type: 'SelectControl',
    label: 'Orientation',
    description: 'Legend Orientation',
    choices: [
      ['top', 'Top'],
      ['bottom', 'Bottom'],
      ['left', 'Left'],
      ['right', 'Right'],
    ],
    default: 'top',
    renderTrigger: true,
    visibility: ({ formData }) => formData.show_legend !== false,
  },
  show_value: checkbox('Show Value', 'Show series values on the chart', false),
  rich_tooltip: checkbox(
    'Rich tooltip',
    'Shows a list of all series available at that point in time',
    true,
  ),
  tooltipSortByMetric: {
    ...checkbox(
      'Tooltip sort by metric',
      'Whether to sort tooltip by the selected metric in descending order.',
      false,
    ),
    visibility: ({ formData }) => formData.rich_tooltip !== false,
  },
  x_axis_title: title('X Axis Title'),
  y_axis_title: title('Y Axis Title'),
  truncateYAxis: checkbox(
    'Truncate Y Axis',
    'Truncate Y Axis. Can be overridden by specifying a min or max bound.',
    false,
  ),
  y_axis_bounds: {
    type: 'BoundsControl',
    label: 'Y Axis Bounds',
    description:
      "Bounds for the Y-axis. When left empty, the bounds are dynamically defined based on the min/max of the data. Note that this feature will only expand the axis range. It won't narrow the data's extent.",
    default: [null, null],
    renderTrigger: true,
    visibility: ({ formData }) => Boolean(formData.truncateYAxis),
  },
  logAxis: checkbox('Logarithmic y-axis', 'Logarithmic y-axis', false),
  zoomable: checkbox('Data Zoom', 'Enable data zooming controls', false),
  sort_series_type: {
    type: 'SelectControl',
    label: 'Sort Series By',
    description: 'Based on what should series be ordered on the chart and legend',
    choices: SORT_SERIES_CHOICES,
    default: 'sum',
    renderTrigger: true,
  },
  sort_series_ascending: checkbox('Sort Series Ascending', 'Sort series in ascending order', false),
  conditional_formatting: {
    type: 'ConditionalFormattingControl',
    label: 'Conditional formatting',
    description: 'Apply conditional color formatting to metrics',
    // The comparators the rule editor offers (spec option list).
    choices: CONDITIONAL_OPERATORS,
    default: [],
    renderTrigger: true,
  },
};
