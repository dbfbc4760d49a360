import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API integration tests of every workspace; end-to-end tests have their own config
// (apps/web/vitest.e2e.config.ts) because they need the built app and Chromium.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the API suites wait on the databases
    // often enough that two keep both cores busy (TEST_WORKERS overrides).
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web/vite.config.ts',
      'apps/admin/vite.config.ts',
    ],
  },
});
