import { defineConfig } from 'vitest/config';

// Unit and API integration tests of every workspace; end-to-end tests have their own config
// (apps/web/vitest.e2e.config.ts) because they need the built app and Chromium.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web/vite.config.ts'],
  },
});
