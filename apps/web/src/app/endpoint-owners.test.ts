import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

/** The API's first path segments: a string literal starting with one of them names an endpoint. */
const API_AREAS =
  'account|achievements|activities|articles|certificates|classes|courses|delivery|ebooks|favourites|history|home|live|medals|messages|points|search|sites|statistics|study|teams|topics';
const ENDPOINT = new RegExp(`['\`](/(?:${API_AREAS})(?:/[a-z-]+)*)['\`?]`, 'g');

/** An import of the request layer, of a query helper that calls it, or of the outbox. */
const REQUEST_IMPORT =
  /from '(?:@\/platform\/|\.\.?\/)(?:request|outbox\/outbox-lazy|(?:queries\/)?(?:paged|detail))\.ts'/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Who fetches what: endpoint -> the features (or `platform`) whose code names it. */
function endpointUsers(): Map<string, Set<string>> {
  const users = new Map<string, Set<string>>();
  const owners = [
    ...fs.readdirSync(path.join(src, 'features')).map((name) => `features/${name}`),
    'platform',
  ];
  for (const owner of owners) {
    for (const file of sourceFiles(path.join(src, owner))) {
      const text = fs.readFileSync(file, 'utf8');
      // Only calls of the request layer (or of its query helpers, platform/queries/paged.ts and
      // detail.ts) name endpoints; paths of pages come from paths.ts.
      if (!REQUEST_IMPORT.test(text)) continue;
      for (const match of text.matchAll(ENDPOINT)) {
        const endpoint = match[1] as string;
        users.set(endpoint, (users.get(endpoint) ?? new Set()).add(owner));
      }
    }
  }
  return users;
}

describe('endpoint owners', () => {
  it('finds the endpoints the app fetches', () => {
    const users = endpointUsers();
    expect([...users.keys()]).toEqual(
      expect.arrayContaining([
        '/classes/mine',
        '/classes/detail',
        '/courses',
        '/account/me',
        '/study/progress',
      ]),
    );
  });

  it('lets one feature (or platform) fetch each endpoint: shared queries live in platform/queries', () => {
    const shared = [...endpointUsers()]
      .filter(([, owners]) => owners.size > 1)
      .map(([endpoint, owners]) => `${endpoint}: ${[...owners].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });
});
