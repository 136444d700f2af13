import { X_TICKS_LAYOUT_CHOICES } from '../../controls/options.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlChoice, ControlPanelConfig } from '../types.ts';

export const WHISKER_OPTIONS: readonly ControlChoice[] = [
  ['Tukey', 'Tukey'],
  ['Min/max (no outliers)', 'Min/max (no outliers)'],
  ['2/98 percentiles', '2/98 percentiles'],
  ['9/91 percentiles', '9/91 percentiles'],
];

export const boxPlotControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        {
          name: 'columns',
          config: {
            type: 'ColumnsControl',
            label: 'Distribute across',
            description:
              'Columns to calculate distribution across. Each combination of their values is one observation of the box.',
            multi: true,
            choicesFrom: 'groupby_columns',
            default: [],
          },
        },
      ],
      ['time_grain_sqla'],
      ['metrics'],
      ['adhoc_filters'],
      ['groupby'],
      ['series_limit'],
      ['series_limit_metric'],
      ['row_limit'],
      [
        {
          name: 'whiskerOptions',
          config: {
            type: 'SelectControl',
            label: 'Whisker/outlier options',
            description: 'Determines how whiskers and outliers are calculated.',
            choices: WHISKER_OPTIONS,
            default: 'Tukey',
            freeForm: true,
          },
        },
      ],
    ]),
    customizeSection('Chart Options', [
      ['color_scheme'],
      [
        {
          name: 'x_ticks_layout',
          config: {
            type: 'SelectControl',
            label: 'X Tick Layout',
            description: 'The way the ticks are laid out on the X-axis',
            choices: X_TICKS_LAYOUT_CHOICES,
            default: 'auto',
            renderTrigger: true,
          },
        },
      ],
      ['number_format'],
      ['date_format'],
    ]),
  ],
  controlOverrides: {
    groupby: {
      label: 'Dimensions',
      description: 'Categories to group by on the x-axis.',
    },
    series_limit: { label: 'Series limit' },
    row_limit: { default: 10000 },
  },
};
