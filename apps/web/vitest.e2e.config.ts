import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    // The portal's end-to-end tests and the operators' console's (apps/admin/e2e), one run.
    dir: fileURLToPath(new URL('..', import.meta.url)),
    include: ['web/e2e/**/*.e2e.test.ts', 'admin/e2e/**/*.e2e.test.ts'],
    // A guard against a hang, not a stopwatch: a console walkthrough (two or three signed-in
    // operators, a phone, axe scans) ran past a minute on a loaded 2-core CI machine.
    testTimeout: 180_000,
    hookTimeout: 90_000,
    // expect.poll waits for what a page shows after a tap or a load: on a loaded 2-core CI
    // machine that takes more than Vitest's default second (a wait, not a timed assertion).
    expect: { poll: { timeout: 10_000 } },
    // Each file starts its own portal (own DATA_DIR and port) and Chromium, so files run side by
    // side; two at a time keeps a 2-core machine busy while pages wait on the network.
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
    // Seeds the demo once; each portal copies it (e2e/harness.ts, startPortal).
    globalSetup: ['e2e/seeded-data.ts'],
  },
});
