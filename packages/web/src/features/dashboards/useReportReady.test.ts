import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDrawScheduler } from './charts/drawScheduler.ts';
import { READY_CHECKS, READY_POLL_MS, useReportReady } from './useReportReady.ts';

afterEach(() => vi.useRealTimers());

/** A page with one chart holder in `status`. */
function page(status: string) {
  const element = document.createElement('div');
  const holder = document.createElement('div');
  holder.setAttribute('data-testid', 'dashboard-chart');
  holder.setAttribute('data-status', status);
  element.append(holder);
  return { element, holder };
}

describe('report mode (standalone=3)', () => {
  it('has every chart drawn and says so once all of them have', () => {
    vi.useFakeTimers();
    const scheduler = createDrawScheduler();
    const { element, holder } = page('loading');
    const { result } = renderHook(() => useReportReady(true, { current: element }, scheduler));
    // Charts nobody scrolled to draw too: the screenshot shows the whole dashboard.
    expect(scheduler.everyChart).toBe(true);
    act(() => vi.advanceTimersByTime(READY_POLL_MS * (READY_CHECKS + 2)));
    expect(result.current).toBe(false);
    holder.setAttribute('data-status', 'rendered');
    act(() => vi.advanceTimersByTime(READY_POLL_MS * READY_CHECKS));
    expect(result.current).toBe(true);
  });

  it('counts a failed chart as settled, so a broken chart never hangs a report', () => {
    vi.useFakeTimers();
    const { element } = page('failed');
    const { result } = renderHook(() =>
      useReportReady(true, { current: element }, createDrawScheduler()),
    );
    act(() => vi.advanceTimersByTime(READY_POLL_MS * READY_CHECKS));
    expect(result.current).toBe(true);
  });

  it('does nothing outside report mode', () => {
    vi.useFakeTimers();
    const scheduler = createDrawScheduler();
    const { element } = page('rendered');
    const { result } = renderHook(() => useReportReady(false, { current: element }, scheduler));
    act(() => vi.advanceTimersByTime(READY_POLL_MS * 10));
    expect(result.current).toBe(false);
    expect(scheduler.everyChart).toBe(false);
  });
});
