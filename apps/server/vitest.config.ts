import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'reliability/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The pinned AWS SDK runs on Node 20; its notice that later ones will not is for operators.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Seeds the demo once per run and engine; each test app copies it (src/testing/test-app.ts).
    globalSetup: ['src/testing/seeded-template.ts'],
  },
});
