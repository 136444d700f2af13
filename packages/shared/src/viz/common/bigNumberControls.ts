import type { ControlConfig } from '../types.ts';

/** Controls of the two Big Number types (Superset's names and sizes). */

type Inline = { name: string; config: ControlConfig };

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
      choices: [
        ['smart_date', 'Adaptive formatting'],
        ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
        ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
        ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
        ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
      ],
      default: 'smart_date',
      renderTrigger: true,
    },
  },
  forceTimestampFormatting: {
    name: 'force_timestamp_formatting',
    config: {
      type: 'CheckboxControl',
      label: 'Force date format',
      description: 'Use date formatting even when metric value is not a timestamp',
      default: false,
      renderTrigger: true,
    },
  },
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
  showTimestamp: {
    name: 'show_timestamp',
    config: {
      type: 'CheckboxControl',
      label: 'Show Timestamp',
      description: 'Whether to display the timestamp',
      default: false,
      renderTrigger: true,
    },
  },
  showTrendLine: {
    name: 'show_trend_line',
    config: {
      type: 'CheckboxControl',
      label: 'Show Trend Line',
      description: 'Whether to display the trend line',
      default: true,
      renderTrigger: true,
    },
  },
  startYAxisAtZero: {
    name: 'start_y_axis_at_zero',
    config: {
      type: 'CheckboxControl',
      label: 'Start y-axis at 0',
      description: 'Start y-axis at zero. Uncheck to start y-axis at minimum value in the data.',
      default: true,
      renderTrigger: true,
    },
  },
  timeRangeFixed: {
    name: 'time_range_fixed',
    config: {
      type: 'CheckboxControl',
      label: 'Fix to selected Time Range',
      description:
        'Fix the trend line to the full time range specified in case filtered results do not include the start or end dates',
      default: false,
      renderTrigger: true,
    },
  },
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
} satisfies Record<string, Inline>;
