import type { HotTerm, Page, SearchResult } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PublicCache } from '../../platform/public-cache.ts';
import { createActivity } from '../../testing/activity-factory.ts';
import { createClass } from '../../testing/class-factory.ts';
import { createCategory, createCourse, createTeacher } from '../../testing/course-factory.ts';
import { createEbook } from '../../testing/ebook-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { insertArticleChannels, insertArticles } from '../articles/articles.queries.ts';
import { insertCourses } from '../courses/courses.queries.ts';
import { SHORT_QUERY_HITS, searchRowsQuery, searchVersion } from './search.queries.ts';
import { highlight, normaliseTerm, RANKING_CACHE_MS, SearchService } from './search.service.ts';

/*
 * The test apps hold the demo seed; the fixture adds items whose terms the seed never uses
 * (糖画, 泥塑蛋雕), so the expected hits are exactly the fixture's.
 */
interface Fixture {
  titleCourse: number;
  summaryCourse: number;
  tagCourse: number;
  unpublishedCourse: number;
  xuhuiCourse: number;
  longCourse: number;
  titleClass: number;
  placeClass: number;
  teacherClass: number;
  unpublishedClass: number;
}

async function buildFixture(app: FastifyInstance): Promise<Fixture> {
  const db = app.database.db;
  const teacher = await createTeacher(db, { name: '陈丽华' });
  const course = (overrides: Parameters<typeof createCourse>[1]) =>
    createCourse(db, { teacher_id: teacher, ...overrides }).then((made) => made.id);
  return {
    titleCourse: await course({ title: '糖画入门：熬糖与起笔', learner_count: 10 }),
    summaryCourse: await course({
      title: '民间手艺赏析',
      summary: '介绍糖画、面塑等老手艺',
      learner_count: 99,
    }),
    tagCourse: await course({ title: '传统小吃的故事', tags: ['糖画'], learner_count: 50 }),
    unpublishedCourse: await course({ title: '糖画大师课', published: 0 }),
    xuhuiCourse: await createCourse(db, {
      site_key: 'xuhui',
      title: '糖画（徐汇班）',
      teacher_id: await createTeacher(db, { siteKey: 'xuhui' }),
    }).then((made) => made.id),
    longCourse: await course({ title: '泥塑蛋雕技法', learner_count: 5 }),
    titleClass: await createClass(db, { title: '糖画体验班', seats_taken: 3 }),
    placeClass: await createClass(db, { title: '周末手工班', place: '静安区糖画工作室' }),
    teacherClass: await createClass(db, { title: '手作坊', teacher_name: '泥塑蛋雕研究会' }),
    unpublishedClass: await createClass(db, { title: '糖画停办班', published: 0 }),
  };
}

async function search(app: FastifyInstance, query: Record<string, string>, site = 'jingan') {
  const response = await app.inject({
    url: `/api/search?${new URLSearchParams(query)}`,
    headers: { 'x-site': site },
  });
  expect(response.statusCode).toBe(200);
  return body<Page<SearchResult>>(response);
}

const hits = (page: Page<SearchResult>) => page.list.map((item) => `${item.type}:${item.id}`);

describe('highlight', () => {
  it('splits the title around every match, ignoring case', () => {
    expect(highlight('AI 绘画与 ai 工具', 'Ai')).toEqual([
      { text: 'AI', match: true },
      { text: ' 绘画与 ', match: false },
      { text: 'ai', match: true },
      { text: ' 工具', match: false },
    ]);
    expect(highlight('书法', '书法')).toEqual([{ text: '书法', match: true }]);
    expect(highlight('国画', '书法')).toEqual([{ text: '国画', match: false }]);
  });

  it('normalises terms before counting them', () => {
    expect(normaliseTerm('  Python   入门 ')).toBe('python 入门');
  });
});

