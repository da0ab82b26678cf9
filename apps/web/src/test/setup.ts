import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The machine is shared: give lazy routes and debounced searches time to settle.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // fakeServer() and other stubbed globals (fetch, matchMedia, navigator) last one test.
  vi.unstubAllGlobals();
});
