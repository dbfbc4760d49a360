import {
  type ArticleChannel,
  type ArticleDetail,
  type ArticleReadAllResult,
  type ArticleSummary,
  ErrorCode,
  type MessageSummary,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../platform/xss-payloads.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { insertArticleChannels } from './articles.queries.ts';
import type { ArticleInput } from './articles.service.ts';

const SITE = 'articletest';
const DAY = 86_400_000;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function get(app: FastifyInstance, url: string, token?: string, site = SITE) {
  return app.inject({ url, headers: { 'x-site': site, ...(token ? bearer(token) : {}) } });
}

function readAll(app: FastifyInstance, token: string | null, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/articles/read-all',
    headers: { 'x-site': SITE, ...(token ? bearer(token) : {}) },
    payload,
  });
}

describeEachEngine('articles API', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;
  const channels = { community: 0, policy: 0, notice: 0, info: 0, talk: 0, otherSite: 0 };
  const ids = {
    news: [] as number[],
    pinnedNotice: 0,
    noticeOld: 0,
    noticeNew: 0,
    noticeDraft: 0,
    infoOne: 0,
    talk: 0,
    otherSite: 0,
    attached: 0,
  };
  let now = 0;

  async function readCount(table: 'articles' | 'article_reads') {
    const row = await ctx()
      .app.database.db.selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function storedViews(id: number) {
    const row = await ctx()
      .app.database.db.selectFrom('articles')
      .select('view_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.view_count);
  }

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    await db
      .insertInto('sites')
      .values({ key: SITE, name: '文章测试学习网', sort: 9, created_at: Date.now() })
      .execute();
    app.sites.invalidate();
    learners = await createLearners(db, 3, SITE);
    [channels.community, channels.policy, channels.notice, channels.info, channels.talk] =
      (await insertArticleChannels(db, [
        { site_key: SITE, kind: 'news', name: '社区动态', sort: 1 },
        { site_key: SITE, kind: 'news', name: '政策解读', sort: 2 },
        { site_key: SITE, kind: 'notice', name: '公告', sort: 1 },
        { site_key: SITE, kind: 'info', name: '通知', sort: 1 },
        { site_key: SITE, kind: 'talk', name: '讲座访谈', sort: 1 },
      ])) as [number, number, number, number, number];
    [channels.otherSite] = (await insertArticleChannels(db, [
      { site_key: 'xuhui', kind: 'notice', name: '徐汇公告', sort: 1 },
    ])) as [number];
    now = Date.now();
    const store = (
      input: Partial<ArticleInput> & { channelId: number; title: string },
      site = SITE,
    ) =>
      app.articles.createArticle(site, {
        source: '测试学院',
        bodyHtml: '<p>正文</p>',
        publishedAt: now,
        ...input,
      });
    for (let i = 0; i < 7; i += 1) {
      ids.news.push(
        await store({
          channelId: i % 2 === 0 ? channels.community : channels.policy,
          title: `资讯${i}`,
          publishedAt: now - (10 - i) * DAY,
          cover: '/files/covers/test.svg',
        }),
      );
    }
    ids.noticeOld = await store({
      channelId: channels.notice,
      title: '旧公告',
      publishedAt: now - 9 * DAY,
    });
    ids.pinnedNotice = await store({
      channelId: channels.notice,
      title: '置顶公告',
      pinned: true,
      publishedAt: now - 8 * DAY,
    });
    ids.noticeNew = await store({
      channelId: channels.notice,
      title: '新公告',
      publishedAt: now - DAY,
    });
    ids.attached = await store({
      channelId: channels.notice,
      title: '带附件的公告',
      publishedAt: now - 2 * DAY,
      attachment: { url: '/files/articles/test.pdf', name: '报名表.pdf' },
    });
    ids.noticeDraft = await store({
      channelId: channels.notice,
      title: '未发布公告',
      published: false,
      publishedAt: now,
    });
    ids.infoOne = await store({
      channelId: channels.info,
      title: '通知一',
      publishedAt: now - DAY,
    });
    ids.talk = await store({ channelId: channels.talk, title: '访谈一', publishedAt: now - DAY });
    ids.otherSite = await store({ channelId: channels.otherSite, title: '徐汇的公告' }, 'xuhui');
  });

  describe('GET /api/articles/channels', () => {
    it('lists the channels of a kind in order with their published articles', async () => {
      const { code, data } = body<ArticleChannel[]>(
        await get(ctx().app, '/api/articles/channels?kind=news'),
      );
      expect(code).toBe(0);
      expect(data).toEqual([
        { id: channels.community, kind: 'news', name: '社区动态', count: 4 },
        { id: channels.policy, kind: 'news', name: '政策解读', count: 3 },
      ]);
      const notice = body<ArticleChannel[]>(
        await get(ctx().app, '/api/articles/channels?kind=notice'),
      );
      expect(notice.data).toEqual([
        { id: channels.notice, kind: 'notice', name: '公告', count: 4 },
      ]);
    });

    it('lists every channel of the site without a kind', async () => {
      const { data } = body<ArticleChannel[]>(await get(ctx().app, '/api/articles/channels'));
      expect(data.map((channel) => channel.id).sort((a, b) => a - b)).toEqual(
        [channels.community, channels.policy, channels.notice, channels.info, channels.talk].sort(
          (a, b) => a - b,
        ),
      );
    });
  });

  describe('GET /api/articles', () => {
    const list = (query: string, token?: string) =>
      get(ctx().app, `/api/articles?${query}`, token).then((r) => body<Page<ArticleSummary>>(r));

    it('answers pinned first, then newest published, without drafts or other sites', async () => {
      const { code, data } = await list('kind=notice');
      expect(code).toBe(0);
      expect(data.total).toBe(4);
      expect(data.list.map((item) => item.id)).toEqual([
        ids.pinnedNotice,
        ids.noticeNew,
        ids.attached,
        ids.noticeOld,
      ]);
      expect(data.list[0]).toMatchObject({
        kind: 'notice',
        channelId: channels.notice,
        channelName: '公告',
        title: '置顶公告',
        summary: '',
        cover: null,
        source: '测试学院',
        pinned: true,
        viewCount: 0,
        publishedAt: new Date(now - 8 * DAY).toISOString(),
        unread: false,
        hasAttachment: false,
      });
      expect(data.list[2]?.hasAttachment).toBe(true);
    });

    it('filters by channel and pages through the whole list', async () => {
      const community = await list(`channelId=${channels.community}`);
      expect(community.data.list.map((item) => item.id)).toEqual([
        ids.news[6],
        ids.news[4],
        ids.news[2],
        ids.news[0],
      ]);
      const seen: number[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const { data } = await list(`kind=news&page=${page}&size=3`);
        expect(data).toMatchObject({ total: 7, page, size: 3 });
        seen.push(...data.list.map((item) => item.id));
      }
      expect(seen).toEqual([...ids.news].reverse());
      expect((await list('kind=news&page=9&size=3')).data.list).toEqual([]);
    });

    it('lists every kind of the site without a filter', async () => {
      const { data } = await list('size=50');
      expect(data.total).toBe(7 + 4 + 1 + 1);
      expect(data.list.map((item) => item.id)).not.toContain(ids.otherSite);
      expect(data.list.map((item) => item.id)).not.toContain(ids.noticeDraft);
    });
  });

  describe('GET /api/articles/detail', () => {
    it('answers the article with its sanitized body and attachment, counting the view', async () => {
      const before = await storedViews(ids.attached);
      const { code, data } = body<ArticleDetail>(
        await get(ctx().app, `/api/articles/detail?id=${ids.attached}`),
      );
      expect(code).toBe(0);
      expect(data).toMatchObject({
        id: ids.attached,
        title: '带附件的公告',
        bodyHtml: '<p>正文</p>',
        attachment: { url: '/files/articles/test.pdf', name: '报名表.pdf' },
        viewCount: before + 1,
        unread: false,
      });
      // Views are tallied and written together (every few seconds, and as the app closes).
      expect(await storedViews(ids.attached)).toBe(before);
      await ctx().app.articles.flushViews();
      expect(await storedViews(ids.attached)).toBe(before + 1);
    });

    it('loses no view under 20 concurrent calls of learners', async () => {
      const before = await storedViews(ids.talk);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          get(ctx().app, `/api/articles/detail?id=${ids.talk}`, learner(n % 2).token),
        ),
      );
      const counts = answers.map((answer) => body<ArticleDetail>(answer).data.viewCount);
      expect(new Set(counts).size).toBe(20);
      expect(Math.max(...counts)).toBe(before + 20);
      await ctx().app.articles.flushViews();
      expect(await storedViews(ids.talk)).toBe(before + 20);
    });

    it('counts every visitor’s view, also those answered from the visitors’ cache', async () => {
      const before = await storedViews(ids.talk);
      const url = `/api/articles/detail?id=${ids.talk}`;
      await Promise.all(Array.from({ length: 10 }, () => get(ctx().app, url)));
      for (let n = 0; n < 5; n += 1) {
        expect(body<ArticleDetail>(await get(ctx().app, url)).code).toBe(0);
      }
      await ctx().app.articles.flushViews();
      expect(await storedViews(ids.talk)).toBe(before + 15);
    });

    it('answers 404 for unknown, unpublished and other-site articles, counting nothing', async () => {
      for (const id of [999_999, ids.noticeDraft, ids.otherSite]) {
        const answer = body(
          await get(ctx().app, `/api/articles/detail?id=${id}`, learner(2).token),
        );
        expect(answer).toEqual({ code: 404, message: '文章不存在或已下线', data: null });
      }
      await ctx().app.articles.flushViews();
      expect(await storedViews(ids.noticeDraft)).toBe(0);
      expect(await storedViews(ids.otherSite)).toBe(0);
      const reads = await ctx()
        .app.database.db.selectFrom('article_reads')
        .select('article_id')
        .where('user_id', '=', learner(2).id)
        .execute();
      expect(reads).toEqual([]);
      const xuhui = await get(
        ctx().app,
        `/api/articles/detail?id=${ids.otherSite}`,
        undefined,
        'xuhui',
      );
      expect(body(xuhui).code).toBe(0);
    });
  });

  describe('read marks', () => {
    const notices = (token?: string) =>
      get(ctx().app, '/api/articles?kind=notice', token).then((r) => body<Page<ArticleSummary>>(r));
    const unreadOf = (page: Page<ArticleSummary>) =>
      page.list.filter((item) => item.unread).map((item) => item.id);

    it('marks unread notices for a learner, none for a visitor, and not other kinds', async () => {
      expect(unreadOf((await notices()).data)).toEqual([]);
      expect(unreadOf((await notices(learner(0).token)).data)).toEqual([
        ids.pinnedNotice,
        ids.noticeNew,
        ids.attached,
        ids.noticeOld,
      ]);
      const news = body<Page<ArticleSummary>>(
        await get(ctx().app, '/api/articles?kind=news', learner(0).token),
      );
      expect(unreadOf(news.data)).toEqual([]);
    });

    it('marks a notice read when the learner opens it, for that learner only', async () => {
      const opened = body<ArticleDetail>(
        await get(ctx().app, `/api/articles/detail?id=${ids.noticeNew}`, learner(0).token),
      );
      expect(opened.data.unread).toBe(false);
      // Opening it twice keeps one mark.
      await get(ctx().app, `/api/articles/detail?id=${ids.noticeNew}`, learner(0).token);
      expect(unreadOf((await notices(learner(0).token)).data)).toEqual([
        ids.pinnedNotice,
        ids.attached,
        ids.noticeOld,
      ]);
      expect(unreadOf((await notices(learner(1).token)).data)).toHaveLength(4);
    });

    it('marks every notice of the kind read, leaving other kinds and learners alone', async () => {
      const answer = body<ArticleReadAllResult>(
        await readAll(ctx().app, learner(0).token, { kind: 'notice' }),
      );
      expect(answer).toMatchObject({ code: 0, data: { marked: 3 } });
      expect(unreadOf((await notices(learner(0).token)).data)).toEqual([]);
      expect(unreadOf((await notices(learner(1).token)).data)).toHaveLength(4);
      const info = body<Page<ArticleSummary>>(
        await get(ctx().app, '/api/articles?kind=info', learner(0).token),
      );
      expect(unreadOf(info.data)).toEqual([ids.infoOne]);
      // Again: nothing new to mark.
      const again = body<ArticleReadAllResult>(
        await readAll(ctx().app, learner(0).token, { kind: 'notice' }),
      );
      expect(again.data).toEqual({ marked: 0 });
    });

    it('refuses read-all without a login or for a kind without read marks, writing nothing', async () => {
      const before = await readCount('article_reads');
      expect(body(await readAll(ctx().app, null, { kind: 'notice' })).code).toBe(
        ErrorCode.loginRequired,
      );
      const news = body(await readAll(ctx().app, learner(1).token, { kind: 'news' }));
      expect(news.code).toBe(400);
      expect(news.message).toMatch(/^栏目类型：/);
      const missing = body(await readAll(ctx().app, learner(1).token, {}));
      expect(missing.code).toBe(400);
      expect(missing.message).toMatch(/类型/);
      expect(await readCount('article_reads')).toBe(before);
    });
  });

  describe('bad input', () => {
    it.each([
      ['/api/articles?kind=blog', '栏目类型：'],
      ['/api/articles?channelId=abc', '栏目：'],
      ['/api/articles?channelId=-1', '栏目：'],
      ['/api/articles?page=0', '页码：'],
      ['/api/articles?size=1000', '每页条数：'],
      ['/api/articles/channels?kind=x', '栏目类型：'],
      ['/api/articles/detail?id=abc', '编号：'],
      ['/api/articles/detail?id=1.5', '编号：'],
      ['/api/articles/detail', '缺少编号'],
    ])('answers 400 for %s naming the field', async (url, prefix) => {
      const response = await get(ctx().app, url);
      const answer = body(response);
      expect(answer.code).toBe(400);
      expect(answer.message.startsWith(prefix)).toBe(true);
    });
  });

  describe('the store path', () => {
    it('imports a batch by channel name, sanitized, and stores none when one is refused', async () => {
      const { app } = ctx();
      const before = await readCount('articles');
      const article = (title: string, channel = '讲座访谈') => ({
        channel,
        title,
        source: '导入',
        bodyHtml: '<p onclick="alert(1)">导入正文</p><script>alert(2)</script>',
        publishedAt: now - 60 * DAY,
      });
      const refused = async (batch: ReturnType<typeof article>[], message: string) => {
        await expect(app.articles.importArticles(SITE, batch)).rejects.toMatchObject({
          code: ErrorCode.invalid,
          message,
        });
        expect(await readCount('articles')).toBe(before);
      };
      await refused([article('一'), article('二'), article('  ')], '第 3 篇：标题：不能为空');
      await refused(
        [article('一'), article('二', '徐汇公告')],
        '第 2 篇：栏目：本站没有“徐汇公告”',
      );
      await refused([], '导入文件：没有文章');
      await refused(
        Array.from({ length: 501 }, (_, i) => article(`第${i}篇`)),
        '导入文件：一次最多 500 篇',
      );

      const ids = await app.articles.importArticles(SITE, [
        article('导入一'),
        { ...article('导入二'), notify: true, summary: '请大家留意' },
      ]);
      expect(ids).toHaveLength(2);
      // The one marked notify reaches every learner's 我的消息 as a notice linking to it.
      const messages = await app.inject({
        url: '/api/messages',
        headers: { 'x-site': SITE, ...bearer(learner(2).token) },
      });
      expect(body<Page<MessageSummary>>(messages).data.list[0]).toMatchObject({
        kind: 'notice',
        title: '讲座访谈：导入二',
        excerpt: '请大家留意',
        read: false,
        link: { type: 'article', id: ids[1] },
      });
      const detail = body<ArticleDetail>(await get(app, `/api/articles/detail?id=${ids[1]}`));
      expect(detail.data).toMatchObject({
        kind: 'talk',
        title: '导入二',
        bodyHtml: '<p>导入正文</p>',
      });
      await app.database.db.deleteFrom('messages').where('link_id', 'in', ids).execute();
      await app.database.db.deleteFrom('articles').where('id', 'in', ids).execute();
    });

    it('stores every XSS payload as a clean body, read back clean', async () => {
      const { app } = ctx();
      const stored: number[] = [];
      for (const payload of XSS_PAYLOADS) {
        stored.push(
          await app.articles.createArticle(SITE, {
            channelId: channels.talk,
            title: payload.slice(0, 100),
            source: '导入',
            bodyHtml: `<p>前文</p>${payload}`,
            publishedAt: now - 30 * DAY,
          }),
        );
      }
      const rows = await app.database.db
        .selectFrom('articles')
        .select(['id', 'body_html'])
        .where('id', 'in', stored)
        .execute();
      expect(rows).toHaveLength(XSS_PAYLOADS.length);
      for (const row of rows) {
        expect(row.body_html).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style/i);
        expect(row.body_html).not.toMatch(/<[^>]*(\son\w+\s*=|javascript:|srcdoc|formaction)/i);
      }
      // Titles stay plain text: stored as given, never turned into markup.
      const detail = body<ArticleDetail>(await get(app, `/api/articles/detail?id=${stored[2]}`));
      expect(detail.data.title).toBe(XSS_PAYLOADS[2]);
      expect(detail.data.bodyHtml).toBe('<p>前文</p>');
      await app.database.db.deleteFrom('articles').where('id', 'in', stored).execute();
    });

    it('sanitizes a body again on the way out, even one written around the store path', async () => {
      const { app } = ctx();
      const [row] = await app.database.db
        .insertInto('articles')
        .values({
          site_key: SITE,
          channel_id: channels.talk,
          kind: 'talk',
          title: '<b>绕过</b>',
          summary: '',
          cover: null,
          source: '直接写入',
          body_html:
            '<p onclick="alert(1)">文</p><script>alert(1)</script><iframe src="/x"></iframe>',
          published: 1,
          published_at: now - 40 * DAY,
          created_at: now,
        })
        .returning('id')
        .execute();
      const id = Number(row?.id);
      const detail = body<ArticleDetail>(await get(app, `/api/articles/detail?id=${id}`));
      expect(detail.data.bodyHtml).toBe('<p>文</p>');
      expect(detail.data.title).toBe('<b>绕过</b>');
      await app.database.db.deleteFrom('articles').where('id', '=', id).execute();
    });

    it('refuses an empty or too long title and an unknown channel, storing nothing', async () => {
      const { app } = ctx();
      const before = await readCount('articles');
      const store = (input: Partial<ArticleInput>) =>
        app.articles.createArticle(SITE, {
          channelId: channels.notice,
          title: '标题',
          source: '测试',
          bodyHtml: '<p>x</p>',
          publishedAt: now,
          ...input,
        });
      await expect(store({ title: '   ' })).rejects.toMatchObject({
        code: 400,
        message: '标题：不能为空',
      });
      await expect(store({ title: '长'.repeat(101) })).rejects.toMatchObject({
        code: 400,
        message: '标题：最多 100 个字',
      });
      await expect(store({ bodyHtml: '<script>alert(1)</script>' })).rejects.toMatchObject({
        code: 400,
        message: '正文：不能为空',
      });
      await expect(store({ channelId: channels.otherSite })).rejects.toMatchObject({
        code: 400,
        message: '栏目：不存在',
      });
      expect(await readCount('articles')).toBe(before);
    });
  });
});