describeEachEngine('GET /api/search', (ctx) => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await buildFixture(ctx().app);
  });

  it('finds courses and classes by a two-character term, title matches first', async () => {
    const { code, data } = await search(ctx().app, { q: '糖画' });
    expect(code).toBe(0);
    // Title matches by popularity (10 learners, 3 seats), then the rest by popularity.
    expect(hits(data)).toEqual([
      `course:${fx.titleCourse}`,
      `class:${fx.titleClass}`,
      `course:${fx.summaryCourse}`,
      `course:${fx.tagCourse}`,
      `class:${fx.placeClass}`,
    ]);
    expect(data.total).toBe(5);
  });

  it('finds a four-character term in a course title and a class teacher', async () => {
    const { data } = await search(ctx().app, { q: '泥塑蛋雕' });
    expect(hits(data)).toEqual([`course:${fx.longCourse}`, `class:${fx.teacherClass}`]);
    expect(data.list[0]?.subtitle).toBe('陈丽华 · 测试分类');
    expect(data.list[1]?.subtitle).toBe('2026年秋季 · 静安区社区学院 三楼多功能厅');
  });

  it('finds a single character and a three-character term too', async () => {
    expect(hits((await search(ctx().app, { q: '糖', type: 'class' })).data)).toEqual([
      `class:${fx.titleClass}`,
      `class:${fx.placeClass}`,
    ]);
    expect(hits((await search(ctx().app, { q: '糖画工' })).data)).toEqual([
      `class:${fx.placeClass}`,
    ]);
  });

  it('filters by type', async () => {
    const courses = await search(ctx().app, { q: '糖画', type: 'course' });
    expect(hits(courses.data)).toEqual([
      `course:${fx.titleCourse}`,
      `course:${fx.summaryCourse}`,
      `course:${fx.tagCourse}`,
    ]);
    const classes = await search(ctx().app, { q: '糖画', type: 'class' });
    expect(hits(classes.data)).toEqual([`class:${fx.titleClass}`, `class:${fx.placeClass}`]);
  });

  it('pages through the results', async () => {
    const first = await search(ctx().app, { q: '糖画', size: '2', page: '1' });
    const third = await search(ctx().app, { q: '糖画', size: '2', page: '3' });
    expect(first.data.list).toHaveLength(2);
    expect(hits(third.data)).toEqual([`class:${fx.placeClass}`]);
    expect(third.data.total).toBe(5);
  });

  it('keeps a first page briefly: a cover changed behind the services is shown once forgotten', async () => {
    const { db, engine } = ctx().app.database;
    const publicCache = new PublicCache();
    const now = Date.UTC(2026, 10, 29);
    const service = new SearchService(db, engine, () => now, undefined, publicCache);
    const cover = async () =>
      (await service.search('jingan', { q: '糖画', type: 'all', page: 1, size: 1 })).list[0]?.cover;
    const before = await cover();
    await db
      .updateTable('courses')
      .set({ cover: '/files/covers/kept-test.svg' })
      .where('id', '=', fx.titleCourse)
      .execute();
    // The cover is not what search finds by: the version stands, and the kept page is answered.
    expect(await cover()).toBe(before);
    publicCache.forget();
    expect(await cover()).toBe('/files/covers/kept-test.svg');
    await publicCache.close();
  });

  it('keeps to the site of the request', async () => {
    const { data } = await search(ctx().app, { q: '糖画' }, 'xuhui');
    expect(hits(data)).toEqual([`course:${fx.xuhuiCourse}`]);
  });

  it('splits the title into highlight segments', async () => {
    const { data } = await search(ctx().app, { q: '糖画', type: 'course' });
    expect(data.list[0]).toMatchObject({
      title: '糖画入门：熬糖与起笔',
      cover: '/files/covers/test.svg',
      highlights: [
        { text: '糖画', match: true },
        { text: '入门：熬糖与起笔', match: false },
      ],
    });
    expect(data.list[1]?.highlights).toEqual([{ text: '民间手艺赏析', match: false }]);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect((await search(ctx().app, { q: '%%' })).data.total).toBe(0);
    expect((await search(ctx().app, { q: '_糖%' })).data.total).toBe(0);
  });

  it('finds the demo content by a two-character term', async () => {
    const { data } = await search(ctx().app, { q: '书法' });
    expect(data.total).toBeGreaterThan(0);
    expect(data.list[0]?.highlights.some((segment) => segment.match)).toBe(true);
  });

  it.each([
    [{}, '请输入搜索内容'],
    [{ q: '   ' }, '请输入搜索内容'],
    [{ q: '书'.repeat(51) }, '搜索内容：'],
    [{ q: '书法', type: 'video' }, '类型：'],
    [{ q: '书法', page: '0' }, '页码：'],
    [{ q: '书法', size: '51' }, '每页条数：'],
  ])('answers 400 for %o', async (query, message) => {
    const { code, message: got } = await search(ctx().app, query);
    expect(code).toBe(400);
    expect(got.startsWith(message)).toBe(true);
  });
});

