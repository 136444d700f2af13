import { validateInteger, validateNonEmpty } from '../../controls/validators.ts';
import { customizeSection, querySection } from '../common/panelSections.ts';
import type { ControlChoice, ControlPanelConfig } from '../types.ts';

/** Superset's values: `flat` is no rotation. */
export const WORD_ROTATIONS: readonly ControlChoice[] = [
  ['random', 'random'],
  ['flat', 'flat'],
  ['square', 'square'],
];

export const wordCloudControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        {
          name: 'series',
          config: {
            type: 'ColumnsControl',
            label: 'Dimension',
            description: 'The words: one per value of this column.',
            multi: false,
            choicesFrom: 'groupby_columns',
            validators: [validateNonEmpty],
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
          name: 'size_from',
          config: {
            type: 'TextControl',
            label: 'Minimum Font Size',
            description: 'Font size for the smallest value in the list',
            isInt: true,
            default: 10,
            validators: [validateInteger],
            renderTrigger: true,
          },
        },
        {
          name: 'size_to',
          config: {
            type: 'TextControl',
            label: 'Maximum Font Size',
            description: 'Font size for the biggest value in the list',
            isInt: true,
            default: 70,
            validators: [validateInteger],
            renderTrigger: true,
          },
        },
      ],
      [
        {
          name: 'rotation',
          config: {
            type: 'SelectControl',
            label: 'Word Rotation',
            description: 'Rotation to apply to words in the cloud',
            choices: WORD_ROTATIONS,
            default: 'square',
            renderTrigger: true,
          },
        },
      ],
      ['color_scheme'],
    ]),
  ],
  controlOverrides: {
    row_limit: { default: 100 },
    sort_by_metric: { default: true },
  },
};
