import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../src/testing/test-app.ts';
import { NOT_YET_BENCHED } from './not-yet-benched.ts';

// Issue 27: every operation a learner (or a visitor) calls has a bench target, as every one is
// fuzzed. An operation of the OpenAPI description is benched when a target of the closed loop
// (`targets.ts`) or of the open loop (`open-targets.ts`) sends a request to its path. The ones
// without a target yet are named in `not-yet-benched.ts`; that list only shrinks: a new
// operation must come with its target, and a target added for a listed one takes it off.

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** The paths the targets send to, from the text of their files (`/api/x?y=${z}` gives `/api/x`). */
function benchedPaths(): Set<string> {
  const paths = new Set<string>();
  for (const file of ['targets.ts', 'open-targets.ts']) {
    const text = fs.readFileSync(path.join(benchDir, file), 'utf8');
    for (const match of text.matchAll(/['`](\/(?:api|sso|media|files)\/[^'`?$\s]*)/g)) {
      paths.add(match[1] as string);
    }
  }
  return paths;
}

describe('bench coverage', () => {
  let test: TestApp;
  let operations: string[];

  beforeAll(async () => {
    test = await buildTestApp('sqlite', { seedDemo: false });
    const document = test.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it('has a target for every operation but those listed as not yet benched', () => {
    const benched = benchedPaths();
    const missing = operations.filter(
      (operation) =>
        !benched.has(operation.split(' ')[1] as string) && !NOT_YET_BENCHED.includes(operation),
    );
    expect(missing, 'operations without a bench target (add one to targets.ts)').toEqual([]);
  });

  it('lists only operations that exist and have no target yet', () => {
    const benched = benchedPaths();
    const stale = NOT_YET_BENCHED.filter(
      (operation) =>
        !operations.includes(operation) || benched.has(operation.split(' ')[1] as string),
    );
    expect(stale, 'take these off not-yet-benched.ts').toEqual([]);
  });
});