describeEachEngine('search index', (ctx) => {
  const found = async (q: string) => hits((await search(ctx().app, { q })).data);

  it('follows inserts, updates, unpublishing and deletes of courses', async () => {
    const db = ctx().app.database.db;
    const { id } = await createCourse(db, { title: '蛋雕彩绘入门' });
    const ref = `course:${id}`;
    expect(await found('蛋雕彩绘')).toEqual([ref]);
    expect(await found('彩绘')).toEqual([ref]);

    await db.updateTable('courses').set({ title: '葫芦烙画入门' }).where('id', '=', id).execute();
    expect(await found('蛋雕彩绘')).toEqual([]);
    expect(await found('葫芦烙画')).toEqual([ref]);
    expect(await found('烙画')).toEqual([ref]);

    await db.insertInto('course_tags').values({ course_id: id, tag: '掐丝珐琅' }).execute();
    expect(await found('掐丝珐琅')).toEqual([ref]);

    await db.updateTable('courses').set({ published: 0 }).where('id', '=', id).execute();
    expect(await found('葫芦烙画')).toEqual([]);
    await db.updateTable('courses').set({ published: 1 }).where('id', '=', id).execute();
    expect(await found('烙画')).toEqual([ref]);

    await db.deleteFrom('courses').where('id', '=', id).execute();
    expect(await found('葫芦烙画')).toEqual([]);
    expect(await found('烙画')).toEqual([]);
  });

  it('follows a teacher renamed', async () => {
    const db = ctx().app.database.db;
    const teacher = await createTeacher(db, { name: '钱老师' });
    const { id } = await createCourse(db, { title: '普通课程', teacher_id: teacher });
    await db
      .updateTable('teachers')
      .set({ name: '宋徽宗研究' })
      .where('id', '=', teacher)
      .execute();
    expect(await found('宋徽宗研究')).toEqual([`course:${id}`]);
  });

  it('follows classes written and deleted', async () => {
    const db = ctx().app.database.db;
    const id = await createClass(db, { title: '空竹入门班', place: '体育馆' });
    expect(await found('空竹入门')).toEqual([`class:${id}`]);
    await db.updateTable('classes').set({ place: '抖空竹广场' }).where('id', '=', id).execute();
    expect(await found('空竹广场')).toEqual([`class:${id}`]);
    await db.deleteFrom('classes').where('id', '=', id).execute();
    expect(await found('空竹')).toEqual([]);
  });

  it('finds activities by title, place and organiser, and e-books by title and author', async () => {
    const db = ctx().app.database.db;
    const activity = await createActivity(db, { title: '皮影戏专场', place: '静安皮影剧场' });
    const hidden = await createActivity(db, { title: '皮影戏停办', published: 0 });
    const book = await createEbook(db, { title: '皮影戏的历史', author: '木偶研究会' });
    const byAuthor = await createEbook(db, { title: '民间艺术', author: '皮影戏传人' });
    expect(await found('皮影戏')).toEqual([
      `activity:${activity}`,
      `ebook:${book}`,
      `ebook:${byAuthor}`,
    ]);
    expect(await found('皮影剧场')).toEqual([`activity:${activity}`]);
    const { data } = await search(ctx().app, { q: '皮影戏', type: 'ebook' });
    expect(hits(data)).toEqual([`ebook:${book}`, `ebook:${byAuthor}`]);
    expect(data.list[0]).toMatchObject({
      type: 'ebook',
      title: '皮影戏的历史',
      subtitle: '木偶研究会 · 测试出版社',
    });
    const activities = await search(ctx().app, { q: '皮影戏', type: 'activity' });
    expect(activities.data.list[0]).toMatchObject({
      type: 'activity',
      subtitle: '讲座 · 静安皮影剧场',
    });
    expect(hits(activities.data)).not.toContain(`activity:${hidden}`);
  });

  it('follows activities and e-books updated, unpublished and deleted', async () => {
    const db = ctx().app.database.db;
    const activity = await createActivity(db, { title: '剪纸体验日' });
    const book = await createEbook(db, { title: '剪纸图谱大全' });
    await db
      .updateTable('activities')
      .set({ title: '窗花剪纸体验日' })
      .where('id', '=', activity)
      .execute();
    expect(await found('窗花剪纸')).toEqual([`activity:${activity}`]);
    await db.updateTable('ebooks').set({ published: 0 }).where('id', '=', book).execute();
    expect(await found('剪纸图谱')).toEqual([]);
    await db.deleteFrom('activities').where('id', '=', activity).execute();
    expect(await found('窗花剪纸')).toEqual([]);
  });
  it('finds live sessions by title, speaker and channel, and articles by title, summary and channel', async () => {
    const db = ctx().app.database.db;
    const now = Date.now();
    const channel = await createLiveChannel(db, { siteKey: 'jingan', name: '缂丝直播间' });
    const live = await createLiveSession(db, {
      site_key: 'jingan',
      channel_id: channel,
      title: '宋锦织造漫谈',
      speaker: '缂丝传人',
      starts_at: now + 3_600_000,
      ends_at: now + 7_200_000,
    });
    const [articleChannel] = await insertArticleChannels(db, [
      { site_key: 'jingan', kind: 'news', name: '宋锦工坊动态', sort: 99 },
    ]);
    const article = async (title: string, summary: string, published = 1) => {
      const [id] = await insertArticles(db, [
        {
          site_key: 'jingan',
          channel_id: Number(articleChannel),
          kind: 'news',
          title,
          summary,
          cover: null,
          source: '静安区社区学院',
          body_html: '<p>正文</p>',
          published,
          published_at: now,
          created_at: now,
        },
      ]);
      return Number(id);
    };
    const byTitle = await article('宋锦展开幕', '');
    const bySummary = await article('非遗周末', '一起看宋锦');
    await article('宋锦草稿', '', 0);

    expect(await found('缂丝')).toEqual([`live:${live}`]);
    expect(await found('缂丝直播间')).toEqual([`live:${live}`]);
    expect((await found('宋锦')).sort()).toEqual(
      [`live:${live}`, `article:${byTitle}`, `article:${bySummary}`].sort(),
    );
    expect(await found('宋锦工坊')).toEqual(
      expect.arrayContaining([`article:${byTitle}`, `article:${bySummary}`]),
    );
    expect(await found('宋锦草稿')).toEqual([]);
    const lives = await search(ctx().app, { q: '宋锦', type: 'live' });
    expect(lives.data.list).toEqual([
      expect.objectContaining({
        type: 'live',
        id: live,
        subtitle: '缂丝传人 · 缂丝直播间',
        cover: '/files/covers/live-session-1.svg',
      }),
    ]);
    const articles = await search(ctx().app, { q: '宋锦展', type: 'article' });
    expect(articles.data.list).toEqual([
      expect.objectContaining({
        type: 'article',
        id: byTitle,
        subtitle: '宋锦工坊动态 · 静安区社区学院',
        cover: null,
      }),
    ]);

    await db.updateTable('live_sessions').set({ published: 0 }).where('id', '=', live).execute();
    await db
      .updateTable('article_channels')
      .set({ name: '云锦工坊动态' })
      .where('id', '=', Number(articleChannel))
      .execute();
    expect(await found('缂丝')).toEqual([]);
    expect((await found('云锦工坊')).sort()).toEqual(
      [`article:${byTitle}`, `article:${bySummary}`].sort(),
    );
    await db.deleteFrom('articles').where('id', '=', byTitle).execute();
    expect(await found('宋锦展')).toEqual([]);
  });
});

