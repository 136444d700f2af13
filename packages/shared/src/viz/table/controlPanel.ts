import { TIMESTAMP_FORMAT_CHOICES } from '../../controls/options.ts';
import { checkboxControl, customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlContext, ControlPanelConfig } from '../types.ts';
import { tableQueryMode } from './buildQuery.ts';

export const AGGREGATE_REQUIRED_MESSAGE =
  'Group By, Metrics or Percentage Metrics must have a value';

const isAggregate = ({ formData }: ControlContext) => tableQueryMode(formData) === 'aggregate';
const isRaw = ({ formData }: ControlContext) => tableQueryMode(formData) === 'raw';
const hasLength = (value: unknown) => Array.isArray(value) && value.length > 0;

/** Aggregate mode needs something to group or aggregate; any of the three will do. */
function validateAggregateQuery(value: unknown, { formData }: ControlContext): string | false {
  if (tableQueryMode(formData) !== 'aggregate') return false;
  return hasLength(value) || hasLength(formData.groupby) || hasLength(formData.percent_metrics)
    ? false
    : AGGREGATE_REQUIRED_MESSAGE;
}

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        {
          name: 'query_mode',
          config: {
            type: 'SelectControl',
            label: 'Query mode',
            choices: [
              ['aggregate', 'Aggregate'],
              ['raw', 'Raw records'],
            ],
            default: 'aggregate',
          },
        },
      ],
      ['groupby'],
      ['time_grain_sqla'],
      ['metrics'],
      ['all_columns'],
      ['percent_metrics'],
      [
        {
          name: 'order_by_cols',
          config: {
            type: 'SelectControl',
            label: 'Ordering',
            description: 'Order results by selected columns',
            multi: true,
            freeForm: true,
            default: [],
            visibility: isRaw,
          },
        },
      ],
      ['adhoc_filters'],
      ['timeseries_limit_metric'],
      ['order_desc'],
      ['server_pagination'],
      ['server_page_length'],
      ['row_limit'],
      [
        {
          name: 'show_totals',
          config: {
            type: 'CheckboxControl',
            label: 'Show summary',
            description:
              'Show total aggregations of selected metrics. Note that row limit does not apply to the result.',
            default: false,
            visibility: isAggregate,
          },
        },
      ],
    ]),
    customizeSection('Options', [
      [
        {
          name: 'table_timestamp_format',
          config: {
            type: 'SelectControl',
            label: 'Timestamp format',
            freeForm: true,
            choices: TIMESTAMP_FORMAT_CHOICES,
            default: 'smart_date',
            renderTrigger: true,
          },
        },
      ],
      ['number_format'],
      [
        {
          name: 'page_length',
          config: {
            type: 'SelectControl',
            label: 'Page length',
            description: 'Rows per page, 0 means no pagination',
            freeForm: true,
            choices: [
              [0, 'All'],
              [10, '10'],
              [20, '20'],
              [50, '50'],
              [100, '100'],
              [200, '200'],
            ],
            default: 0,
            renderTrigger: true,
            visibility: ({ formData }) => !formData.server_pagination,
          },
        },
      ],
      [
        checkboxControl(
          'include_search',
          'Search box',
          false,
          'Whether to include a client-side search box',
        ),
      ],
      [
        checkboxControl(
          'show_cell_bars',
          'Cell bars',
          true,
          'Whether to display a bar chart background in table columns',
        ),
      ],
      [
        {
          name: 'align_pn',
          config: {
            type: 'CheckboxControl',
            label: 'Align +/-',
            description:
              'Whether to align background charts with both positive and negative values at 0',
            default: false,
            renderTrigger: true,
          },
        },
      ],
      [
        {
          name: 'color_pn',
          config: {
            type: 'CheckboxControl',
            label: 'Add colors to cell bars for +/-',
            description:
              'Whether to colorize numeric values by whether they are positive or negative',
            default: true,
            renderTrigger: true,
          },
        },
      ],
      [
        {
          name: 'column_config',
          config: {
            type: 'ColumnConfigControl',
            label: 'Customize columns',
            description: 'Further customize how to display each column',
            default: {},
            renderTrigger: true,
          },
        },
      ],
      ['conditional_formatting'],
    ]),
  ],
  controlOverrides: {
    metrics: { validators: [validateAggregateQuery], visibility: isAggregate, default: [] },
    groupby: { visibility: isAggregate },
    percent_metrics: { visibility: isAggregate },
    time_grain_sqla: { visibility: isAggregate },
    timeseries_limit_metric: { visibility: isAggregate },
    order_desc: { visibility: isAggregate },
    all_columns: { visibility: isRaw },
  },
};
