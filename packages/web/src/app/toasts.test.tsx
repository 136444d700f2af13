import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemedProviders } from './App.tsx';
import { createAppStore } from './store.ts';
import { type Toasts, useToasts } from './useToasts.ts';

let toasts: Toasts;
function Capture() {
  toasts = useToasts();
  return null;
}

function mountToasts() {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <ThemedProviders>
        <Capture />
      </ThemedProviders>
    </Provider>,
  );
  return store;
}

const shown = () =>
  screen.queryAllByTestId('toast').map((el) => [el.dataset.toastType, el.textContent]);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['info', 4000],
    ['success', 4000],
    ['warning', 6000],
    ['danger', 8000],
  ] as const)('a %s toast stays %i ms', (type, duration) => {
    mountToasts();
    act(() => toasts.addToast(type, `A ${type} message`));
    expect(shown()).toEqual([[type, `A ${type} message`]]);
    act(() => vi.advanceTimersByTime(duration - 1));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveLength(0);
  });

  it('offers one helper per type', () => {
    mountToasts();
    act(() => {
      toasts.addInfoToast('i');
      toasts.addSuccessToast('s');
      toasts.addWarningToast('w');
      toasts.addDangerToast('d');
    });
    expect(shown()).toEqual([
      ['info', 'i'],
      ['success', 's'],
      ['warning', 'w'],
      ['danger', 'd'],
    ]);
  });

  it('skips a noDuplicate toast whose text is already showing', () => {
    const store = mountToasts();
    act(() => {
      toasts.addDangerToast('Network error', { noDuplicate: true });
      toasts.addDangerToast('Network error', { noDuplicate: true });
    });
    expect(shown()).toHaveLength(1);
    expect(store.getState().toasts).toHaveLength(1);
  });

  it('shows the same text twice when noDuplicate is not asked for', () => {
    mountToasts();
    act(() => {
      toasts.addInfoToast('Query was stopped.');
      toasts.addInfoToast('Query was stopped.');
    });
    expect(shown()).toHaveLength(2);
  });

  it('allows the text again once the first toast has gone', () => {
    mountToasts();
    act(() => toasts.addSuccessToast('Your query was saved', { noDuplicate: true }));
    act(() => vi.advanceTimersByTime(4000));
    act(() => toasts.addSuccessToast('Your query was saved', { noDuplicate: true }));
    expect(shown()).toHaveLength(1);
  });

  it('honours a custom duration and closes on demand', () => {
    mountToasts();
    act(() => toasts.addWarningToast('Short', { duration: 1000 }));
    act(() => toasts.addWarningToast('Closed by hand'));
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual([['warning', 'Closed by hand']]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(shown()).toHaveLength(0);
  });
});
