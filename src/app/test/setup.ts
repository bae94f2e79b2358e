// Setup of the "app" vitest project (jsdom). jest-dom is not installed: plain assertions.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissAllToasts } from '../components/toast-store';

afterEach(() => {
  cleanup();
  dismissAllToasts();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
