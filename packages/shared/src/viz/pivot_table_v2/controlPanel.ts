import { sharedControls } from '../../controls/sharedControls.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';
import { AGGREGATOR_NAMES } from './aggregators.ts';

const checkbox = (name: string, label: string, description: string, def = false) =>
  ({
    name,
    config: { type: 'CheckboxControl', label, description, default: def, renderTrigger: true },
  }) satisfies { name: string; config: ControlConfig };

const order = (name: string, label: string) =>
  ({
    name,
    config: {
      type: 'SelectControl',
      label,
      choices: [
        ['key_a_to_z', 'key a-z'],
        ['key_z_to_a', 'key z-a'],
        ['value_a_to_z', 'value ascending'],
        ['value_z_to_a', 'value descending'],
      ],
      default: 'key_a_to_z',
      renderTrigger: true,
    },
  }) satisfies { name: string; config: ControlConfig };

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        {
          name: 'groupbyColumns',
          config: { ...(sharedControls.groupby as ControlConfig), label: 'Columns' },
        },
      ],
      [
        {
          name: 'groupbyRows',
          config: { ...(sharedControls.groupby as ControlConfig), label: 'Rows' },
        },
      ],
      ['time_grain_sqla'],
      ['metrics'],
      [
        {
          name: 'metricsLayout',
          config: {
            type: 'SelectControl',
            label: 'Apply metrics on',
            description: 'Use metrics as a top level group for columns or for rows',
            choices: [
              ['COLUMNS', 'Columns'],
              ['ROWS', 'Rows'],
            ],
            default: 'COLUMNS',
            renderTrigger: true,
          },
        },
      ],
      ['adhoc_filters'],
      ['row_limit'],
      ['series_limit_metric'],
      ['order_desc'],
    ]),
    {
      label: 'Options',
      tab: 'data',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'aggregateFunction',
            config: {
              type: 'SelectControl',
              label: 'Aggregation function',
              description:
                'Aggregate function to apply when pivoting and computing the total rows and columns',
              choices: AGGREGATOR_NAMES.map((name) => [name, name] as const),
              default: 'Sum',
              clearable: false,
              renderTrigger: true,
            },
          },
        ],
        [checkbox('rowTotals', 'Show rows total', 'Display row level total')],
        [checkbox('rowSubTotals', 'Show rows subtotal', 'Display row level subtotal')],
        [checkbox('colTotals', 'Show columns total', 'Display column level total')],
        [checkbox('colSubTotals', 'Show columns subtotal', 'Display column level subtotal')],
        [checkbox('transposePivot', 'Transpose pivot', 'Swap rows and columns')],
        [
          checkbox(
            'combineMetric',
            'Combine metrics',
            'Display metrics side by side within each column, as opposed to each column being displayed side by side for each metric.',
          ),
        ],
      ],
    },
    customizeSection('Options', [
      [
        {
          name: 'valueFormat',
          config: { ...(sharedControls.number_format as ControlConfig), label: 'Value format' },
        },
      ],
      ['currency_format'],
      ['date_format'],
      [order('rowOrder', 'Rows sort by')],
      [order('colOrder', 'Cols sort by')],
      ['conditional_formatting'],
    ]),
  ],
};
