import type { CourseCategory, CourseDetail, CourseSummary, Page } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { LocalFileStore } from '../../platform/file-store.ts';
import { writeCategoryCovers } from '../../seed/covers.ts';
import { SeedFiles } from '../../seed/files.ts';
import { seedDemo } from '../../seed/seed.ts';
import {
  createCategory,
  createCourse,
  createSites,
  createTeacher,
} from '../../testing/course-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const HOUR = 3_600_000;
const BASE = Date.parse('2026-10-01T08:00:00.000Z');

interface Made {
  id: number;
  publishedAt: number;
  learners: number;
  categoryId: number;
}

interface Fixture {
  categories: { phone: number; health: number; empty: number; xuhui: number };
  /** Published courses of `jingan`. */
  jingan: Made[];
  xuhui: Made[];
  /** The course with two chapters of lessons and tags. */
  rich: number;
  unpublished: number;
  withdrawn: number;
}

const newest = (a: Made, b: Made) => b.publishedAt - a.publishedAt || b.id - a.id;
const popular = (a: Made, b: Made) => b.learners - a.learners || b.id - a.id;
const ids = (made: Made[]) => made.map((course) => course.id);

/**
 * A small catalogue: 25 published courses of `jingan` over two categories (one tie in
 * publish time and one in learners, to check the id tie-break), an empty category, an
 * unpublished and a withdrawn course, and 3 courses of `xuhui`.
 */
async function buildFixture(app: FastifyInstance): Promise<Fixture> {
  const db = app.database.db;
  await createSites(db);
  app.sites.invalidate();
  const categories = {
    phone: await createCategory(db, { name: '智能生活', sort: 1 }),
    health: await createCategory(db, { name: '健康养生', sort: 2 }),
    empty: await createCategory(db, { name: '书画艺术', sort: 3 }),
    xuhui: await createCategory(db, { siteKey: 'xuhui', name: '摄影摄像', sort: 1 }),
  };
  const teacher = await createTeacher(db, {
    name: '陈丽华',
    title: '信息技术讲师 · 静安区社区学院',
    bio: '陈丽华老师长期在社区学校教授智能手机课程。',
  });
  const xuhuiTeacher = await createTeacher(db, { siteKey: 'xuhui', name: '周海峰' });

  const jingan: Made[] = [];
  let rich = 0;
  for (let i = 0; i < 25; i += 1) {
    const publishedAt = BASE - (i === 6 ? 5 : i) * HOUR;
    const learners = i === 24 ? 96 : (i * 37) % 100;
    const categoryId = i % 3 === 0 ? categories.health : categories.phone;
    const course = await createCourse(db, {
      title: i === 0 ? '智能手机入门：微信视频通话' : `课程${i + 1}`,
      category_id: categoryId,
      teacher_id: teacher,
      published_at: publishedAt,
      created_at: publishedAt - HOUR,
      learner_count: learners,
      view_count: learners * 3,
      ...(i === 0
        ? {
            introduction: '<p>从零学会<strong>视频通话</strong></p>',
            tags: ['零基础', '微信', '智能手机'],
            chapters: [
              {
                title: '第一章 认识手机',
                lessons: [
                  { title: '开机与解锁', durationSeconds: 300 },
                  { title: '桌面图标说明', kind: 'article' as const },
                ],
              },
              {
                title: '第二章 微信',
                lessons: [
                  { title: '添加好友', durationSeconds: 420 },
                  { title: '视频通话', durationSeconds: 540 },
                  { title: '语音消息', durationSeconds: 180 },
                ],
              },
            ],
          }
        : { tags: [`标签${i % 4}`] }),
    });
    if (i === 0) rich = course.id;
    jingan.push({ id: course.id, publishedAt, learners, categoryId });
  }
  const unpublished = await createCourse(db, {
    title: '未上线课程',
    category_id: categories.phone,
    teacher_id: teacher,
    published: 0,
    learner_count: 100_000,
  });
  const withdrawn = await createCourse(db, {
    title: '已下线课程',
    category_id: categories.phone,
    teacher_id: teacher,
    published: 0,
    published_at: BASE + HOUR,
  });
  const xuhui: Made[] = [];
  for (let i = 0; i < 3; i += 1) {
    const publishedAt = BASE - i * HOUR;
    const course = await createCourse(db, {
      site_key: 'xuhui',
      title: `徐汇课程${i + 1}`,
      category_id: categories.xuhui,
      teacher_id: xuhuiTeacher,
      published_at: publishedAt,
      learner_count: 10 - i,
    });
    xuhui.push({ id: course.id, publishedAt, learners: 10 - i, categoryId: categories.xuhui });
  }
  return {
    categories,
    jingan,
    xuhui,
    rich,
    unpublished: unpublished.id,
    withdrawn: withdrawn.id,
  };
}

