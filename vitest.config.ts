import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit, contract, server and component tests. Browser tests: vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/app/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/app/test/setup.ts'],
          // Above the queries' own wait (setup.ts): a screen test on a loaded machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
