import { maxBubbleSizeControl } from '../bubble_v2/controlPanel.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlChoice, ControlPanelConfig } from '../types.ts';

/** How the country column writes a country (Superset's choices, plus ISO numeric ids). */
export const COUNTRY_FIELD_TYPES: readonly ControlChoice[] = [
  ['name', 'Full name'],
  ['cca2', 'code ISO 3166-1 alpha-2 (cca2)'],
  ['cca3', 'code ISO 3166-1 alpha-3 (cca3)'],
  ['numeric', 'code ISO 3166-1 numeric'],
];

export const worldMapControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      ['entity'],
      [
        {
          name: 'country_fieldtype',
          config: {
            type: 'SelectControl',
            label: 'Country Field Type',
            description:
              'The country code standard that Tessera should expect to find in the country column',
            choices: COUNTRY_FIELD_TYPES,
            default: 'cca2',
          },
        },
      ],
      ['metric'],
      ['adhoc_filters'],
      ['row_limit'],
      ['sort_by_metric'],
    ]),
    customizeSection('Options', [
      [
        {
          name: 'show_bubbles',
          config: {
            type: 'CheckboxControl',
            label: 'Show Bubbles',
            description: 'Whether to display bubbles on top of countries',
            default: false,
          },
        },
      ],
      ['secondary_metric'],
      [maxBubbleSizeControl],
      [
        {
          name: 'color_picker',
          config: {
            type: 'ColorPickerControl',
            label: 'Bubble Color',
            default: { r: 0, g: 122, b: 135, a: 1 },
            renderTrigger: true,
          },
        },
      ],
      [
        {
          name: 'color_by',
          config: {
            type: 'SelectControl',
            label: 'Color by',
            description:
              'Choose whether a country should be shaded by the metric, or assigned a color based on a categorical color palette',
            choices: [
              ['metric', 'Metric'],
              ['country', 'Country'],
            ],
            default: 'metric',
            renderTrigger: true,
          },
        },
      ],
      ['linear_color_scheme'],
      ['color_scheme'],
      ['y_axis_format'],
      ['currency_format'],
    ]),
  ],
  controlOverrides: {
    entity: {
      label: 'Country Column',
      description: '3 letter code of the country',
    },
    secondary_metric: {
      label: 'Bubble size',
      description: 'Metric that gives the size of the bubbles',
      visibility: ({ formData }) => formData.show_bubbles === true,
    },
    linear_color_scheme: {
      visibility: ({ formData }) => formData.color_by !== 'country',
    },
    color_scheme: {
      visibility: ({ formData }) => formData.color_by === 'country',
    },
  },
};
