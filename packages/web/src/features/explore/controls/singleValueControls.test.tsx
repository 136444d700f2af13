import { expandControlPanel } from '@tessera/shared/controls/expand';
import { getControlsState } from '@tessera/shared/controls/state';
import { heatmapControlPanel } from '@tessera/shared/viz/heatmap_v2/controlPanel';
import type { ControlPanelConfig } from '@tessera/shared/viz/types';
import { waterfallControlPanel } from '@tessera/shared/viz/waterfall/controlPanel';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ColumnsControl } from './ColumnsControl.tsx';
import { ControlPanelView } from './ControlPanel.tsx';
import { MetricsControl } from './MetricsControl.tsx';
import { DATASOURCE, renderControl } from './testing.tsx';

/** A fresh chart of this type drawn as Explore draws its panel: defaults and all. */
function renderFreshPanel(panel: ControlPanelConfig, vizType: string) {
  const formData = { datasource: '3__table', viz_type: vizType };
  const { controls } = getControlsState(panel, formData, DATASOURCE);
  render(
    <ControlPanelView
      sections={expandControlPanel(panel)}
      formData={formData}
      datasource={DATASOURCE}
      controls={controls}
      onChange={vi.fn()}
    />,
  );
}

describe('single-value chip controls', { timeout: 60_000 }, () => {
  it('shows no chip in the Heatmap "Y-Axis" of a fresh chart, only the place to add one', () => {
    renderFreshPanel(heatmapControlPanel, 'heatmap_v2');
    expect(screen.getByTestId('control-label-groupby').textContent).toContain('Y-Axis');
    expect(screen.queryAllByTestId('column-groupby-chip')).toHaveLength(0);
    expect(screen.getByTestId('column-groupby-add').textContent).toContain(
      'Drop a column here or click',
    );
  });

  it('shows no chip in the Waterfall "Breakdowns" of a fresh chart', () => {
    renderFreshPanel(waterfallControlPanel, 'waterfall');
    expect(screen.getByTestId('control-label-groupby').textContent).toContain('Breakdowns');
    expect(screen.queryAllByTestId('column-groupby-chip')).toHaveLength(0);
  });

  it('shows the one value a saved chart keeps as a one-item list', () => {
    renderControl(
      ColumnsControl,
      { type: 'ColumnsControl', label: 'Y-Axis', multi: false },
      ['gender'],
      'groupby',
    );
    const chips = screen.getAllByTestId('column-groupby-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['gender×']);
    expect(screen.queryByTestId('column-groupby-add')).toBeNull();
  });

  it('shows no metric chip for an empty single metric', () => {
    renderControl(MetricsControl, { type: 'MetricsControl', label: 'Metric', multi: false }, []);
    expect(screen.queryAllByTestId('metric-ctl-chip')).toHaveLength(0);
  });
});
