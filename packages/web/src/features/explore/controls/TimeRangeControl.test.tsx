import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TimeRangeControl } from './TimeRangeControl.tsx';
import { TimeRangeEditor } from './TimeRangeEditor.tsx';
import { DATASOURCE, FORM_DATA, pick, SLOW } from './testing.tsx';

const NOW = new Date('2024-03-15T10:30:00Z');

function renderEditor(value: string) {
  const onApply = vi.fn();
  const onCancel = vi.fn();
  render(<TimeRangeEditor value={value} onApply={onApply} onCancel={onCancel} now={NOW} />);
  return { onApply, onCancel };
}

const resolvedText = () => screen.getByTestId('time-range-resolved').textContent;
const apply = () => fireEvent.click(screen.getByTestId('time-range-apply'));

/** Opens a date picker, clicks a day of its calendar (the open one) and confirms with OK. */
async function pickDay(testId: string, day: string) {
  const input = await screen.findByTestId(testId, {}, SLOW);
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  const calendar = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-picker-dropdown')].filter(
      (dropdown) => !dropdown.classList.contains('ant-picker-dropdown-hidden'),
    );
    expect(open).toHaveLength(1);
    return open[0] as HTMLElement;
  }, SLOW);
  fireEvent.click(within(calendar).getByTitle(day));
  fireEvent.click(within(calendar).getByText('OK').closest('button') as HTMLElement);
}