describeEachEngine(
  'courses API',
  (ctx) => {
    let fx: Fixture;
    beforeAll(async () => {
      fx = await buildFixture(ctx().app);
    });

    const get = async <T>(url: string, site?: string) => {
      const response = await ctx().app.inject({
        url,
        headers: site ? { 'x-site': site } : {},
      });
      expect(response.statusCode).toBe(200);
      return body<T>(response);
    };

    describe('GET /api/courses/categories', () => {
      it("lists the site's categories in order with their published course counts", async () => {
        const { code, data } = await get<CourseCategory[]>('/api/courses/categories');
        expect(code).toBe(0);
        expect(data).toEqual([
          { id: fx.categories.phone, name: '智能生活', courseCount: 16 },
          { id: fx.categories.health, name: '健康养生', courseCount: 9 },
          { id: fx.categories.empty, name: '书画艺术', courseCount: 0 },
        ]);
      });

      it('answers the categories of the site named in X-Site', async () => {
        const { data } = await get<CourseCategory[]>('/api/courses/categories', 'xuhui');
        expect(data).toEqual([{ id: fx.categories.xuhui, name: '摄影摄像', courseCount: 3 }]);
      });
    });

    describe('GET /api/courses', () => {
      it('answers the newest published courses first, 20 a page, ties broken by id', async () => {
        const { code, message, data } = await get<Page<CourseSummary>>('/api/courses');
        expect({ code, message }).toEqual({ code: 0, message: '' });
        expect(data.total).toBe(25);
        expect(data.page).toBe(1);
        expect(data.size).toBe(20);
        const expected = ids([...fx.jingan].sort(newest));
        expect(data.list.map((course) => course.id)).toEqual(expected.slice(0, 20));
        // Courses 6 and 7 were published at the same moment: the later id comes first.
        const tied = expected.indexOf(fx.jingan[6]?.id ?? 0);
        expect(expected[tied + 1]).toBe(fx.jingan[5]?.id);
      });

      it('pages through the list with page and size', async () => {
        const expected = ids([...fx.jingan].sort(newest));
        const seen: number[] = [];
        for (const page of [1, 2, 3]) {
          const { data } = await get<Page<CourseSummary>>(`/api/courses?page=${page}&size=10`);
          expect(data).toMatchObject({ total: 25, page, size: 10 });
          seen.push(...data.list.map((course) => course.id));
        }
        expect(seen).toEqual(expected);
        const beyond = await get<Page<CourseSummary>>('/api/courses?page=4&size=10');
        expect(beyond.data).toEqual({ list: [], total: 25, page: 4, size: 10 });
      });

      it('orders by learners with sort=popular, ties broken by id', async () => {
        const { data } = await get<Page<CourseSummary>>('/api/courses?sort=popular&size=50');
        expect(data.list.map((course) => course.id)).toEqual(ids([...fx.jingan].sort(popular)));
        expect(data.list[0]?.learnerCount).toBe(96);
        expect(data.list[0]?.id).toBe(fx.jingan[24]?.id);
        expect(data.list[1]?.id).toBe(fx.jingan[8]?.id);
      });

      it('filters by categoryId', async () => {
        const { data } = await get<Page<CourseSummary>>(
          `/api/courses?categoryId=${fx.categories.health}&sort=popular`,
        );
        const expected = fx.jingan.filter((course) => course.categoryId === fx.categories.health);
        expect(data.total).toBe(9);
        expect(data.list.map((course) => course.id)).toEqual(ids(expected.sort(popular)));
        expect(new Set(data.list.map((course) => course.categoryName))).toEqual(
          new Set(['健康养生']),
        );
        const empty = await get<Page<CourseSummary>>(
          `/api/courses?categoryId=${fx.categories.empty}`,
        );
        expect(empty.data).toEqual({ list: [], total: 0, page: 1, size: 20 });
      });

      it('answers a summary card for each course', async () => {
        const { data } = await get<Page<CourseSummary>>('/api/courses?size=1');
        expect(data.list[0]).toEqual({
          id: fx.rich,
          title: '智能手机入门：微信视频通话',
          cover: '/files/covers/test.svg',
          summary: '测试课程摘要',
          categoryId: fx.categories.health,
          categoryName: '健康养生',
          teacherName: '陈丽华',
          tags: ['微信', '智能手机', '零基础'].sort(),
          lessonCount: 5,
          durationSeconds: 1440,
          viewCount: 0,
          learnerCount: 0,
          publishedAt: '2026-10-01T08:00:00.000Z',
        });
      });

      it('keeps each site to its own courses', async () => {
        const { data } = await get<Page<CourseSummary>>('/api/courses', 'xuhui');
        expect(data.total).toBe(3);
        expect(data.list.map((course) => course.id)).toEqual(ids([...fx.xuhui].sort(newest)));
        const other = await get<Page<CourseSummary>>(
          `/api/courses?categoryId=${fx.categories.xuhui}`,
        );
        expect(other.data).toMatchObject({ list: [], total: 0 });
      });

      it('never lists unpublished or withdrawn courses', async () => {
        for (const sort of ['newest', 'popular']) {
          const { data } = await get<Page<CourseSummary>>(`/api/courses?sort=${sort}&size=50`);
          const listed = data.list.map((course) => course.id);
          expect(listed).not.toContain(fx.unpublished);
          expect(listed).not.toContain(fx.withdrawn);
        }
      });
    });

    describe('GET /api/courses/detail', () => {
      it('answers the course with its teacher, tags and chapters of lessons in order', async () => {
        const { code, data } = await get<CourseDetail>(`/api/courses/detail?id=${fx.rich}`);
        expect(code).toBe(0);
        expect(data).toMatchObject({
          id: fx.rich,
          title: '智能手机入门：微信视频通话',
          introduction: '<p>从零学会<strong>视频通话</strong></p>',
          categoryName: '健康养生',
          tags: ['微信', '智能手机', '零基础'].sort(),
          lessonCount: 5,
          durationSeconds: 1440,
          publishedAt: '2026-10-01T08:00:00.000Z',
          teacher: {
            id: expect.any(Number),
            name: '陈丽华',
            title: '信息技术讲师 · 静安区社区学院',
            avatar: null,
            bio: '陈丽华老师长期在社区学校教授智能手机课程。',
          },
        });
        expect(
          data.chapters.map((chapter) => ({
            title: chapter.title,
            lessons: chapter.lessons.map(({ title, kind, durationSeconds }) => ({
              title,
              kind,
              durationSeconds,
            })),
          })),
        ).toEqual([
          {
            title: '第一章 认识手机',
            lessons: [
              { title: '开机与解锁', kind: 'video', durationSeconds: 300 },
              { title: '桌面图标说明', kind: 'article', durationSeconds: 0 },
            ],
          },
          {
            title: '第二章 微信',
            lessons: [
              { title: '添加好友', kind: 'video', durationSeconds: 420 },
              { title: '视频通话', kind: 'video', durationSeconds: 540 },
              { title: '语音消息', kind: 'video', durationSeconds: 180 },
            ],
          },
        ]);
        expect(JSON.stringify(data)).not.toMatch(/video_url|article_html|site_key/);
      });

      it('counts every view', async () => {
        const id = fx.jingan[3]?.id ?? 0;
        const before = (await get<CourseDetail>(`/api/courses/detail?id=${id}`)).data.viewCount;
        const after = (await get<CourseDetail>(`/api/courses/detail?id=${id}`)).data.viewCount;
        expect(after).toBe(before + 1);
        expect(await storedViews(id)).toBe(after);
      });

      it('loses no view under 20 concurrent calls', async () => {
        const id = fx.jingan[4]?.id ?? 0;
        const before = await storedViews(id);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => get<CourseDetail>(`/api/courses/detail?id=${id}`)),
        );
        expect(answers.every((answer) => answer.code === 0)).toBe(true);
        expect(await storedViews(id)).toBe(before + 20);
        const counts = answers.map((answer) => answer.data.viewCount).sort((a, b) => a - b);
        expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
      });

      it('answers 404 at once when an opened course is withdrawn, and shows an edit once caches are told', async () => {
        const id = fx.jingan[5]?.id ?? 0;
        const db = ctx().app.database.db;
        const opened = await get<CourseDetail>(`/api/courses/detail?id=${id}`);
        expect(opened.code).toBe(0);
        await db.updateTable('courses').set({ title: '改过的标题' }).where('id', '=', id).execute();
        // Edited outside the services: the kept detail counts until the caches are told.
        ctx().app.publicCache.forget();
        const edited = await get<CourseDetail>(`/api/courses/detail?id=${id}`);
        expect(edited.data.title).toBe('改过的标题');
        expect(edited.data.viewCount).toBe(opened.data.viewCount + 1);
        await db.updateTable('courses').set({ published: 0 }).where('id', '=', id).execute();
        try {
          // No cache told: the published check runs on every opening.
          expect(await get(`/api/courses/detail?id=${id}`)).toEqual({
            code: 404,
            message: '课程不存在或已下线',
            data: null,
          });
        } finally {
          await db
            .updateTable('courses')
            .set({ published: 1, title: opened.data.title })
            .where('id', '=', id)
            .execute();
          ctx().app.publicCache.forget();
        }
      });

      it('answers 404 for unknown, unpublished, withdrawn and other-site courses', async () => {
        const other = fx.xuhui[0]?.id ?? 0;
        for (const id of [999_999, fx.unpublished, fx.withdrawn, other]) {
          const answer = await get(`/api/courses/detail?id=${id}`);
          expect(answer).toEqual({ code: 404, message: '课程不存在或已下线', data: null });
        }
        expect(await storedViews(fx.unpublished)).toBe(0);
        expect((await get(`/api/courses/detail?id=${other}`, 'xuhui')).code).toBe(0);
      });

      async function storedViews(id: number) {
        const row = await ctx()
          .app.database.db.selectFrom('courses')
          .select('view_count')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return Number(row.view_count);
      }
    });

    describe('bad input', () => {
      it.each([
        ['/api/courses?page=0', '页码：'],
        ['/api/courses?page=-1', '页码：'],
        ['/api/courses?page=abc', '页码：'],
        ['/api/courses?size=51', '每页条数：'],
        ['/api/courses?size=100000', '每页条数：'],
        ['/api/courses?categoryId=abc', '课程分类：'],
        ['/api/courses?categoryId=-3', '课程分类：'],
        ['/api/courses?sort=hottest', '排序方式：'],
        ['/api/courses/detail?id=abc', '编号：'],
        ['/api/courses/detail?id=-1', '编号：'],
        ['/api/courses/detail?id=1.5', '编号：'],
        ['/api/courses/detail', '缺少编号'],
      ])('answers 400 for %s naming the field', async (url, prefix) => {
        const answer = await get(url);
        expect(answer.code).toBe(400);
        expect(answer.message.startsWith(prefix)).toBe(true);
        expect(answer.data).toBeNull();
      });
    });

    describe('the /files host', () => {
      it('serves a generated category cover as SVG with a long cache and nosniff', async () => {
        const { app } = ctx();
        const seedFiles = () => new SeedFiles(new LocalFileStore(app.config.dataDir));
        expect(await writeCategoryCovers(app.database.db, await seedFiles())).toBe(12);
        // Files that exist are left alone.
        expect(await writeCategoryCovers(app.database.db, await seedFiles())).toBe(0);
        const response = await app.inject({ url: '/files/covers/jingan-category-1-2.svg' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/svg+xml');
        expect(response.headers['cache-control']).toBe('public, max-age=2592000');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.body).toContain('智能生活');
        expect(response.body).toContain('Noto Sans CJK SC');
        expect(response.body).toContain('linearGradient');
      });

      it.each([
        '/files/../package.json',
        '/files/%2e%2e/portal.sqlite',
        '/files/covers/..%2f..%2fportal.sqlite',
        '/files/covers/%2e%2e/%2e%2e/portal.sqlite',
        '/files/covers/',
        '/files/covers/missing.svg',
      ])('answers 404 for %s', async (url) => {
        const response = await ctx().app.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('SQLite');
      });
    });
  },
  { seedDemo: false },
);

