import {
  type AdminArticle,
  type AdminChannel,
  type AdminCourse,
  type AdminCourseChoices,
  type AdminReviewItem,
  type ArticleDetail,
  type AuditEntry,
  ErrorCode,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';
const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describeEachEngine('the review inbox and scheduled publication', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let channel: AdminChannel;
  let choices: AdminCourseChoices;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const phoneArticle = async (id: number) =>
    body<ArticleDetail>(
      await app.inject({ url: `/api/articles/detail?id=${id}`, headers: { 'x-site': SITE } }),
    );
  const submitted = async (title: string) => {
    const created = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/create', {
      channelId: channel.id,
      title,
      bodyHtml: '<p>正文</p>',
    });
    expect(created.code, created.message).toBe(0);
    const sent = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/submit', {
      id: created.data.id,
      version: created.data.version,
    });
    expect(sent.code, sent.message).toBe(0);
    return sent.data;
  };
  const schedule = (who: TestLearner, article: AdminArticle, publishAt: string) =>
    as<AdminArticle>(who, 'POST', '/api/admin/articles/schedule', {
      id: article.id,
      version: article.version,
      publishAt,
    });
  /** Lets the time of every schedule of `entity`/`id` come (as if the clock had moved on). */
  const comeDue = (id: number) =>
    app.database.db
      .updateTable('publish_schedule')
      .set({ publish_at: Date.now() - 1000 })
      .where('entity_id', '=', id)
      .execute();

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    [channel] = (await as<AdminChannel[]>(editor, 'GET', '/api/admin/articles/channels')).data as [
      AdminChannel,
    ];
    choices = (await as<AdminCourseChoices>(editor, 'GET', '/api/admin/courses/choices')).data;
  });

  it('lists what waits of every kind, longest waiting first, only to the site’s reviewers', async () => {
    const article = await submitted('待审的通知');
    const course = await as<AdminCourse>(editor, 'POST', '/api/admin/courses/create', {
      categoryId: choices.categories[0]?.id,
      teacherId: choices.teachers[0]?.id,
      title: '待审的课程',
      cover: '/files/covers/jingan-category-1-a.svg',
      chapters: [],
    });
    await as(editor, 'POST', '/api/admin/courses/submit', {
      id: course.data.id,
      version: course.data.version,
    });
    const inbox = await as<Page<AdminReviewItem>>(reviewer, 'GET', '/api/admin/reviews?size=50');
    expect(inbox.code, inbox.message).toBe(0);
    const mine = inbox.data.list.filter((item) =>
      ['待审的通知', '待审的课程'].includes(item.title),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        entity: 'article',
        id: article.id,
        change: 'new',
        publishAt: null,
      }),
      expect.objectContaining({ entity: 'course', id: course.data.id, change: 'new' }),
    ]);
    expect(mine[0]?.submittedBy).toBeTruthy();
    const courses = await as<Page<AdminReviewItem>>(
      reviewer,
      'GET',
      '/api/admin/reviews?entity=course&size=50',
    );
    expect(courses.data.list.every((item) => item.entity === 'course')).toBe(true);
    const xuhui = await createOperator(app, [{ site: 'xuhui', role: 'reviewer' }]);
    const there = await adminCall<Page<AdminReviewItem>>(
      app,
      xuhui.token,
      'xuhui',
      'GET',
      '/api/admin/reviews?size=50',
    );
    expect(there.data.list.map((item) => item.title)).not.toContain('待审的通知');
    expect((await as(editor, 'GET', '/api/admin/reviews')).code).toBe(ErrorCode.forbidden);
  });

  it('publishes a scheduled record once when its time comes, however many runners run', async () => {
    const article = await submitted('定时发布的通知');
    const scheduled = await schedule(reviewer, article, inHours(2));
    expect(scheduled.code, scheduled.message).toBe(0);
    expect(scheduled.data.status).toBe('pending');
    expect(scheduled.data.schedule?.publishAt).toBeTruthy();
    const inbox = await as<Page<AdminReviewItem>>(reviewer, 'GET', '/api/admin/reviews?size=50');
    expect(inbox.data.list.find((item) => item.id === article.id)?.publishAt).toBe(
      scheduled.data.schedule?.publishAt,
    );
    // Not yet: neither the phone nor a run publishes it.
    expect((await app.operators.reviews.runOnce()).published).toBe(0);
    expect((await phoneArticle(article.id)).code).toBe(ErrorCode.notFound);

    await comeDue(article.id);
    const runs = await Promise.all([
      app.operators.reviews.runOnce(),
      app.operators.reviews.runOnce(),
      app.operators.reviews.runOnce(),
    ]);
    expect(runs.reduce((sum, run) => sum + run.published, 0)).toBe(1);
    expect((await phoneArticle(article.id)).data.title).toBe('定时发布的通知');
    const now = await as<AdminArticle>(
      reviewer,
      'GET',
      `/api/admin/articles/detail?id=${article.id}`,
    );
    expect(now.data).toMatchObject({ status: 'published', schedule: null });
    const log = await as<Page<AuditEntry>>(
      reviewer,
      'GET',
      `/api/admin/audit?entity=article&entityId=${article.id}`,
    );
    const steps = log.data.list.map((entry) => [entry.action, entry.ip]);
    expect(steps.slice(0, 2)).toEqual([
      ['approve', '定时发布'],
      ['schedule', expect.any(String)],
    ]);
  });

  it('refuses a time past or beyond a year, the reviewer’s own submission and what does not wait', async () => {
    const article = await submitted('不能定时的通知');
    expect(await schedule(reviewer, article, inHours(-1))).toMatchObject({
      code: ErrorCode.invalid,
      message: '发布时间：须晚于现在',
    });
    expect((await schedule(reviewer, article, inHours(24 * 400))).message).toBe(
      '发布时间：最多定在 366 天之内',
    );
    const both = await createOperator(app, [
      { site: SITE, role: 'editor' },
      { site: SITE, role: 'reviewer' },
    ]);
    const own = await adminCall<AdminArticle>(
      app,
      both.token,
      SITE,
      'POST',
      '/api/admin/articles/create',
      {
        channelId: channel.id,
        title: '自己定时',
        bodyHtml: '<p>正文</p>',
      },
    );
    const sent = await adminCall<AdminArticle>(
      app,
      both.token,
      SITE,
      'POST',
      '/api/admin/articles/submit',
      {
        id: own.data.id,
        version: own.data.version,
      },
    );
    expect((await schedule(both, sent.data, inHours(1))).code).toBe(ErrorCode.forbidden);
    const published = await as<AdminArticle>(reviewer, 'POST', '/api/admin/articles/approve', {
      id: article.id,
      version: article.version,
    });
    expect((await schedule(reviewer, published.data, inHours(1))).code).toBe(ErrorCode.conflict);
    expect(
      await app.database.db
        .selectFrom('publish_schedule')
        .select('id')
        .where('entity_id', 'in', [article.id, own.data.id])
        .execute(),
    ).toEqual([]);
  });

  it('cancels a schedule when the record changes, or when asked', async () => {
    const article = await submitted('改了就不定时');
    const scheduled = await schedule(reviewer, article, inHours(3));
    // The editor takes it back and changes it: what the reviewer decided on is gone.
    const withdrawn = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/withdraw', {
      id: article.id,
      version: scheduled.data.version,
    });
    expect(withdrawn.data).toMatchObject({ status: 'draft', schedule: null });
    await comeDue(article.id);
    expect((await app.operators.reviews.runOnce()).published).toBe(0);

    const again = await submitted('取消定时');
    const set = await schedule(reviewer, again, inHours(3));
    const cancelled = await as<AdminArticle>(reviewer, 'POST', '/api/admin/articles/unschedule', {
      id: again.id,
      version: set.data.version,
    });
    expect(cancelled.data).toMatchObject({ status: 'pending', schedule: null });
    const twice = await as(reviewer, 'POST', '/api/admin/articles/unschedule', {
      id: again.id,
      version: cancelled.data.version,
    });
    expect(twice.code).toBe(ErrorCode.conflict);
  });

  it('leaves waiting, and logs, what can no longer be published when its time comes', async () => {
    const course = await as<AdminCourse>(editor, 'POST', '/api/admin/courses/create', {
      categoryId: choices.categories[0]?.id,
      teacherId: choices.teachers[0]?.id,
      title: '课时被删的课程',
      cover: '/files/covers/jingan-category-1-a.svg',
      chapters: [
        {
          title: '第一章',
          lessons: [{ title: '第一课', kind: 'article', articleHtml: '<p>内容</p>' }],
        },
      ],
    });
    const sent = await as<AdminCourse>(editor, 'POST', '/api/admin/courses/submit', {
      id: course.data.id,
      version: course.data.version,
    });
    const scheduled = await as<AdminCourse>(reviewer, 'POST', '/api/admin/courses/schedule', {
      id: sent.data.id,
      version: sent.data.version,
      publishAt: inHours(1),
    });
    expect(scheduled.code, scheduled.message).toBe(0);
    // Its lesson disappears behind the console's back: the course may no longer be published.
    await app.database.db
      .deleteFrom('course_lessons')
      .where('course_id', '=', course.data.id)
      .execute();
    await comeDue(course.data.id);
    expect(await app.operators.reviews.runOnce()).toMatchObject({ published: 0, dropped: 1 });
    const now = await as<AdminCourse>(
      reviewer,
      'GET',
      `/api/admin/courses/detail?id=${course.data.id}`,
    );
    expect(now.data).toMatchObject({ status: 'pending', schedule: null });
    const log = await as<Page<AuditEntry>>(
      reviewer,
      'GET',
      `/api/admin/audit?entity=course&entityId=${course.data.id}`,
    );
    expect(log.data.list[0]).toMatchObject({
      action: 'unschedule',
      summary: '定时发布未执行：章节“第一章”还没有课时，不能发布',
    });
  });
});
