import type { ControlConfig, ControlPanelConfig, ControlPanelSection } from '../viz/types.ts';
import { sharedControls } from './sharedControls.ts';

export type ExpandedControl = { name: string; config: ControlConfig };

export type ExpandedSection = Omit<ControlPanelSection, 'controlSetRows'> & {
  controlSetRows: Array<Array<ExpandedControl | null>>;
};

/**
 * Resolves every string in a panel to its shared control, with the chart type's overrides on
 * top. An unknown name is a programming error in a chart type, so it throws rather than hides.
 */
export function expandControlPanel(panel: ControlPanelConfig): ExpandedSection[] {
  const overrides = panel.controlOverrides ?? {};
  const resolve = (item: ControlPanelSection['controlSetRows'][number][number]) => {
    if (item === null) return null;
    if (typeof item !== 'string') {
      const override = overrides[item.name];
      return override ? { name: item.name, config: { ...item.config, ...override } } : item;
    }
    const shared = sharedControls[item];
    if (!shared) throw new Error(`Unknown control "${item}": it is not a shared control`);
    return { name: item, config: { ...shared, ...overrides[item] } };
  };
  return panel.controlPanelSections.map((section) => ({
    ...section,
    controlSetRows: section.controlSetRows.map((row) => row.map(resolve)),
  }));
}

/** Every control of a panel by name, in panel order (the controls Explore keeps state for). */
export function panelControls(panel: ControlPanelConfig): Map<string, ControlConfig> {
  const controls = new Map<string, ControlConfig>();
  for (const section of expandControlPanel(panel)) {
    for (const row of section.controlSetRows) {
      for (const item of row) if (item) controls.set(item.name, item.config);
    }
  }
  return controls;
}
