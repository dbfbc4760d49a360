import { type CourseSummary, homeSchema, type Page, pageOf } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createCourse } from '../testing/course-factory.ts';
import { body, buildTestApp, loginAs, type TestApp, testEngines } from '../testing/test-app.ts';
import { compileEnvelopeWriter } from './response-serializer.ts';

const ok = (data: unknown) => ({ code: 0, message: '', data });

describe('compileEnvelopeWriter', () => {
  const card = z.object({
    id: z.number().int(),
    title: z.string(),
    note: z.string().nullable(),
    extra: z.object({ seats: z.number().int() }).nullable(),
    optional: z.string().optional(),
    tags: z.array(z.string()),
    scores: z.record(z.string(), z.number()),
  });
  const link = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('course'), id: z.number().int() }),
    z.object({ kind: z.literal('topic'), slug: z.string() }),
    z.object({ kind: z.literal('courseList') }),
  ]);
  const schema = z.object({ cards: z.array(card), links: z.array(link) });
  const value = {
    cards: [
      {
        id: 1,
        title: '太极拳 "入门"\n',
        note: null,
        extra: { seats: 3, password_hash: 'scrypt$x' },
        tags: ['养生'],
        scores: { a: 1.5 },
        password_hash: 'scrypt$secret',
      },
      { id: 2, title: 'b', note: 'n', extra: null, optional: 'o', tags: [], scores: {} },
    ],
    links: [
      { kind: 'course', id: 7, slug: 'leak' },
      { kind: 'topic', slug: '2024/jtjy', id: 9 },
      { kind: 'courseList', token: 't' },
    ],
  };

  for (const check of [false, true]) {
    it(`writes what the zod schema parses, dropping unlisted fields (check ${check})`, () => {
      const write = compileEnvelopeWriter(schema, { check });
      const written = write(ok(value));
      expect(JSON.parse(written)).toStrictEqual(ok(schema.parse(value)));
      expect(written).not.toMatch(/password_hash|scrypt|leak|"token"/);
      expect(JSON.parse(written).data.links).toEqual([
        { kind: 'course', id: 7 },
        { kind: 'topic', slug: '2024/jtjy' },
        { kind: 'courseList' },
      ]);
    });
  }

  it('writes a failure envelope as it is, whatever its data', () => {
    const write = compileEnvelopeWriter(schema);
    const failure = { code: 409, message: '名额已满', data: { url: '/bind', any: [1] } };
    expect(write(failure)).toBe(JSON.stringify(failure));
    expect(write({ code: 301, message: '未登录', data: null })).toBe(
      '{"code":301,"message":"未登录","data":null}',
    );
  });

  it('refuses, when checking, an answer outside its schema', () => {
    const write = compileEnvelopeWriter(schema, { check: true });
    expect(() => write(ok({ cards: [{ id: 'one' }], links: [] }))).toThrow(
      'Response does not match its schema',
    );
  });

  it('compiles the contract schema of the home page', () => {
    const write = compileEnvelopeWriter(homeSchema, { check: true });
    const home = {
      banners: [
        { key: 'list', label: '精品课程', title: 't', image: '/i', link: { kind: 'courseList' } },
      ],
      recommended: [],
      openClasses: [],
      sections: [{ kind: 'ebooks', title: '新书上架', items: [] }],
      news: [],
      notices: [],
    };
    expect(JSON.parse(write(ok(home))).data).toEqual(home);
  });
});

// A handler that hands back a database row as it is must not leak the row's other columns.
for (const engine of testEngines()) {
  for (const checkResponses of [false, true]) {
    describe(`stray columns on real routes [${engine}, check ${checkResponses}]`, () => {
      let ctx: TestApp;
      afterEach(async () => {
        vi.restoreAllMocks();
        await ctx?.close();
      });

      it('GET /api/account/me never sends the password hash of the users row', async () => {
        ctx = await buildTestApp(engine, {}, undefined, { checkResponses });
        const { app } = ctx;
        const token = await loginAs(app);
        const row = await app.database.db
          .selectFrom('users')
          .selectAll()
          .where('username', '=', '13800000001')
          .executeTakeFirstOrThrow();
        expect(row.password_hash).toMatch(/\S/);
        vi.spyOn(app.accounts, 'profile').mockResolvedValue({
          ...row,
          phone: '138****0001',
          createdAt: new Date(row.created_at).toISOString(),
        });
        const response = await app.inject({
          url: '/api/account/me',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(200);
        expect(body(response).data).toEqual({
          id: row.id,
          username: '13800000001',
          nickname: row.nickname,
          avatar: row.avatar,
          phone: '138****0001',
          createdAt: new Date(row.created_at).toISOString(),
        });
        expect(response.body).not.toContain('password_hash');
        expect(response.body).not.toContain(row.password_hash);
      });

      it('GET /api/courses never sends a column its card does not list', async () => {
        ctx = await buildTestApp(engine, {}, undefined, { checkResponses });
        const { app } = ctx;
        await createCourse(app.database.db, { site_key: 'jingan', title: '列外字段课程' });
        const real = app.courses.list.bind(app.courses);
        vi.spyOn(app.courses, 'list').mockImplementation(async (siteKey, query) => {
          const page: Page<CourseSummary> = await real(siteKey, query);
          return {
            ...page,
            list: page.list.map((card) => ({
              ...card,
              password_hash: 'scrypt$leak',
              site_key: 'x',
            })),
            secret: 'leak',
          };
        });
        const response = await app.inject({ url: '/api/courses?page=1&size=5' });
        expect(response.statusCode).toBe(200);
        const data = body<Page<CourseSummary>>(response).data;
        expect(data.list.length).toBeGreaterThan(0);
        expect(response.body).not.toMatch(/password_hash|scrypt|leak|site_key/);
        expect(Object.keys(data).sort()).toEqual(['list', 'page', 'size', 'total']);
        expect(pageOf(z.object({})).safeParse(data).success).toBe(true);
      });
    });
  }
}
