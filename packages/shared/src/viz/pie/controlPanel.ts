import {
  labelTypeControl,
  showLabelsControl,
  showLabelsThresholdControl,
  showTotalControl,
} from '../common/partsAndFlows.ts';
import type { ControlPanelConfig } from '../types.ts';

export const pieControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['groupby'],
        ['metric'],
        ['adhoc_filters'],
        ['row_limit'],
        ['sort_by_metric'],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['color_scheme'],
        [showLabelsThresholdControl],
        ['show_legend'],
        ['legendType'],
        ['legendOrientation'],
        [labelTypeControl()],
        ['number_format'],
        ['currency_format'],
        ['date_format'],
        [showLabelsControl],
        [
          {
            name: 'labels_outside',
            config: {
              type: 'CheckboxControl',
              label: 'Put labels outside',
              default: true,
              renderTrigger: true,
              description: 'Put the labels outside of the pie?',
            },
          },
          {
            name: 'label_line',
            config: {
              type: 'CheckboxControl',
              label: 'Label Line',
              default: false,
              renderTrigger: true,
              description: 'Draw line from Pie to label when labels outside?',
            },
          },
        ],
        [showTotalControl],
      ],
    },
    {
      label: 'Pie shape',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
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
        [
          {
            name: 'donut',
            config: {
              type: 'CheckboxControl',
              label: 'Donut',
              default: false,
              renderTrigger: true,
              description: 'Do you want a donut or a pie?',
            },
          },
        ],
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
      ],
    },
  ],
  controlOverrides: {
    row_limit: { default: 100 },
    sort_by_metric: { default: true },
  },
};
