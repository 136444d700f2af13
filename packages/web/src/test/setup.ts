import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { api } from '../app/api.ts';

// jsdom lacks the layout APIs antd asks about; answer them the way a desktop browser would.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    value: NoopResizeObserver,
  });
}

afterEach(() => {
  cleanup();
  // The app's client goes back to the global fetch (which a test may stub) with no token, as a
  // fresh page would have it: a test that configured its own fetch never leaks it to the next.
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
  api.resetCsrfToken();
});
