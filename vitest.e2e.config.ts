import { defineConfig } from 'vitest/config';

// End-to-end tests in the system Chromium against a real server with fresh data. A test
// that fails is run once more (a click that lands while two busy cores are still drawing the
// page); one that passes only then is named in the summary as unstable, to be mended, not
// hidden (scripts/test.mjs).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    retry: 1,
  },
});
