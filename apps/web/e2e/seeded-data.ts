import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose SQLite database holds the demo seed, for each portal to copy. */
    seededDataDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Vitest global setup of the end-to-end suite: seeds the demo once (`npm run seed`, the real
 * command) so that each portal the tests start copies the database instead of seeding its own.
 */
export default function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-seeded-'));
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/src/seed/cli.ts'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error(`seeding the demo failed (${result.status})`);
  project.provide('seededDataDir', dataDir);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