/** The distinct adjacent pairs of characters of `text` as the bigram index keeps them. */
function pairsOf(text: string): string[] {
  const chars = [...text.toLowerCase()];
  const pairs = chars.slice(1).map((char, i) => `${chars[i]}${char}`);
  return [...new Set(pairs.filter((pair) => !pair.includes(' ')))].sort();
}

describeEachEngine('two-character search (the bigram index)', (ctx) => {
  const found = async (q: string) => hits((await search(ctx().app, { q })).data);
  /** Courses titled 漆扇 (a term the seed never uses), more than a one-character query reads. */
  const MANY = SHORT_QUERY_HITS + 30;
  let rare: number;
  let titled: number[];

  beforeAll(async () => {
    const db = ctx().app.database.db;
    const categoryId = await createCategory(db);
    const teacherId = await createTeacher(db, { name: '周老师' });
    const now = Date.now();
    const row = (i: number, title: string, summary: string) => ({
      site_key: 'jingan',
      category_id: categoryId,
      teacher_id: teacherId,
      title,
      summary,
      introduction: '<p>介绍</p>',
      cover: '/files/covers/test.svg',
      published: 1,
      lesson_count: 0,
      duration_seconds: 0,
      view_count: 0,
      learner_count: 1000 + i,
      created_at: now,
      published_at: now,
    });
    titled = await insertCourses(
      db,
      Array.from({ length: MANY }, (_, i) => row(i, `漆扇制作第${i + 1}课`, '团扇上色与晾干')),
    );
    // The least popular of all, and the only one with 螺钿, which is not in its title.
    [rare] = (await insertCourses(db, [row(-999, '扇面小品', '漆扇与螺钿镶嵌的做法')])) as [number];
  });

  it('finds a rare two-character term among many documents, and only it', async () => {
    expect(await found('螺钿')).toEqual([`course:${rare}`]);
  });

  it('counts every match and ranks them all: title matches first, then popularity', async () => {
    const first = await search(ctx().app, { q: '漆扇', size: '50' });
    expect(first.data.total).toBe(MANY + 1);
    const byPopularity = [...titled].reverse().map((id) => `course:${id}`);
    expect(hits(first.data)).toEqual(byPopularity.slice(0, 50));
    const last = await search(ctx().app, { q: '漆扇', size: '50', page: '5' });
    expect(hits(last.data)).toEqual([...byPopularity.slice(200), `course:${rare}`]);
  });

  it('keeps a ranking for its time: popularity reorders it after, a change of content at once', async () => {
    const { db, engine } = ctx().app.database;
    let now = Date.UTC(2026, 10, 29);
    const service = new SearchService(db, engine, () => now);
    const firstOf = async (q: string) =>
      (await service.search('jingan', { q, type: 'all', page: 1, size: 1 })).list[0]?.id;
    const least = titled[0] as number;
    expect(await firstOf('漆扇')).toBe(titled.at(-1));
    const versionBefore = await searchVersion(db, 'jingan');
    await db
      .updateTable('courses')
      .set({ learner_count: 10 ** 9 })
      .where('id', '=', least)
      .execute();
    // Popularity alone does not move the version: the kept order stands until its time is up.
    expect(await searchVersion(db, 'jingan')).toBe(versionBefore);
    expect(await firstOf('漆扇')).toBe(titled.at(-1));
    now += RANKING_CACHE_MS;
    expect(await firstOf('漆扇')).toBe(least);
    // A new title is found by the next search, kept ranking or not.
    await db.updateTable('courses').set({ title: '漆扇大全' }).where('id', '=', rare).execute();
    expect(await searchVersion(db, 'jingan')).not.toBe(versionBefore);
    const page = await service.search('jingan', { q: '漆扇', type: 'all', page: 1, size: 500 });
    expect(page.total).toBe(MANY + 1);
    expect(page.list.find((item) => item.id === rare)?.title).toBe('漆扇大全');
    await db.updateTable('courses').set({ published: 0 }).where('id', '=', least).execute();
    expect(await firstOf('漆扇')).not.toBe(least);
    // Put back for the other tests.
    await db
      .updateTable('courses')
      .set({ published: 1, learner_count: 1000 })
      .where('id', '=', least)
      .execute();
    await db.updateTable('courses').set({ title: '扇面小品' }).where('id', '=', rare).execute();
  });

  it('bumps a site once for a transaction of many documents (PostgreSQL: no quadratic seed)', async () => {
    const { db, engine } = ctx().app.database;
    const before = Number(await searchVersion(db, 'xuhui'));
    const teacher = await createTeacher(db, { siteKey: 'xuhui' });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i += 1) {
        await createCourse(trx, {
          site_key: 'xuhui',
          title: `一次事务第${i}课`,
          teacher_id: teacher,
        });
      }
    });
    const after = Number(await searchVersion(db, 'xuhui'));
    expect(after - before).toBe(engine === 'postgres' ? 1 : 3);
  });

  it('bumps only the version of the site whose documents changed', async () => {
    const db = ctx().app.database.db;
    const [jingan, xuhui] = [await searchVersion(db, 'jingan'), await searchVersion(db, 'xuhui')];
    const { id } = await createCourse(db, { site_key: 'xuhui', title: '版本测试课' });
    expect(await searchVersion(db, 'jingan')).toBe(jingan);
    expect(await searchVersion(db, 'xuhui')).not.toBe(xuhui);
    const afterInsert = await searchVersion(db, 'xuhui');
    await db.deleteFrom('courses').where('id', '=', id).execute();
    expect(await searchVersion(db, 'xuhui')).not.toBe(afterInsert);
  });

  it('reads the documents through the bigram key, not by walking the site', async () => {
    const { db, engine } = ctx().app.database;
    const query = searchRowsQuery(engine, {
      siteKey: 'jingan',
      q: '螺钿',
      type: 'all',
      limit: 20,
      offset: 0,
    });
    if (engine === 'sqlite') {
      const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(db);
      const plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/SEARCH g USING PRIMARY KEY \(gram=\?\)/);
      expect(plan).toMatch(/SEARCH d USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(plan).not.toMatch(/SCAN (d|g)\b/);
    } else {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(db);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) search_bigrams_pk/);
      expect(plan).toMatch(/Index Scan using search_documents_pkey on search_documents/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it('counts characters outside the BMP as one, and ignores ASCII case', async () => {
    const db = ctx().app.database.db;
    const { id } = await createCourse(db, { title: '𠀀𠀁字源', summary: 'QZ绘本与 Vr 体验' });
    const ref = `course:${id}`;
    expect(await found('𠀀𠀁')).toEqual([ref]);
    expect(await found('𠀁字')).toEqual([ref]);
    expect(await found('𠀀')).toEqual([ref]);
    expect(await found('qz')).toEqual([ref]);
    expect(await found('Qz')).toEqual([ref]);
    expect(await found('Z绘')).toEqual([ref]);
    expect(await found('VR')).toEqual([ref]);
    // Pairs across a space are not kept: a trimmed two-character query never holds one.
    expect(await found('本与')).toEqual([ref]);
    const { data } = await search(ctx().app, { q: '𠀀𠀁' });
    expect(data.list[0]?.highlights[0]).toEqual({ text: '𠀀𠀁', match: true });
  });

  it("keeps a document's pairs exactly those of its text through updates and deletes", async () => {
    const db = ctx().app.database.db;
    const docOf = (id: number) =>
      db
        .selectFrom('search_documents')
        .select(['id', 'search_text'])
        .where('kind', '=', 'course')
        .where('ref_id', '=', id)
        .executeTakeFirstOrThrow();
    const gramsOf = async (documentId: number) =>
      (
        await db
          .selectFrom('search_bigrams')
          .select('gram')
          .where('document_id', '=', documentId)
          .orderBy('gram')
          .execute()
      )
        .map((row) => row.gram)
        .sort();
    const expectInStep = async (id: number) => {
      const doc = await docOf(id);
      expect(await gramsOf(doc.id)).toEqual(pairsOf(doc.search_text));
      return doc.id;
    };

    const { id } = await createCourse(db, { title: '麦秆画入门', summary: 'ABab 麦秆画' });
    await expectInStep(id);
    expect(await found('麦秆')).toEqual([`course:${id}`]);

    await db.updateTable('courses').set({ title: '蛋壳画入门' }).where('id', '=', id).execute();
    await expectInStep(id);
    expect(await found('壳画')).toEqual([`course:${id}`]);
    // 麦秆 is still in the summary; 入门 never left.
    expect(await found('麦秆')).toEqual([`course:${id}`]);
    await db.updateTable('courses').set({ summary: '清洗与拼贴' }).where('id', '=', id).execute();
    await expectInStep(id);
    expect(await found('麦秆')).toEqual([]);
    expect(await found('ab')).not.toContain(`course:${id}`);

    await db.insertInto('course_tags').values({ course_id: id, tag: '掐丝' }).execute();
    await expectInStep(id);
    expect(await found('掐丝')).toEqual([`course:${id}`]);

    await db.updateTable('courses').set({ published: 0 }).where('id', '=', id).execute();
    expect(await found('壳画')).toEqual([]);
    await db.updateTable('courses').set({ published: 1 }).where('id', '=', id).execute();
    expect(await found('壳画')).toEqual([`course:${id}`]);

    const documentId = await expectInStep(id);
    await db.deleteFrom('courses').where('id', '=', id).execute();
    expect(await gramsOf(documentId)).toEqual([]);
    expect(await found('壳画')).toEqual([]);
  });
});

