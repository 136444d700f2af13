import { TIMESTAMP_FORMAT_CHOICES } from '../../controls/options.ts';
import type { ControlSetRow } from '../types.ts';
import { checkboxControl, type InlineControl } from './panelSections.ts';

/** Controls of the two Big Number types (Superset's names and sizes). */

export const HEADER_FONT_SIZES = [
  [0.2, 'Tiny'],
  [0.3, 'Small'],
  [0.4, 'Normal'],
  [0.5, 'Large'],
  [0.6, 'Huge'],
] as const;

export const SUBHEADER_FONT_SIZES = [
  [0.125, 'Tiny'],
  [0.15, 'Small'],
  [0.2, 'Normal'],
  [0.3, 'Large'],
  [0.4, 'Huge'],
] as const;

export const bigNumberControls = {
  headerFontSize: {
    name: 'header_font_size',
    config: {
      type: 'SelectControl',
      label: 'Big Number Font Size',
      description: 'Share of the chart height the number takes',
      choices: HEADER_FONT_SIZES,
      default: 0.4,
      renderTrigger: true,
    },
  },
  subheaderFontSize: {
    name: 'subheader_font_size',
    config: {
      type: 'SelectControl',
      label: 'Subheader Font Size',
      choices: SUBHEADER_FONT_SIZES,
      default: 0.15,
      renderTrigger: true,
    },
  },
  subheader: {
    name: 'subheader',
    config: {
      type: 'TextControl',
      label: 'Subheader',
      description: 'Description text that shows up below your Big Number',
      default: '',
      renderTrigger: true,
    },
  },
  timeFormat: {
    name: 'time_format',
    config: {
      type: 'SelectControl',
      label: 'Date format',
      freeForm: true,
      choices: TIMESTAMP_FORMAT_CHOICES,
      default: 'smart_date',
      renderTrigger: true,
    },
  },
  forceTimestampFormatting: checkboxControl(
    'force_timestamp_formatting',
    'Force date format',
    false,
    'Use date formatting even when metric value is not a timestamp',
  ),
  compareLag: {
    name: 'compare_lag',
    config: {
      type: 'TextControl',
      label: 'Comparison Period Lag',
      description: 'Based on granularity, number of time periods to compare against',
      isInt: true,
      renderTrigger: true,
    },
  },
  compareSuffix: {
    name: 'compare_suffix',
    config: {
      type: 'TextControl',
      label: 'Comparison suffix',
      description: 'Suffix to apply after the percentage display',
      default: '',
      renderTrigger: true,
    },
  },
  showTimestamp: checkboxControl(
    'show_timestamp',
    'Show Timestamp',
    false,
    'Whether to display the timestamp',
  ),
  showTrendLine: checkboxControl(
    'show_trend_line',
    'Show Trend Line',
    true,
    'Whether to display the trend line',
  ),
  startYAxisAtZero: checkboxControl(
    'start_y_axis_at_zero',
    'Start y-axis at 0',
    true,
    'Start y-axis at zero. Uncheck to start y-axis at minimum value in the data.',
  ),
  timeRangeFixed: checkboxControl(
    'time_range_fixed',
    'Fix to selected Time Range',
    false,
    'Fix the trend line to the full time range specified in case filtered results do not include the start or end dates',
  ),
  colorPicker: {
    name: 'color_picker',
    config: {
      type: 'ColorPickerControl',
      label: 'Fixed Color',
      description: 'Use this to define a static color for all circles',
      default: { r: 0, g: 122, b: 135, a: 1 },
      renderTrigger: true,
    },
  },
} satisfies Record<string, InlineControl>;

/** How both Big Number types draw their number: its size, the subheader's, and its formats. */
export const bigNumberDisplayRows: ControlSetRow[] = [
  [bigNumberControls.headerFontSize],
  [bigNumberControls.subheaderFontSize],
  ['y_axis_format'],
  ['currency_format'],
  [bigNumberControls.timeFormat],
  [bigNumberControls.forceTimestampFormatting],
];
