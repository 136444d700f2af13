import { describe, expect, it } from 'vitest';
import type { ControlPanelConfig } from '../viz/types.ts';
import { expandControlPanel, panelControls } from './expand.ts';
import { sharedControls } from './sharedControls.ts';

describe('expandControlPanel', () => {
  const panel: ControlPanelConfig = {
    controlPanelSections: [
      {
        label: 'Query',
        expanded: true,
        controlSetRows: [
          ['metrics'],
          ['groupby', null],
          [
            {
              name: 'my_toggle',
              config: { type: 'CheckboxControl', label: 'Mine', default: true },
            },
          ],
        ],
      },
    ],
    controlOverrides: { groupby: { label: 'Rows' }, my_toggle: { default: false } },
  };

  it('resolves names to shared controls and applies overrides', () => {
    const [section] = expandControlPanel(panel);
    expect(section?.label).toBe('Query');
    expect(section?.expanded).toBe(true);
    expect(section?.controlSetRows[0]?.[0]).toEqual({
      name: 'metrics',
      config: sharedControls.metrics,
    });
    expect(section?.controlSetRows[1]?.[0]?.config.label).toBe('Rows');
    expect(section?.controlSetRows[1]?.[0]?.config.type).toBe('ColumnsControl');
    expect(section?.controlSetRows[1]?.[1]).toBeNull();
    expect(section?.controlSetRows[2]?.[0]?.config.default).toBe(false);
    expect(sharedControls.groupby?.label).toBe('Dimensions');
  });

  it('throws an Error naming an unknown control', () => {
    const bad: ControlPanelConfig = {
      controlPanelSections: [{ label: 'Query', controlSetRows: [['no_such_control']] }],
    };
    expect(() => expandControlPanel(bad)).toThrow('no_such_control');
  });

  it('lists a panel’s controls by name', () => {
    expect([...panelControls(panel).keys()]).toEqual(['metrics', 'groupby', 'my_toggle']);
  });
});
