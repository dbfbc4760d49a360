import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // Seeds the demo once; each portal copies it (e2e/harness.ts, startPortal).
    globalSetup: ['e2e/seeded-data.ts'],
  },
});
