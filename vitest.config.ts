import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit, contract, server and component tests. Browser tests: vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker per core but one: a single worker on a 2-core machine,
    // which left a core idle while each file imported the server or waited on the database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