describeEachEngine('GET /api/search/hot', (ctx) => {
  const hot = async (site = 'jingan') =>
    body<HotTerm[]>(await ctx().app.inject({ url: '/api/search/hot', headers: { 'x-site': site } }))
      .data;
  const countOf = async (term: string) => {
    const row = await ctx()
      .app.database.db.selectFrom('search_terms')
      .select('count')
      .where('site_key', '=', 'jingan')
      .where('term', '=', term)
      .executeTakeFirst();
    return row === undefined ? 0 : Number(row.count);
  };

  it('answers the seeded hot terms, most searched first', async () => {
    const terms = await hot();
    expect(terms.map((term) => term.term)).toContain('书法');
    expect(terms.length).toBeGreaterThanOrEqual(6);
    const counts = terms.map((term) => term.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await hot('xuhui')).length).toBeGreaterThan(0);
  });

  it('counts the first page of a search that finds something, by normalised term', async () => {
    const before = await countOf('书法');
    await search(ctx().app, { q: '书法' });
    await search(ctx().app, { q: '  书法 ' });
    await search(ctx().app, { q: '书法', page: '2', size: '1' });
    // Tallied in memory, written together.
    expect(await countOf('书法')).toBe(before);
    await ctx().app.searches.flushTerms();
    expect(await countOf('书法')).toBe(before + 2);
    await search(ctx().app, { q: '无此内容的词' });
    expect(await countOf('无此内容的词')).toBe(0);
  });

  it('moves a term up as it is searched more', async () => {
    for (let i = 0; i < 3; i += 1) await search(ctx().app, { q: '太极拳' });
    await ctx().app.searches.flushTerms();
    await ctx()
      .app.database.db.updateTable('search_terms')
      .set({ count: 100_000 })
      .where('site_key', '=', 'jingan')
      .where('term', '=', '太极拳')
      .execute();
    await search(ctx().app, { q: '太极拳' });
    await ctx().app.searches.flushTerms();
    const [first] = await hot();
    expect(first).toEqual({ term: '太极拳', count: 100_001 });
    expect((await hot('xuhui')).some((term) => term.count > 100_000)).toBe(false);
  });
});
