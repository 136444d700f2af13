import {
  checkboxControl,
  customizeSection,
  LEGEND_ROWS,
  querySection,
} from '../common/panelSections.ts';
import {
  labelTypeControl,
  showLabelsControl,
  showLabelsThresholdControl,
  showTotalControl,
} from '../common/partsAndFlows.ts';
import type { ControlPanelConfig } from '../types.ts';

export const pieControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([['groupby'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']]),
    customizeSection('Chart Options', [
      ['color_scheme'],
      [showLabelsThresholdControl],
      ...LEGEND_ROWS,
      [labelTypeControl()],
      ['number_format'],
      ['currency_format'],
      ['date_format'],
      [showLabelsControl],
      [
        checkboxControl(
          'labels_outside',
          'Put labels outside',
          true,
          'Put the labels outside of the pie?',
        ),
        checkboxControl(
          'label_line',
          'Label Line',
          false,
          'Draw line from Pie to label when labels outside?',
        ),
      ],
      [showTotalControl],
    ]),
    customizeSection('Pie shape', [
      [
        {
          name: 'outerRadius',
          config: {
            type: 'SliderControl',
            label: 'Outer Radius',
            renderTrigger: true,
            min: 10,
            max: 100,
            step: 1,
            default: 70,
            description: 'Outer edge of Pie chart',
          },
        },
      ],
      [checkboxControl('donut', 'Donut', false, 'Do you want a donut or a pie?')],
      [
        {
          name: 'innerRadius',
          config: {
            type: 'SliderControl',
            label: 'Inner Radius',
            renderTrigger: true,
            min: 0,
            max: 100,
            step: 1,
            default: 30,
            description: 'Inner radius of donut hole',
            visibility: ({ formData }) => Boolean(formData.donut),
          },
        },
      ],
    ]),
  ],
  controlOverrides: {
    row_limit: { default: 100 },
    sort_by_metric: { default: true },
  },
};