describe('TimeRangeEditor', { timeout: 60_000 }, () => {
  it('applies a Last range and shows its dates', async () => {
    const { onApply } = renderEditor('No filter');
    fireEvent.click(screen.getByTestId('time-range-tab-last'));
    fireEvent.click(await screen.findByLabelText('Last month', {}, SLOW));
    expect(resolvedText()).toBe('2024-02-15 ≤ col < 2024-03-15');
    apply();
    expect(onApply).toHaveBeenCalledWith('Last month');
  });

  it('applies a previous calendar range', async () => {
    const { onApply } = renderEditor('No filter');
    fireEvent.click(screen.getByTestId('time-range-tab-previous'));
    fireEvent.click(await screen.findByLabelText('previous calendar year', {}, SLOW));
    expect(resolvedText()).toBe('2023-01-01 ≤ col < 2024-01-01');
    apply();
    expect(onApply).toHaveBeenCalledWith('previous calendar year');
  });

  it('writes a date picked in the calendar as the grammar’s date/time', async () => {
    const { onApply } = renderEditor('2024-01-01 : 2024-02-01');
    await pickDay('time-range-end-date', '2024-02-15');
    expect(resolvedText()).toBe('2024-01-01 ≤ col < 2024-02-15');
    apply();
    expect(onApply).toHaveBeenCalledWith('2024-01-01 : 2024-02-15T00:00:00');
  });

  it('counts a relative start back from the end', async () => {
    const { onApply } = renderEditor('2024-01-01 : 2024-02-01');
    await pick('time-range-start-mode', 'Relative Date/Time');
    fireEvent.change(inputOf('time-range-start-amount'), { target: { value: '3' } });
    await pick('time-range-start-unit', 'Weeks before');
    expect(resolvedText()).toBe('2024-01-11 ≤ col < 2024-02-01');
    apply();
    expect(onApply).toHaveBeenCalledWith('DATEADD(DATETIME("2024-02-01"), -3, week) : 2024-02-01');
  });

  it('counts a relative end forward from a start at midnight', async () => {
    const { onApply } = renderEditor('2024-01-01 : 2024-02-01');
    await pick('time-range-start-mode', 'Midnight');
    await pick('time-range-end-mode', 'Relative Date/Time');
    fireEvent.change(inputOf('time-range-end-amount'), { target: { value: '2' } });
    expect(resolvedText()).toBe('2024-03-15 ≤ col < 2024-03-17');
    await pick('time-range-end-unit', 'Hours after');
    expect(resolvedText()).toBe('2024-03-15 ≤ col < 2024-03-15T02:00:00');
    apply();
    expect(onApply).toHaveBeenCalledWith('today : DATEADD(DATETIME("today"), 2, hour)');
  });

  it('takes Now and Midnight as the grammar’s now and today', async () => {
    const { onApply } = renderEditor('2024-01-01 : 2024-02-01');
    await pick('time-range-start-mode', 'Midnight');
    await pick('time-range-end-mode', 'Now');
    expect(resolvedText()).toBe('2024-03-15 ≤ col < 2024-03-15T10:30:00');
    apply();
    expect(onApply).toHaveBeenCalledWith('today : now');
  });

  it('anchors two relative bounds to now or to a picked date', async () => {
    const { onApply } = renderEditor('DATEADD(DATETIME("today"), -7, day) : today');
    expect(screen.queryByTestId('time-range-anchor')).toBeNull();
    await pick('time-range-end-mode', 'Relative Date/Time');
    expect(resolvedText()).toBe('2024-03-08T10:30:00 ≤ col < 2024-03-22T10:30:00');
    fireEvent.click(screen.getByLabelText('Date/Time'));
    await pickDay('time-range-anchor-date', '2024-03-01');
    expect(resolvedText()).toBe('2024-02-23 ≤ col < 2024-03-08');
    apply();
    expect(onApply).toHaveBeenCalledWith(
      'DATEADD(DATETIME("2024-03-01T00:00:00"), -7, day) : DATEADD(DATETIME("2024-03-01T00:00:00"), 7, day)',
    );
  });

  it('starts a switch to a specific date from what the bound resolves to', async () => {
    const { onApply } = renderEditor('DATEADD(DATETIME("today"), -7, day) : today');
    await pick('time-range-start-mode', 'Specific Date/Time');
    expect((screen.getByTestId('time-range-start-date') as HTMLInputElement).value).toBe(
      '2024-03-08 00:00:00',
    );
    apply();
    expect(onApply).toHaveBeenCalledWith('2024-03-08T00:00:00 : today');
  });

  it.each([
    ['2024-01-01 : 2024-02-01', 'time-range-tab-custom'],
    ['DATEADD(DATETIME("today"), -7, day) : today', 'time-range-tab-custom'],
    ['now : DATEADD(DATETIME("now"), 1, year)', 'time-range-tab-custom'],
    [
      'DATEADD(DATETIME("now"), -2, week) : DATEADD(DATETIME("now"), 3, day)',
      'time-range-tab-custom',
    ],
    ["DATEADD(DATETIME('today'), -7, day) : today", 'time-range-tab-advanced'],
    ['Last 3 days', 'time-range-tab-advanced'],
    [' : 2024-01-31', 'time-range-tab-advanced'],
  ])('reopens %s unchanged on its tab', async (value, tab) => {
    const { onApply } = renderEditor(value);
    const active = document.querySelector('.ant-tabs-tab-active [data-testid]');
    expect(active?.getAttribute('data-testid')).toBe(tab);
    apply();
    expect(onApply).toHaveBeenCalledWith(value.trim());
  });

  it('refuses a reversed range with the spec message', async () => {
    const { onApply } = renderEditor('2024-01-01 : 2024-02-01');
    // January's calendar runs on into February: a start after the end.
    await pickDay('time-range-start-date', '2024-02-03');
    expect(screen.getByTestId('time-range-error').textContent).toContain(
      'From date cannot be larger than to date',
    );
    expect(screen.getByTestId('time-range-apply').hasAttribute('disabled')).toBe(true);
    // Advanced opens on the range being edited.
    fireEvent.click(screen.getByTestId('time-range-tab-advanced'));
    const start = (await screen.findByTestId(
      'time-range-advanced-start',
      {},
      SLOW,
    )) as HTMLInputElement;
    expect(start.value).toBe('2024-02-03T00:00:00');
    expect(screen.getByTestId('time-range-error').textContent).toContain(
      'From date cannot be larger than to date',
    );
    fireEvent.change(screen.getByTestId('time-range-advanced-end'), {
      target: { value: '2024-02-29' },
    });
    expect(resolvedText()).toBe('2024-02-03 ≤ col < 2024-02-29');
    apply();
    expect(onApply).toHaveBeenCalledWith('2024-02-03T00:00:00 : 2024-02-29');
  });

  it('No filter and Cancel', () => {
    const { onApply, onCancel } = renderEditor('Last week');
    fireEvent.click(screen.getByTestId('time-range-tab-no-filter'));
    apply();
    expect(onApply).toHaveBeenCalledWith('No filter');
    fireEvent.click(screen.getByTestId('time-range-cancel'));
    expect(onCancel).toHaveBeenCalled();
  });
});

function inputOf(testId: string): HTMLElement {
  const host = screen.getByTestId(testId);
  return host.tagName === 'INPUT' ? host : (host.querySelector('input') as HTMLElement);
}

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
    apply();
    expect(onChange).toHaveBeenCalledWith('Last quarter');
  });
});