describe('the demo seed of courses (SQLite, scale 1)', () => {
  it('seeds at least 120 published courses over at least 8 categories per site, all with lessons', async () => {
    const database = await createDatabase({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(database);
      await seedDemo(database, { scale: 1 });
      const { db } = database;
      for (const site of ['jingan', 'xuhui']) {
        const published = await db
          .selectFrom('courses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_key', '=', site)
          .where('published', '=', 1)
          .executeTakeFirstOrThrow();
        expect(Number(published.n)).toBeGreaterThanOrEqual(120);
        const unpublished = await db
          .selectFrom('courses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_key', '=', site)
          .where('published', '=', 0)
          .executeTakeFirstOrThrow();
        expect(Number(unpublished.n)).toBeGreaterThan(0);
        const categories = await db
          .selectFrom('course_categories')
          .select('id')
          .where('site_key', '=', site)
          .execute();
        expect(categories.length).toBeGreaterThanOrEqual(8);
        const teachers = await db
          .selectFrom('teachers')
          .select('id')
          .where('site_key', '=', site)
          .execute();
        expect(teachers.length).toBeGreaterThanOrEqual(20);
      }

      // Every course has chapters, every chapter has lessons, and the counts agree.
      const mismatched = await sql<{ id: number }>`
        select c.id from courses c
        where not exists (select 1 from course_chapters ch where ch.course_id = c.id)
           or exists (
             select 1 from course_chapters ch where ch.course_id = c.id
             and not exists (select 1 from course_lessons l where l.chapter_id = ch.id))
           or c.lesson_count <> (select count(*) from course_lessons l where l.course_id = c.id)
           or c.duration_seconds <> (
             select coalesce(sum(l.duration_seconds), 0) from course_lessons l
             where l.course_id = c.id)
      `.execute(db);
      expect(mismatched.rows).toEqual([]);

      const lessons = await db
        .selectFrom('course_lessons')
        .select(['kind', 'video_url', 'article_html', 'duration_seconds'])
        .execute();
      const videos = lessons.filter((lesson) => lesson.kind === 'video');
      const articles = lessons.filter((lesson) => lesson.kind === 'article');
      expect(articles.length).toBeGreaterThan(0);
      expect(videos.every((lesson) => lesson.video_url === '/media/demo/lesson.mp4')).toBe(true);
      expect(
        videos.every((lesson) => lesson.duration_seconds >= 180 && lesson.duration_seconds <= 1500),
      ).toBe(true);
      expect(articles.every((lesson) => lesson.article_html?.startsWith('<p>'))).toBe(true);

      const courses = await db
        .selectFrom('courses')
        .select(['id', 'title', 'cover', 'learner_count', 'view_count'])
        .execute();
      expect(courses.some((course) => course.view_count > 10_000)).toBe(true);
      expect(courses.some((course) => course.learner_count < 100)).toBe(true);
      expect(
        courses.every((course) =>
          /^\/files\/covers\/[a-z]+-category-\d+-\d\.svg$/.test(course.cover),
        ),
      ).toBe(true);
      const tagged = await db
        .selectFrom('course_tags')
        .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('course_id')
        .execute();
      expect(tagged.length).toBe(courses.length);
      expect(tagged.every((row) => Number(row.n) >= 2 && Number(row.n) <= 3)).toBe(true);
    } finally {
      await database.destroy();
    }
  });
});
