import { expandControlPanel } from '@tessera/shared/controls/expand';
import { runValidators, validateMaxValue } from '@tessera/shared/controls/validators';
import type { ControlPanelConfig, QueryFormData } from '@tessera/shared/viz/types';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ControlPanel, ControlPanelView } from './ControlPanel.tsx';
import { DATASOURCE, FORM_DATA, SLOW } from './testing.tsx';
import type { ControlState } from './types.ts';

const PANEL: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['metrics'],
        ['groupby'],
        ['row_limit', 'series_limit'],
        ['rolling_periods'],
        [
          {
            name: 'secret',
            config: { type: 'TextControl', label: 'Secret', hidden: true },
          },
        ],
        [
          {
            name: 'only_with_groupby',
            config: {
              type: 'CheckboxControl',
              label: 'Only with groupby',
              visibility: ({ formData }) => (formData.groupby ?? []).length > 0,
            },
          },
        ],
      ],
    },
    {
      label: 'Chart Title',
      tab: 'customize',
      expanded: true,
      controlSetRows: [['x_axis_title'], ['show_legend']],
    },
  ],
};

function renderPanel(controls: Record<string, ControlState>, formData: QueryFormData = FORM_DATA) {
  const onChange = vi.fn();
  render(
    <ControlPanelView
      sections={expandControlPanel(PANEL)}
      formData={formData}
      datasource={DATASOURCE}
      controls={controls}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('ControlPanel', { timeout: 60_000 }, () => {
  it('draws sections with their controls side by side, hiding hidden and invisible ones', () => {
    renderPanel({ metrics: { value: ['count'] }, row_limit: { value: 1000 } });
    expect(screen.getByTestId('section-query').textContent).toContain('Query');
    expect(screen.getByTestId('control-metrics')).toBeTruthy();
    expect(screen.getByTestId('control-row_limit')).toBeTruthy();
    const row = screen.getByTestId('control-row_limit').parentElement as HTMLElement;
    expect(within(row).getByTestId('control-series_limit')).toBeTruthy();
    expect(screen.queryByTestId('control-secret')).toBeNull();
    expect(screen.queryByTestId('control-only_with_groupby')).toBeNull();
    expect(screen.getByTestId('control-label-row_limit').textContent).toBe('Row limit');
  });

  it('shows a control made visible by the form data', () => {
    renderPanel({}, { ...FORM_DATA, groupby: ['gender'] });
    expect(screen.getByTestId('control-only_with_groupby')).toBeTruthy();
  });

  it('shows validation messages verbatim in red, with a dot on the section and the tab', () => {
    const ctx = { formData: FORM_DATA, datasource: DATASOURCE };
    renderPanel(
      {
        metrics: { value: [], validationErrors: runValidators(PANEL_METRICS_VALIDATORS, [], ctx) },
        row_limit: {
          value: 200000,
          validationErrors: [validateMaxValue(100000)(200000, ctx) as string],
        },
        rolling_periods: { value: '2.5', validationErrors: ['is expected to be an integer'] },
      },
      // Periods only show with a rolling function.
      { ...FORM_DATA, rolling_type: 'mean' },
    );
    expect(screen.getByTestId('control-errors-metrics').textContent).toBe('cannot be empty');
    expect(screen.getByTestId('control-errors-row_limit').textContent).toBe(
      'Value cannot exceed 100000',
    );
    expect(screen.getByTestId('control-errors-rolling_periods').textContent).toBe(
      'is expected to be an integer',
    );
    expect(screen.getByTestId('section-errors-query')).toBeTruthy();
    expect(screen.getByTestId('tab-errors-data')).toBeTruthy();
    expect(screen.queryByTestId('tab-errors-customize')).toBeNull();
  });

  it('sends changes up with the control name', async () => {
    const onChange = renderPanel({ show_legend: { value: true } });
    fireEvent.click(screen.getByTestId('control-panel-tab-customize'));
    const legend = await screen.findByTestId('control-show_legend', {}, SLOW);
    fireEvent.click(within(legend).getByRole('checkbox'));
    expect(onChange).toHaveBeenCalledWith('show_legend', false);
  });

  it('draws a registered chart type by its viz key', () => {
    render(
      <ControlPanel
        vizType="table"
        formData={FORM_DATA}
        datasource={DATASOURCE}
        controls={{}}
        onChange={() => {}}
      />,
    );
    expect(screen.getByTestId('control-panel')).toBeTruthy();
    expect(screen.getByTestId('control-adhoc_filters')).toBeTruthy();
  });

  it('says so for an unknown chart type', () => {
    render(
      <ControlPanel
        vizType="nope"
        formData={FORM_DATA}
        datasource={DATASOURCE}
        controls={{}}
        onChange={() => {}}
      />,
    );
    expect(screen.getByTestId('control-panel-error').textContent).toContain(
      'No control panel for chart type nope',
    );
  });
});

const PANEL_METRICS_VALIDATORS =
  expandControlPanel(PANEL)[0]?.controlSetRows[0]?.[0]?.config.validators;
