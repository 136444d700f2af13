import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render.tsx';
import { EditorToolbar, type EditorToolbarProps } from './EditorToolbar.tsx';
import { templateParamsError } from './TemplateParamsModal.tsx';

function setup(overrides: Partial<EditorToolbarProps> = {}) {
  const props: EditorToolbarProps = {
    canRun: true,
    canEstimate: true,
    running: false,
    hasSelection: false,
    queryLimit: 10000,
    maxRow: 100000,
    remoteId: null,
    hasTemplateParams: false,
    formatting: false,
    onRun: vi.fn(),
    onStop: vi.fn(),
    onLimitChange: vi.fn(),
    onFormat: vi.fn(),
    onEstimate: vi.fn(),
    onTemplateParams: vi.fn(),
    onSave: vi.fn(),
    onShare: vi.fn(),
    ...overrides,
  };
  renderWithApp(<EditorToolbar {...props} />);
  return props;
}

describe('EditorToolbar', () => {
  it('offers Schedule only for a saved query that may be scheduled', async () => {
    setup();
    expect(screen.queryByTestId('sqllab-schedule')).toBeNull();
  });

  it('schedules a saved query', async () => {
    const onSchedule = vi.fn();
    setup({ remoteId: 3, onSchedule });
    await userEvent.click(screen.getByTestId('sqllab-schedule'));
    expect(onSchedule).toHaveBeenCalledTimes(1);
  });

  it('runs, formats, estimates, saves and shares', async () => {
    const props = setup();
    await userEvent.click(screen.getByTestId('sqllab-run'));
    await userEvent.click(screen.getByTestId('sqllab-format'));
    await userEvent.click(screen.getByTestId('sqllab-estimate'));
    await userEvent.click(screen.getByTestId('sqllab-template-params'));
    await userEvent.click(screen.getByTestId('sqllab-save'));
    await userEvent.click(screen.getByTestId('sqllab-copy-link'));
    for (const handler of [
      props.onRun,
      props.onFormat,
      props.onEstimate,
      props.onTemplateParams,
      props.onSave,
      props.onShare,
    ]) {
      expect(handler).toHaveBeenCalledTimes(1);
    }
  });

  it('offers Estimate only where the database allows_cost_estimate', () => {
    setup({ canEstimate: false });
    expect(screen.queryByTestId('sqllab-estimate')).toBeNull();
    expect(screen.getByTestId('sqllab-format')).toBeTruthy();
  });

  it('lists the keyboard shortcuts', async () => {
    setup();
    await userEvent.click(screen.getByTestId('sqllab-shortcuts'));
    const list = await screen.findByTestId('sqllab-shortcuts-list');
    expect(list.textContent).toContain('Ctrl+EnterRun the query');
    expect(list.textContent).toContain('Ctrl+]Next tab');
  });

  it('says "Run selection" when text is selected', () => {
    setup({ hasSelection: true });
    expect(screen.getByTestId('sqllab-run').textContent).toContain('Run selection');
  });

  it('shows Stop instead of Run while the query runs', async () => {
    const props = setup({ running: true });
    expect(screen.queryByTestId('sqllab-run')).toBeNull();
    await userEvent.click(screen.getByTestId('sqllab-stop'));
    expect(props.onStop).toHaveBeenCalled();
  });

  it('cannot run without a database', () => {
    setup({ canRun: false });
    expect((screen.getByTestId('sqllab-run') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the spec limit options and SQL_MAX_ROW itself last', async () => {
    setup({ maxRow: 1_000_000, queryLimit: 1000 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Row limit' }));
    const labels = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(labels).toEqual([
      '10',
      '50',
      '100',
      '250',
      '500',
      '1,000',
      '5,000',
      '10,000',
      '50,000',
      '1,000,000',
    ]);
  });

  it('offers the spec limit options capped by SQL_MAX_ROW', async () => {
    const props = setup({ maxRow: 5000, queryLimit: 1000 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Row limit' }));
    const labels = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(labels).toEqual(['10', '50', '100', '250', '500', '1,000', '5,000']);
    await userEvent.click(screen.getByRole('option', { name: '5,000' }));
    expect(props.onLimitChange).toHaveBeenCalledWith(5000);
  });
});

describe('template parameters', () => {
  it('accepts empty text (meaning {}) and JSON objects', () => {
    expect(templateParamsError('')).toBeNull();
    expect(templateParamsError('  ')).toBeNull();
    expect(templateParamsError('{"country": "France"}')).toBeNull();
  });

  it('refuses text that is not a JSON object', () => {
    expect(templateParamsError('{country: France}')).toMatch(/^Invalid JSON/);
    expect(templateParamsError('[1, 2]')).toMatch(/must be a JSON object/);
  });
});
