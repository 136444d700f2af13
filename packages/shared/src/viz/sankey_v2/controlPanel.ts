import { customizeSection, querySection } from '../common/panelSections.ts';
import { columnSelectControl } from '../common/partsAndFlows.ts';
import type { ControlPanelConfig } from '../types.ts';

export const sankeyControlPanel: ControlPanelConfig = {
  controlPanelSections: [
    querySection([
      [
        columnSelectControl(
          'source',
          'Source',
          'The column to be used as the source of the edge.',
          true,
        ),
      ],
      [
        columnSelectControl(
          'target',
          'Target',
          'The column to be used as the target of the edge.',
          true,
        ),
      ],
      ['metric'],
      ['adhoc_filters'],
      ['row_limit'],
      ['sort_by_metric'],
    ]),
    customizeSection('Chart Options', [['color_scheme'], ['number_format'], ['currency_format']]),
  ],
  controlOverrides: {
    sort_by_metric: { default: true },
  },
};
