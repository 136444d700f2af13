import { sharedControls } from '../../controls/sharedControls.ts';
import { customizeSection, LEGEND_ROWS } from '../common/panelSections.ts';
import {
  annotationsSection,
  chartTitleSection,
  timeseriesControls,
  tooltipSection,
  xAxisSection,
} from '../common/timeseriesControls.ts';
import { ADVANCED_ANALYTICS_KEYS } from '../common/timeseriesQuery.ts';
import type { ControlConfig, ControlPanelConfig, ControlSetRow } from '../types.ts';

/**
 * Superset's "Mixed Chart": two queries (A and B) on one time axis, each with its own series
 * style and y-axis. Query B's controls are the shared ones under a `_b` name.
 */

const renamed = (name: string, from: string, extra: Partial<ControlConfig> = {}) => ({
  name,
  config: { ...(sharedControls[from] as ControlConfig), ...extra },
});

const queryRows = (suffix: '' | '_b'): ControlSetRow[] => {
  const row = (name: string): ControlSetRow =>
    suffix ? [renamed(`${name}${suffix}`, name)] : [name];
  return [
    row('metrics'),
    row('groupby'),
    row('adhoc_filters'),
    suffix ? [renamed('series_limit_b', 'series_limit')] : ['series_limit'],
    suffix ? [renamed('series_limit_metric_b', 'series_limit_metric')] : ['series_limit_metric'],
    row('order_desc'),
    row('row_limit'),
    row('truncate_metric'),
  ];
};

const analyticsRows = (suffix: '' | '_b'): ControlSetRow[] =>
  ADVANCED_ANALYTICS_KEYS.map((name) => (suffix ? [renamed(`${name}${suffix}`, name)] : [name]));

const perQueryLooks = (suffix: '' | 'B'): ControlSetRow[] => {
  const named = (control: { name: string; config: ControlConfig }, label?: string) => ({
    name: `${control.name}${suffix}`,
    config: { ...control.config, ...(label ? { label } : {}) },
  });
  return [
    [named(timeseriesControls.seriesType)],
    [named(timeseriesControls.stack)],
    [named(timeseriesControls.area)],
    [named(timeseriesControls.opacity)],
    [named(timeseriesControls.markerEnabled)],
    [named(timeseriesControls.markerSize)],
    [
      {
        name: `show_value${suffix}`,
        config: sharedControls.show_value as ControlConfig,
      },
    ],
    [
      {
        name: `yAxisIndex${suffix}`,
        config: {
          type: 'SelectControl',
          label: 'Y Axis',
          description: 'Primary or secondary y-axis',
          choices: [
            [0, 'Primary'],
            [1, 'Secondary'],
          ],
          default: suffix ? 1 : 0,
          renderTrigger: true,
        },
      },
    ],
  ];
};

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Shared query fields',
      expanded: true,
      controlSetRows: [['x_axis'], ['time_grain_sqla']],
    },
    { label: 'Query A', expanded: true, controlSetRows: queryRows('') },
    { label: 'Advanced analytics Query A', controlSetRows: analyticsRows('') },
    { label: 'Query B', expanded: true, controlSetRows: queryRows('_b') },
    { label: 'Advanced analytics Query B', controlSetRows: analyticsRows('_b') },
    annotationsSection,
    chartTitleSection(),
    customizeSection('Chart Options', [['color_scheme'], ['zoomable'], ...LEGEND_ROWS]),
    { label: 'Query A', tab: 'customize', expanded: true, controlSetRows: perQueryLooks('') },
    { label: 'Query B', tab: 'customize', expanded: true, controlSetRows: perQueryLooks('B') },
    xAxisSection,
    tooltipSection,
    customizeSection('Y Axis', [
      [renamed('y_axis_format', 'y_axis_format', { label: 'Primary y-axis format' })],
      [
        renamed('y_axis_format_secondary', 'y_axis_format', {
          label: 'Secondary y-axis format',
        }),
      ],
      ['logAxis'],
      [renamed('logAxisSecondary', 'logAxis', { label: 'Logarithmic y-axis (secondary)' })],
      [
        renamed('yAxisTitleSecondary', 'y_axis_title', {
          label: 'Secondary y-axis title',
        }),
      ],
      ['truncateYAxis'],
      ['y_axis_bounds'],
    ]),
  ],
};
