import { expect, it } from 'vitest';
import { body, describeEachEngine } from '../testing/test-app.ts';

interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown[]; deprecated?: boolean }>>;
}

describeEachEngine('the login rule', (ctx) => {
  /** Every operation the OpenAPI document marks as needing a bearer token. */
  async function loginOperations() {
    const docs = (await ctx().app.inject({ url: '/api/docs' })).json<OpenApi>();
    return Object.entries(docs.paths).flatMap(([url, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security?.length)
        .map(([method, operation]) => ({
          method: method.toUpperCase() as 'GET' | 'POST',
          url,
          deprecated: operation.deprecated === true,
        })),
    );
  }

  it('marks the routes that need a learner, and only those, in the OpenAPI document', async () => {
    const marked = (await loginOperations()).map(({ method, url }) => `${method} ${url}`);
    expect(marked).toEqual(
      expect.arrayContaining([
        'POST /api/classes/signup',
        'GET /api/classes/mine',
        'POST /api/activities/apply-with-files',
        'GET /api/study/lesson',
        'POST /api/study/ebook-progress',
        'POST /api/ebooks/progress',
        'POST /api/favourites',
        'GET /api/account/me',
        'GET /api/home/me',
      ]),
    );
    for (const open of ['GET /api/courses', 'GET /api/home', 'GET /api/classes/detail']) {
      expect(marked).not.toContain(open);
    }
  });

  it('answers 301 to a visitor on every such route before looking at the input', async () => {
    const operations = await loginOperations();
    expect(operations.length).toBeGreaterThan(20);
    for (const { method, url } of operations) {
      const response = await ctx().app.inject({
        method,
        url: `${url}?id=not-a-number&page=-1`,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: '{"this is": not json' } : {}),
      });
      expect({ route: `${method} ${url}`, ...body(response) }).toMatchObject({
        route: `${method} ${url}`,
        code: 301,
        data: null,
      });
    }
  });

  it('answers 301 to an unknown or malformed token the same way', async () => {
    for (const authorization of ['Bearer nosuchtokenxxxxxxxxxxxxxxxxxxxxxxx', 'Basic abc']) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/classes/signup',
        headers: { authorization, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(body(response).code).toBe(301);
    }
  });
});
