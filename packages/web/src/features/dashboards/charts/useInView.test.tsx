import { act, render, screen } from '@testing-library/react';
import { useContext, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPageContext } from '../pageContext.ts';
import { createDrawScheduler, type DrawScheduler } from './drawScheduler.ts';
import { useInView } from './useInView.ts';

/** An observer that never reports the element: it stays below the fold. */
class OffScreenObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function Holder() {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  return (
    <div ref={ref} data-testid="holder">
      {inView ? 'in view' : 'waiting'}
    </div>
  );
}

function WithScheduler({ scheduler }: { scheduler: DrawScheduler }) {
  const page = useContext(DashboardPageContext);
  return (
    <DashboardPageContext.Provider value={{ ...page, drawScheduler: scheduler }}>
      <Holder />
    </DashboardPageContext.Provider>
  );
}

const renderHolder = (scheduler: DrawScheduler) => render(<WithScheduler scheduler={scheduler} />);

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', OffScreenObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('charts below the fold', () => {
  it('wait for the scroll while the page is only viewed', () => {
    renderHolder(createDrawScheduler({ nextSlice: () => {} }));
    expect(screen.getByTestId('holder').textContent).toBe('waiting');
  });

  it('count as in view while an export asks for every chart, and stay so after it', () => {
    const scheduler = createDrawScheduler({ nextSlice: () => {} });
    renderHolder(scheduler);
    let release = () => {};
    act(() => {
      release = scheduler.drawEveryChart();
    });
    expect(screen.getByTestId('holder').textContent).toBe('in view');
    act(() => release());
    expect(screen.getByTestId('holder').textContent).toBe('in view');
  });

  it('mounted after the export ended wait for the scroll again', () => {
    const scheduler = createDrawScheduler({ nextSlice: () => {} });
    act(() => scheduler.drawEveryChart()());
    renderHolder(scheduler);
    expect(screen.getByTestId('holder').textContent).toBe('waiting');
  });
});
