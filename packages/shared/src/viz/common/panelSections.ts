import type { ControlConfig, ControlPanelSection, ControlSetRow } from '../types.ts';

/**
 * Building blocks of the chart types' control panels: the sections every panel has and the inline
 * controls many declare. Shared controls are named by string (see `controls/sharedControls.ts`).
 */

/** A control declared in a panel rather than taken from the shared controls by name. */
export type InlineControl = { name: string; config: ControlConfig };

/** The "Query" section of the Data tab, open. */
export function querySection(controlSetRows: ControlSetRow[]): ControlPanelSection {
  return { label: 'Query', expanded: true, controlSetRows };
}

/** An open section of the Customize tab. */
export function customizeSection(
  label: string,
  controlSetRows: ControlSetRow[],
): ControlPanelSection {
  return { label, expanded: true, tab: 'customize', controlSetRows };
}

/** Whether to show a legend, then its type and orientation (hidden while there is none). */
export const LEGEND_ROWS: readonly ControlSetRow[] = [
  ['show_legend'],
  ['legendType'],
  ['legendOrientation'],
];

/** A checkbox whose change only redraws the chart. */
export function checkboxControl(
  name: string,
  label: string,
  defaultValue: boolean,
  description?: string,
): InlineControl {
  return {
    name,
    config: {
      type: 'CheckboxControl',
      label,
      default: defaultValue,
      renderTrigger: true,
      ...(description ? { description } : {}),
    },
  };
}
