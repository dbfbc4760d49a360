import type { ArticleKind, Home } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'homenewstest';
const OTHER = 'homenewstest2';
const HOUR = 3_600_000;

function home(app: FastifyInstance, site = SITE) {
  return app.inject({ url: '/api/home', headers: { 'x-site': site } });
}

describeEachEngine('GET /api/home: 资讯 and the notice bar', (ctx) => {
  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    const now = Date.now();
    await db
      .insertInto('sites')
      .values([
        { key: SITE, name: '首页资讯测试网', sort: 8, created_at: now },
        { key: OTHER, name: '另一资讯测试网', sort: 9, created_at: now },
      ])
      .execute();
    app.sites.invalidate();
    const channel = async (site_key: string, kind: ArticleKind, name: string) => {
      const row = await db
        .insertInto('article_channels')
        .values({ site_key, kind, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), kind, site_key };
    };
    const news = await channel(SITE, 'news', '社区动态');
    const notice = await channel(SITE, 'notice', '公告');
    const info = await channel(SITE, 'info', '通知');
    const otherNews = await channel(OTHER, 'news', '别站动态');
    const article = (
      where: { id: number; kind: ArticleKind; site_key: string },
      title: string,
      hoursAgo: number,
      extra: { pinned?: number; published?: number; cover?: string } = {},
    ) =>
      db
        .insertInto('articles')
        .values({
          site_key: where.site_key,
          channel_id: where.id,
          kind: where.kind,
          title,
          summary: '',
          cover: extra.cover ?? null,
          source: '学习网',
          body_html: '<p>正文</p>',
          pinned: extra.pinned ?? 0,
          published: extra.published ?? 1,
          published_at: now - hoursAgo * HOUR,
          created_at: now,
        })
        .execute();
    for (let i = 1; i <= 6; i += 1) {
      await article(news, `社区新闻${i}`, i, { cover: '/files/covers/news.svg' });
    }
    await article(news, '置顶的旧新闻', 100, { pinned: 1 });
    await article(news, '未发布的新闻', 0, { published: 0 });
    await article(otherNews, '别站新闻', 0);
    await article(notice, '旧公告', 50);
    await article(notice, '置顶公告', 80, { pinned: 1 });
    await article(notice, '新公告', 2);
    await article(info, '新通知', 1);
    await article(info, '较新通知', 3);
    await article(info, '很旧的通知', 90);
    app.home.invalidate();
  });

  it('answers the newest news, pinned first, four of them, of the site only', async () => {
    const { data } = body<Home>(await home(ctx().app));
    expect(data.news.map((item) => item.title)).toEqual([
      '置顶的旧新闻',
      '社区新闻1',
      '社区新闻2',
      '社区新闻3',
    ]);
    expect(data.news[1]).toMatchObject({
      kind: 'news',
      cover: '/files/covers/news.svg',
      unread: false,
    });
    const other = body<Home>(await home(ctx().app, OTHER)).data;
    expect(other.news.map((item) => item.title)).toEqual(['别站新闻']);
    expect(other.notices).toEqual([]);
  });

  it('answers the newest 公告 for the notice bar, pinned first, without 通知', async () => {
    const { data } = body<Home>(await home(ctx().app));
    expect(data.notices.map((item) => item.title)).toEqual(['置顶公告', '新公告', '旧公告']);
    expect(data.notices.every((item) => item.kind === 'notice')).toBe(true);
  });
});
