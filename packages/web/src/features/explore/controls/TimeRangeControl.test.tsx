import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TimeRangeControl } from './TimeRangeControl.tsx';
import { TimeRangeEditor } from './TimeRangeEditor.tsx';
import { DATASOURCE, FORM_DATA, SLOW } from './testing.tsx';
import { customRange, guessFrame, parseCustomSide, resolveTimeRange } from './timeRange.ts';

const NOW = new Date('2024-03-15T10:30:00Z');

function renderEditor(value: string) {
  const onApply = vi.fn();
  const onCancel = vi.fn();
  render(<TimeRangeEditor value={value} onApply={onApply} onCancel={onCancel} now={NOW} />);
  return { onApply, onCancel };
}

describe('time range helpers', () => {
  it('reopen a range on its tab', () => {
    expect(guessFrame('No filter')).toBe('No filter');
    expect(guessFrame('Last week')).toBe('Last');
    expect(guessFrame('previous calendar month')).toBe('Previous');
    expect(guessFrame('2024-01-01 : 2024-02-01')).toBe('Custom');
    expect(guessFrame('DATEADD(DATETIME("today"), -7, day) : now')).toBe('Custom');
    expect(guessFrame('Last 3 days ago : now')).toBe('Advanced');
  });

  it('write custom sides in the grammar', () => {
    expect(
      customRange(
        { mode: 'relative', amount: 7, unit: 'day', direction: 'before', anchor: 'today' },
        { mode: 'specific', value: '2024-02-01T10:00' },
      ),
    ).toBe('DATEADD(DATETIME("today"), -7, day) : 2024-02-01T10:00:00');
    expect(parseCustomSide('DATEADD(DATETIME("now"), 2, week)')).toEqual({
      mode: 'relative',
      amount: 2,
      unit: 'week',
      direction: 'after',
      anchor: 'now',
    });
  });

  it('resolve with the shared grammar', () => {
    expect(resolveTimeRange('2024-01-01 : 2024-02-01', NOW)).toEqual({
      ok: true,
      text: '2024-01-01 ≤ col < 2024-02-01',
    });
    expect(resolveTimeRange('No filter', NOW)).toEqual({ ok: true, text: '-∞ ≤ col < ∞' });
    expect(resolveTimeRange('Last week', NOW)).toEqual({
      ok: true,
      text: '2024-03-08 ≤ col < 2024-03-15',
    });
    expect(resolveTimeRange('2024-02-01 : 2024-01-01', NOW)).toEqual({
      ok: false,
      error: 'From date cannot be larger than to date',
    });
  });
});

describe('TimeRangeEditor', { timeout: 60_000 }, () => {
  it('applies a Last range and shows its dates', async () => {
    const { onApply } = renderEditor('No filter');
    fireEvent.click(screen.getByTestId('time-range-tab-last'));
    fireEvent.click(await screen.findByLabelText('Last month', {}, SLOW));
    expect(screen.getByTestId('time-range-resolved').textContent).toBe(
      '2024-02-15 ≤ col < 2024-03-15',
    );
    fireEvent.click(screen.getByTestId('time-range-apply'));
    expect(onApply).toHaveBeenCalledWith('Last month');
  });

  it('applies a previous calendar range', async () => {
    const { onApply } = renderEditor('No filter');
    fireEvent.click(screen.getByTestId('time-range-tab-previous'));
    fireEvent.click(await screen.findByLabelText('previous calendar year', {}, SLOW));
    expect(screen.getByTestId('time-range-resolved').textContent).toBe(
      '2023-01-01 ≤ col < 2024-01-01',
    );
    fireEvent.click(screen.getByTestId('time-range-apply'));
    expect(onApply).toHaveBeenCalledWith('previous calendar year');
  });

  it('refuses a reversed Advanced range with the spec message', async () => {
    const { onApply } = renderEditor('2024-02-01 : 2024-01-01');
    expect(screen.getByTestId('time-range-error').textContent).toContain(
      'From date cannot be larger than to date',
    );
    expect(screen.getByTestId('time-range-apply').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('time-range-tab-advanced'));
    fireEvent.change(await screen.findByTestId('time-range-advanced', {}, SLOW), {
      target: { value: '2024-01-01 : 2024-01-31' },
    });
    expect(screen.getByTestId('time-range-resolved').textContent).toBe(
      '2024-01-01 ≤ col < 2024-01-31',
    );
    fireEvent.click(screen.getByTestId('time-range-apply'));
    expect(onApply).toHaveBeenCalledWith('2024-01-01 : 2024-01-31');
  });

  it('edits a Custom range with specific dates', async () => {
    const { onApply } = renderEditor('2024-01-01 : 2024-02-01');
    fireEvent.change(await screen.findByTestId('time-range-end-date', {}, SLOW), {
      target: { value: '2024-03-01' },
    });
    expect(screen.getByTestId('time-range-resolved').textContent).toBe(
      '2024-01-01 ≤ col < 2024-03-01',
    );
    fireEvent.click(screen.getByTestId('time-range-apply'));
    expect(onApply).toHaveBeenCalledWith('2024-01-01 : 2024-03-01');
  });

  it('No filter and Cancel', () => {
    const { onApply, onCancel } = renderEditor('Last week');
    fireEvent.click(screen.getByTestId('time-range-tab-no-filter'));
    fireEvent.click(screen.getByTestId('time-range-apply'));
    expect(onApply).toHaveBeenCalledWith('No filter');
    fireEvent.click(screen.getByTestId('time-range-cancel'));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('TimeRangeControl', { timeout: 60_000 }, () => {
  it('opens the picker from its button and sends the applied range', async () => {
    const onChange = vi.fn();
    render(
      <TimeRangeControl
        name="time_range"
        config={{ type: 'TimeRangeControl', label: 'Time Range', default: 'No filter' }}
        value="No filter"
        onChange={onChange}
        datasource={DATASOURCE}
        formData={FORM_DATA}
      />,
    );
    fireEvent.click(screen.getByTestId('time-range-trigger-time_range'));
    fireEvent.click(await screen.findByTestId('time-range-tab-last', {}, SLOW));
    fireEvent.click(await screen.findByLabelText('Last quarter', {}, SLOW));
    fireEvent.click(screen.getByTestId('time-range-apply'));
    expect(onChange).toHaveBeenCalledWith('Last quarter');
  });
});
