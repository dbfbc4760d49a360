import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../src/testing/test-app.ts';
import { NOT_YET_BENCHED } from './not-yet-benched.ts';
import { TARGETS } from './targets.ts';
import { WRITE_TARGETS } from './write-targets.ts';

// Issue 27: every operation a learner (or a visitor) calls has a bench target, as every one is
// fuzzed. An operation of the OpenAPI description is benched when a target of the closed loop
// (`targets.ts`) or of the open loop (`open-targets.ts`) sends it a request, or a write target
// (`write-targets*.ts`, both loops) names it among its operations (the closed loop fails a
// target that sends an operation it does not name). The ones without a target yet are named in
// `not-yet-benched.ts`; that list only shrinks: a new operation must come with its target, and
// a target added for a listed one takes it off.

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** `GET /api/x` of a request to `/api/x?y=1`. */
const operationOf = (method: string, target: string) => `${method} ${target.split('?')[0]}`;

/**
 * The operations the targets call: the closed loop's from its targets, the write targets' as
 * they name them, the open loop's from the requests written in `open-targets.ts`
 * (`path: '/api/x'` or `` `/api/x?y=${z}` ``, either side of a `?:`, POST when the request names
 * it just before).
 */
function benchedOperations(): Set<string> {
  const benched = new Set([
    ...TARGETS.map((target) => operationOf(target.method ?? 'GET', target.path)),
    ...WRITE_TARGETS.flatMap((target) => target.operations),
  ]);
  const lines = fs.readFileSync(path.join(benchDir, 'open-targets.ts'), 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (!line.includes('path:')) return;
    const method = /method: 'POST'/.test(lines.slice(Math.max(0, index - 2), index + 1).join('\n'))
      ? 'POST'
      : 'GET';
    for (const match of line.matchAll(/['`](\/(?:api|sso|media|files)\/[^'`?$\s]*)/g)) {
      benched.add(operationOf(method, match[1] as string));
    }
  });
  return benched;
}

describe('bench coverage', () => {
  let test: TestApp;
  let operations: string[];

  beforeAll(async () => {
    test = await buildTestApp('sqlite', { seedDemo: false });
    const document = test.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    // The console's operations (`/api/admin`) are not a learner's: the bench covers the rest.
    operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      route.startsWith('/api/admin/')
        ? []
        : Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it('has a target for every operation but those listed as not yet benched', () => {
    const benched = benchedOperations();
    const missing = operations.filter(
      (operation) => !benched.has(operation) && !NOT_YET_BENCHED.includes(operation),
    );
    expect(
      missing,
      'operations without a bench target (add one to targets.ts or write-targets.ts)',
    ).toEqual([]);
  });

  it('has write targets that name only operations that exist', () => {
    const unknown = WRITE_TARGETS.flatMap((target) =>
      target.operations.filter((operation) => !operations.includes(operation)),
    );
    expect(unknown, 'operations named by write-targets*.ts').toEqual([]);
  });

  it('lists only operations that exist and have no target yet', () => {
    const benched = benchedOperations();
    const stale = NOT_YET_BENCHED.filter(
      (operation) => !operations.includes(operation) || benched.has(operation),
    );
    expect(stale, 'take these off not-yet-benched.ts').toEqual([]);
  });
});
