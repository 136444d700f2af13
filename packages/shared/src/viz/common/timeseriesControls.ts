import type { ControlPanelSection, ControlSetRow } from '../types.ts';
import {
  checkboxControl,
  customizeSection,
  type InlineControl,
  LEGEND_ROWS,
  querySection,
} from './panelSections.ts';
import { ADVANCED_ANALYTICS_KEYS } from './timeseriesQuery.ts';

/**
 * Control panel pieces of the time-series family. Shared controls are named by string (see
 * `controls/sharedControls.ts`); the few only these charts have are declared here once.
 */

export const STACK_CHOICES = [
  [null, 'None'],
  ['Stack', 'Stack'],
  ['Expand', 'Expand'],
] as const;

export const timeseriesControls = {
  stack: {
    name: 'stack',
    config: {
      type: 'SelectControl',
      label: 'Stacked Style',
      description: 'Stack series on top of each other; Expand shows each as a share of the total.',
      choices: STACK_CHOICES,
      default: null,
      clearable: true,
      renderTrigger: true,
    },
  } satisfies InlineControl,
  onlyTotal: checkboxControl(
    'only_total',
    'Only Total',
    true,
    'Only show the total value on the stacked chart, and not the selected category.',
  ),
  area: checkboxControl('area', 'Area Chart', false, 'Draw area under curves.'),
  opacity: {
    name: 'opacity',
    config: {
      type: 'SliderControl',
      label: 'Area chart opacity',
      description: 'Opacity of the area under the curves.',
      min: 0,
      max: 1,
      step: 0.1,
      default: 0.2,
      renderTrigger: true,
    },
  } satisfies InlineControl,
  markerEnabled: checkboxControl('markerEnabled', 'Marker', false, 'Draw a marker on data points.'),
  markerSize: {
    name: 'markerSize',
    config: {
      type: 'SliderControl',
      label: 'Marker Size',
      description: 'Size of marker. Also applies to forecast observations.',
      min: 0,
      max: 20,
      step: 1,
      default: 6,
      renderTrigger: true,
    },
  } satisfies InlineControl,
  seriesType: {
    name: 'seriesType',
    config: {
      type: 'SelectControl',
      label: 'Series Style',
      description: 'Series chart type (line, bar etc)',
      choices: [
        ['line', 'Line'],
        ['scatter', 'Scatter'],
        ['smooth', 'Smooth Line'],
        ['bar', 'Bar'],
        ['start', 'Step - start'],
        ['middle', 'Step - middle'],
        ['end', 'Step - end'],
      ],
      default: 'line',
      renderTrigger: true,
    },
  } satisfies InlineControl,
  stepType: {
    name: 'seriesType',
    config: {
      type: 'SelectControl',
      label: 'Step type',
      description:
        'Defines whether the step should appear at the beginning, middle or end between two data points',
      choices: [
        ['start', 'Start'],
        ['middle', 'Middle'],
        ['end', 'End'],
      ],
      default: 'start',
      renderTrigger: true,
    },
  } satisfies InlineControl,
  orientation: {
    name: 'orientation',
    config: {
      type: 'SelectControl',
      label: 'Bar orientation',
      choices: [
        ['vertical', 'Vertical'],
        ['horizontal', 'Horizontal'],
      ],
      default: 'vertical',
      renderTrigger: true,
    },
  } satisfies InlineControl,
  xAxisLabelRotation: {
    name: 'xAxisLabelRotation',
    config: {
      type: 'SelectControl',
      label: 'Rotate x axis label',
      description: 'Input field supports custom rotation. e.g. 30 for 30°',
      choices: [
        [0, '0°'],
        [45, '45°'],
        [90, '90°'],
      ],
      freeForm: true,
      default: 0,
      renderTrigger: true,
    },
  } satisfies InlineControl,
  minorSplitLine: checkboxControl(
    'minorSplitLine',
    'Minor Split Line',
    false,
    'Draw split lines for minor y-axis ticks',
  ),
} as const;

/** "Query": x-axis with its grain, metrics, dimensions, filters, series and row limits. */
export function timeseriesQuerySection(extraRows: ControlSetRow[] = []): ControlPanelSection {
  return querySection([
    ['x_axis'],
    ['time_grain_sqla'],
    ['metrics'],
    ['groupby'],
    ['contributionMode'],
    ['adhoc_filters'],
    ['series_limit'],
    ['series_limit_metric'],
    ['order_desc'],
    ['row_limit'],
    ['truncate_metric'],
    ['show_empty_columns'],
    ...extraRows,
  ]);
}

export const advancedAnalyticsSection: ControlPanelSection = {
  label: 'Advanced analytics',
  description:
    'This section contains options that allow for advanced analytical post processing of query results',
  controlSetRows: ADVANCED_ANALYTICS_KEYS.map((name) => [name]),
};

export const annotationsSection: ControlPanelSection = {
  label: 'Annotations and Layers',
  controlSetRows: [['annotation_layers']],
};

export function chartTitleSection(): ControlPanelSection {
  return customizeSection('Chart Title', [['x_axis_title'], ['y_axis_title']]);
}

/** "Chart Options" with the type's own rows first, then legend and sorting of series. */
export function chartOptionsSection(typeRows: ControlSetRow[]): ControlPanelSection {
  return customizeSection('Chart Options', [
    ['color_scheme'],
    ...typeRows,
    ['show_value'],
    ['zoomable'],
    ...LEGEND_ROWS,
    ['sort_series_type'],
    ['sort_series_ascending'],
  ]);
}

export const xAxisSection: ControlPanelSection = customizeSection('X Axis', [
  ['x_axis_time_format'],
  [timeseriesControls.xAxisLabelRotation],
]);

export const tooltipSection: ControlPanelSection = customizeSection('Tooltip', [
  ['rich_tooltip'],
  ['tooltipSortByMetric'],
  ['tooltipTimeFormat'],
]);

export function yAxisSection(extraRows: ControlSetRow[] = []): ControlPanelSection {
  return customizeSection('Y Axis', [
    ['y_axis_format'],
    ['currency_format'],
    ['logAxis'],
    [timeseriesControls.minorSplitLine],
    ['truncateYAxis'],
    ['y_axis_bounds'],
    ...extraRows,
  ]);
}

/** The panel of a one-query time-series type, with the type's own "Chart Options" rows. */
export function timeseriesControlPanel(typeRows: ControlSetRow[]) {
  return {
    controlPanelSections: [
      timeseriesQuerySection(),
      advancedAnalyticsSection,
      annotationsSection,
      chartTitleSection(),
      chartOptionsSection(typeRows),
      xAxisSection,
      tooltipSection,
      yAxisSection(),
    ],
  };
}
