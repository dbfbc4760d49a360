import {
  type AdminBanner,
  type AdminBannerFormInput,
  type AdminBannerRow,
  type AdminBannerTarget,
  type AdminHomeLayout,
  ErrorCode,
  type Home,
  type Page,
} from '@portal/contract';
import { HOME_ENTRY_KEYS } from '@portal/contract/constants';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator, reviewStep } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { staffBanners } from './home.queries.ts';

const SITE = 'jingan';

describeEachEngine('the console’s home: banners and the order of the entries', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let siteAdmin: TestLearner;
  /** A published course and a course taken down, of 静安; a course of 徐汇. */
  let course: { id: number; title: string };
  let offline: { id: number; title: string };
  let xuhuiCourse: number;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const home = async () => {
    app.home.invalidate();
    return body<Home>(await app.inject({ url: '/api/home', headers: { 'x-site': SITE } })).data;
  };
  const form = (
    title: string,
    patch: Partial<AdminBannerFormInput> = {},
  ): AdminBannerFormInput => ({
    title,
    label: '重磅推荐',
    image: '/files/covers/banner-1.svg',
    linkKind: 'course',
    linkId: course.id,
    position: 0,
    ...patch,
  });
  const step = (who: TestLearner, action: string, banner: AdminBanner) =>
    reviewStep(app, who.token, SITE, 'banners', action, banner);
  const create = async (input: AdminBannerFormInput) => {
    const created = await as<AdminBanner>(editor, 'POST', '/api/admin/banners/create', input);
    expect(created.code, created.message).toBe(0);
    return created.data;
  };
  const count = async (table: 'home_banners' | 'audit_log') =>
    Number(
      (
        await app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    siteAdmin = await createOperator(app, [{ site: SITE, role: 'site_admin' }]);
    const courses = await app.database.db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('site_key', '=', SITE)
      .where('published', '=', 1)
      .orderBy('id')
      .limit(2)
      .execute();
    course = courses[0] as { id: number; title: string };
    offline = courses[1] as { id: number; title: string };
    await app.database.db
      .updateTable('courses')
      .set({ published: 0, status: 'offline' })
      .where('id', '=', offline.id)
      .execute();
    xuhuiCourse = (
      await app.database.db
        .selectFrom('courses')
        .select('id')
        .where('site_key', '=', 'xuhui')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('puts a reviewed banner first on the phone’s home, and takes it off when taken down', async () => {
    const banner = await create(form('名师公开课：城市里的终身学习'));
    expect(banner).toMatchObject({ status: 'draft', linkTitle: course.title });
    expect((await home()).banners.map((slide) => slide.key)).not.toContain(`banner-${banner.id}`);
    const submitted = await step(editor, 'submit', banner);
    expect((await step(editor, 'approve', submitted.data)).code).toBe(ErrorCode.forbidden);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    const slides = (await home()).banners;
    expect(slides[0]).toEqual({
      key: `banner-${banner.id}`,
      label: '重磅推荐',
      title: '名师公开课：城市里的终身学习',
      image: '/files/covers/banner-1.svg',
      link: { kind: 'course', id: course.id },
    });
    expect(slides.length).toBeLessThanOrEqual(5);
    // The course's own slide is not shown twice.
    const same = JSON.stringify({ kind: 'course', id: course.id });
    expect(slides.filter((slide) => JSON.stringify(slide.link) === same)).toHaveLength(1);
    const down = await as(reviewer, 'POST', '/api/admin/banners/take-down', { ids: [banner.id] });
    expect(down.code, down.message).toBe(0);
    expect((await home()).banners.map((slide) => slide.key)).not.toContain(`banner-${banner.id}`);
  });

  it('leads only to the site’s published content: refused at save, at approval, and hidden after', async () => {
    const before = await count('home_banners');
    const foreign = await as(editor, 'POST', '/api/admin/banners/create', {
      ...form('别站的课程'),
      linkId: xuhuiCourse,
    });
    expect(foreign.code).toBe(ErrorCode.invalid);
    expect(foreign.message).toBe('链接：所选课程不存在或不属于本站');
    const noTopic = await as(editor, 'POST', '/api/admin/banners/create', {
      ...form('专题'),
      linkKind: 'topic',
      linkId: null,
    });
    expect(noTopic.code).toBe(ErrorCode.invalid);
    expect(noTopic.message).toContain('请选择专题');
    for (const [patch, words] of [
      [{ title: '' }, '不能为空'],
      [{ label: '一二三四五六七' }, '最多 6 个字'],
      [{ image: 'https://evil.example/x.png' }, '请上传图片'],
      [{ position: 100 }, '最多 99'],
      [{ endsAt: 'tomorrow' }, '不是有效的时间'],
    ] as const) {
      const refused = await as(editor, 'POST', '/api/admin/banners/create', {
        ...form('坏的'),
        ...patch,
      });
      expect(refused.code, words).toBe(ErrorCode.invalid);
      expect(refused.message, words).toContain(words);
    }
    expect(await count('home_banners')).toBe(before);

    // A draft may point at a course still offline; it is not published until the course is.
    const early = await create(form('即将上线', { linkId: offline.id }));
    const waiting = await step(editor, 'submit', early);
    const refused = await step(reviewer, 'approve', waiting.data);
    expect(refused.code).toBe(ErrorCode.conflict);
    expect(refused.message).toBe(`轮播图链接的课程「${offline.title}」还未发布，不能发布`);
    const noPicture = await step(editor, 'submit', await create(form('没有图片', { image: null })));
    expect((await step(reviewer, 'approve', noPicture.data)).message).toBe(
      '轮播图还没有图片，不能发布',
    );

    // Published, then its course taken down: home no longer shows the banner.
    const live = await step(editor, 'submit', await create(form('课程下线后', { position: 1 })));
    expect((await step(reviewer, 'approve', live.data)).code).toBe(0);
    expect((await home()).banners.map((slide) => slide.title)).toContain('课程下线后');
    await app.database.db
      .updateTable('courses')
      .set({ published: 0 })
      .where('id', '=', course.id)
      .execute();
    expect((await home()).banners.map((slide) => slide.title)).not.toContain('课程下线后');
    await app.database.db
      .updateTable('courses')
      .set({ published: 1 })
      .where('id', '=', course.id)
      .execute();
  });

  it('shows a banner until its end, in the staff’s order, and a topic by its address', async () => {
    const topic = await as<AdminBannerTarget[]>(
      editor,
      'GET',
      '/api/admin/banners/targets?kind=topic&q=家庭',
    );
    expect(topic.data[0]).toMatchObject({ slug: '2024/jtjy', title: '家庭教育', published: true });
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    const banner = await create(
      form('家庭教育专题', {
        linkKind: 'topic',
        linkId: 99,
        linkSlug: '2024/jtjy',
        endsAt: ends,
        position: 0,
      }),
    );
    // The kind decides: a topic keeps its address, not the id sent with it.
    expect(banner).toMatchObject({ linkId: null, linkSlug: '2024/jtjy', linkTitle: '家庭教育' });
    const submitted = await step(editor, 'submit', banner);
    expect((await step(reviewer, 'approve', submitted.data)).code).toBe(0);
    const now = Date.now();
    const shown = await staffBanners(app.database.db, SITE, now);
    expect(shown.banners[0]).toMatchObject({
      title: '家庭教育专题',
      link: { kind: 'topic', slug: '2024/jtjy' },
    });
    const later = await staffBanners(app.database.db, SITE, now + 2 * 3_600_000);
    expect(later.banners.map((slide) => slide.title)).not.toContain('家庭教育专题');

    const courses = await as<AdminBannerTarget[]>(
      editor,
      'GET',
      `/api/admin/banners/targets?kind=course&q=${encodeURIComponent(offline.title.slice(0, 4))}`,
    );
    expect(courses.data.find((item) => item.id === offline.id)).toMatchObject({ published: false });
    // The chosen one first, whatever the words: the form names what a banner opens.
    const chosen = await as<AdminBannerTarget[]>(
      editor,
      'GET',
      `/api/admin/banners/targets?kind=course&q=nothing-like-it&id=${course.id}`,
    );
    expect(chosen.data).toEqual([
      { id: course.id, slug: null, title: course.title, published: true },
    ]);
    const past = await as(editor, 'POST', '/api/admin/banners/create', {
      ...form('过期'),
      endsAt: new Date(now - 60_000).toISOString(),
    });
    const pastSubmitted = await step(editor, 'submit', past.data as AdminBanner);
    expect((await step(reviewer, 'approve', pastSubmitted.data)).message).toBe(
      '轮播图的展示截止时间已过，不能发布',
    );
  });

  it('lists the site’s banners by state, words, author and day of change, as every kind’s list', async () => {
    const other = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    const theirs = await as<AdminBanner>(
      other,
      'POST',
      '/api/admin/banners/create',
      form('另一位编辑的轮播图'),
    );
    expect(theirs.code, theirs.message).toBe(0);
    const list = async (query: string) =>
      (await as<Page<AdminBannerRow>>(editor, 'GET', `/api/admin/banners?size=50&${query}`)).data;
    const mine = await list(`authorId=${editor.id}`);
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.map((row) => row.title)).not.toContain('另一位编辑的轮播图');
    expect(mine.list.every((row) => row.authorName === mine.list[0]?.authorName)).toBe(true);
    expect((await list(`authorId=${other.id}`)).list.map((row) => row.title)).toEqual([
      '另一位编辑的轮播图',
    ]);
    expect((await list('q=另一位')).total).toBe(1);
    expect((await list('status=draft&q=另一位')).total).toBe(1);
    expect((await list('status=published&q=另一位')).total).toBe(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}&q=另一位`)).total).toBe(1);
    expect((await list('from=2020-01-01&to=2020-01-02&q=另一位')).total).toBe(0);
    const backwards = await as(editor, 'GET', '/api/admin/banners?from=2026-02-01&to=2026-01-01');
    expect(backwards.code).toBe(ErrorCode.invalid);
    expect(backwards.message).toBe('截止日期：不能早于起始日期');
  });

  it('orders and hides home’s entries, with the carousel filled or not, against the version', async () => {
    const layout = await as<AdminHomeLayout>(siteAdmin, 'GET', '/api/admin/home');
    expect(layout.data).toEqual({
      entries: HOME_ENTRY_KEYS.map((key) => ({ key, shown: true })),
      fillBanners: true,
      version: 1,
    });
    expect((await as(editor, 'GET', '/api/admin/home')).code).toBe(ErrorCode.forbidden);
    const auditBefore = await count('audit_log');
    for (const [entries, words] of [
      [['map', 'search', 'news'], '至少显示 4 个入口'],
      [['map', 'search', 'news', 'map'], '同一个入口不能出现两次'],
      [['map', 'search', 'news', 'casino'], '未知的入口'],
    ] as const) {
      const refused = await as(siteAdmin, 'POST', '/api/admin/home/update', {
        version: 1,
        entries,
        fillBanners: true,
      });
      expect(refused.code, words).toBe(ErrorCode.invalid);
      expect(refused.message, words).toContain(words);
    }
    expect(await count('audit_log')).toBe(auditBefore);
    const entries = ['map', 'courseList', 'search', 'news', 'liveList'];
    const saved = await as<AdminHomeLayout>(siteAdmin, 'POST', '/api/admin/home/update', {
      version: 1,
      entries,
      fillBanners: false,
    });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data.entries.slice(0, 6)).toEqual([
      ...entries.map((key) => ({ key, shown: true })),
      { key: 'activityList', shown: false },
    ]);
    expect(saved.data).toMatchObject({ fillBanners: false, version: 2 });
    expect(await app.sites.homeEntries(SITE)).toEqual(entries);
    expect(await app.sites.homeEntries('xuhui')).toBeNull();
    expect(await count('audit_log')).toBe(auditBefore + 1);
    // The carousel: the staff's banners alone.
    const slides = (await home()).banners;
    expect(slides.length).toBeGreaterThan(0);
    expect(slides.every((slide) => slide.key.startsWith('banner-'))).toBe(true);
    const stale = await as(siteAdmin, 'POST', '/api/admin/home/update', {
      version: 1,
      entries,
      fillBanners: true,
    });
    expect(stale.code).toBe(ErrorCode.conflict);
    expect(stale.message).toBe('已被他人修改，请刷新后再改');
  });
});
