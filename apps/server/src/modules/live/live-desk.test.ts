import {
  type AdminLive,
  type AdminLiveChoices,
  type AdminLiveFormInput,
  type AdminLiveRow,
  ErrorCode,
  type LiveSessionDetail,
  type LiveSessionSummary,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator, reviewStep } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';
const MINUTE = 60_000;

describeEachEngine('the console’s live sessions: times, sources and review', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let choices: AdminLiveChoices;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const phone = async <T>(url: string) =>
    body<T>(await app.inject({ url, headers: { 'x-site': SITE } }));
  /** A session live now (an hour long, started a minute ago) in a channel learners see. */
  const form = (title: string): AdminLiveFormInput => {
    const now = Date.now();
    return {
      channelId: choices.channels.find((channel) => channel.published)?.id ?? 0,
      title,
      cover: '/files/covers/live-session-1.svg',
      speaker: '王老师',
      speakerTitle: '社区学院讲师',
      introductionHtml: '<p>一起<strong>读城市</strong>。</p><img src=x onerror=alert(1)>',
      startsAt: new Date(now - MINUTE).toISOString(),
      endsAt: new Date(now + 60 * MINUTE).toISOString(),
      streamUrl: '/media/demo/lesson.m3u8',
      replayUrl: null,
      courseId: choices.courses[0]?.id ?? null,
    };
  };
  const step = (who: TestLearner, action: string, session: AdminLive) =>
    reviewStep(app, who.token, SITE, 'live', action, session);
  const create = async (input: AdminLiveFormInput) => {
    const created = await as<AdminLive>(editor, 'POST', '/api/admin/live/create', input);
    expect(created.code, created.message).toBe(0);
    return created.data;
  };
  const publish = async (title: string) => {
    const submitted = await step(editor, 'submit', await create(form(title)));
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };
  const liveNow = () => phone<Page<LiveSessionSummary>>('/api/live/sessions?state=live&size=50');
  const auditRows = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('entity', '=', 'live')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    choices = (await as<AdminLiveChoices>(editor, 'GET', '/api/admin/live/choices')).data;
  });

  it('answers the site’s channels and published courses to choose from', async () => {
    expect(choices.channels.length).toBeGreaterThan(0);
    expect(choices.courses.length).toBeGreaterThan(0);
    const foreign = await app.database.db
      .selectFrom('live_channels')
      .select('id')
      .where('site_key', '<>', SITE)
      .execute();
    const ids = new Set(foreign.map((row) => row.id));
    expect(choices.channels.some((channel) => ids.has(channel.id))).toBe(false);
  });

  it('keeps a new session from the phone until a reviewer approves it, then lists it at once', async () => {
    // The phone's list is asked (and kept by the visitors' cache) before the session exists.
    const before = await liveNow();
    const draft = await create(form('城市阅读直播课'));
    expect(draft).toMatchObject({ status: 'draft', speaker: '王老师' });
    // Stored sanitized: no handler.
    expect(draft.introductionHtml).not.toContain('onerror');
    expect((await phone(`/api/live/sessions/detail?id=${draft.id}`)).code).toBe(ErrorCode.notFound);

    const submitted = await step(editor, 'submit', draft);
    expect(submitted.data.status).toBe('pending');
    const queue = await as<Page<AdminLiveRow>>(reviewer, 'GET', '/api/admin/live?status=pending');
    expect(queue.data.list.find((row) => row.id === draft.id)).toMatchObject({
      title: '城市阅读直播课',
      state: 'live',
    });
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.data.status).toBe('published');
    expect(approved.data.publishedAt).not.toBeNull();

    const after = await liveNow();
    expect(after.data.total).toBe(before.data.total + 1);
    expect(after.data.list.find((row) => row.id === draft.id)).toMatchObject({
      title: '城市阅读直播课',
      state: 'live',
      speaker: '王老师',
    });
    const detail = await phone<LiveSessionDetail>(`/api/live/sessions/detail?id=${draft.id}`);
    expect(detail.data).toMatchObject({
      title: '城市阅读直播课',
      streamUrl: `/media/live/stream.m3u8?site=${SITE}&id=${draft.id}`,
      courseId: choices.courses[0]?.id ?? null,
    });
    // The portal plays the source as a live playlist.
    const stream = await app.inject({ url: detail.data.streamUrl ?? '' });
    expect(stream.body).toContain('#EXTM3U');

    // Taken down: gone from the phone at once.
    const down = await as(reviewer, 'POST', '/api/admin/live/take-down', { ids: [draft.id] });
    expect(down.code, down.message).toBe(0);
    expect((await liveNow()).data.total).toBe(before.data.total);
  });

  it('keeps the published session on the phone while an edit of it waits', async () => {
    const live = await publish('社区摄影直播');
    const edited = await as<AdminLive>(editor, 'POST', '/api/admin/live/update', {
      ...form('社区摄影直播（改期）'),
      id: live.id,
      version: live.version,
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
    const submitted = await step(editor, 'submit', edited.data);
    const queue = await as<Page<AdminLiveRow>>(reviewer, 'GET', '/api/admin/live?status=pending');
    expect(queue.data.list.find((row) => row.id === live.id)?.editStatus).toBe('pending');
    const seen = await phone<LiveSessionDetail>(`/api/live/sessions/detail?id=${live.id}`);
    expect(seen.data.title).toBe('社区摄影直播');

    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    const now = await phone<LiveSessionDetail>(`/api/live/sessions/detail?id=${live.id}`);
    expect(now.data.title).toBe('社区摄影直播（改期）');
  });

  it('refuses bad times, another site’s channel and course and a bad source, writing nothing', async () => {
    const draft = await create(form('拒绝的修改'));
    const audited = await auditRows();
    const update = (changes: Partial<AdminLiveFormInput>) =>
      as(editor, 'POST', '/api/admin/live/update', {
        ...form('不该写入的标题'),
        ...changes,
        id: draft.id,
        version: draft.version,
      });
    const start = Date.parse(draft.startsAt);
    expect(await update({ endsAt: new Date(start - MINUTE).toISOString() })).toMatchObject({
      code: ErrorCode.invalid,
      message: '结束时间：须晚于开始时间',
    });
    expect((await update({ endsAt: draft.startsAt })).message).toBe('结束时间：须晚于开始时间');
    expect(
      (await update({ endsAt: new Date(start + 13 * 60 * MINUTE).toISOString() })).message,
    ).toBe('结束时间：一场直播最长 12 小时');
    const [otherChannel, otherCourse] = await Promise.all([
      app.database.db
        .selectFrom('live_channels')
        .select('id')
        .where('site_key', '<>', SITE)
        .executeTakeFirstOrThrow(),
      app.database.db
        .selectFrom('courses')
        .select('id')
        .where('site_key', '<>', SITE)
        .executeTakeFirstOrThrow(),
    ]);
    expect(await update({ channelId: otherChannel.id })).toMatchObject({
      code: ErrorCode.invalid,
      message: '直播频道：本站没有这个频道',
    });
    expect((await update({ courseId: otherCourse.id })).message).toBe('关联课程：本站没有这门课程');
    for (const streamUrl of [
      'javascript:alert(1)//.m3u8',
      'http://evil.example/live.m3u8',
      'https://evil.example/live.m3u8',
      '//evil.example/media/live.m3u8',
      '/media/../data/portal.db.m3u8',
      '/media/demo/lesson.mp4',
    ]) {
      const refused = await update({ streamUrl });
      expect(refused.code, streamUrl).toBe(ErrorCode.invalid);
      expect(refused.message, streamUrl).toMatch(/^直播源：/);
    }
    expect((await update({ replayUrl: 'javascript:alert(1)' })).message).toMatch(/^回放视频：/);
    expect((await update({ startsAt: 'tomorrow' })).message).toMatch(/^开始时间：/);

    const now = await as<AdminLive>(editor, 'GET', `/api/admin/live/detail?id=${draft.id}`);
    expect(now.data).toMatchObject({ title: '拒绝的修改', version: draft.version });
    expect(await auditRows()).toBe(audited);
  });

  it('answers 409 to a stale version and to publishing a session with nothing to play', async () => {
    const draft = await create(form('过期的版本'));
    const saved = await as<AdminLive>(editor, 'POST', '/api/admin/live/update', {
      ...form('第二次保存'),
      id: draft.id,
      version: draft.version,
    });
    expect(saved.code, saved.message).toBe(0);
    const stale = await as(editor, 'POST', '/api/admin/live/update', {
      ...form('基于旧版本的修改'),
      id: draft.id,
      version: draft.version,
    });
    expect(stale).toMatchObject({
      code: ErrorCode.conflict,
      message: '已被他人修改，请刷新后再改',
    });
    const kept = await as<AdminLive>(editor, 'GET', `/api/admin/live/detail?id=${draft.id}`);
    expect(kept.data.title).toBe('第二次保存');

    const silent = await create({ ...form('没有信号的直播'), streamUrl: null, replayUrl: null });
    const submitted = await step(editor, 'submit', silent);
    expect(await step(reviewer, 'approve', submitted.data)).toMatchObject({
      code: ErrorCode.conflict,
      message: '直播还没有直播源或回放，不能发布',
    });
    // A replay alone is enough (an ended session shows it).
    const replayed = await create({
      ...form('只有回放的直播'),
      streamUrl: null,
      replayUrl: '/media/demo/lesson.mp4',
    });
    const sent = await step(editor, 'submit', replayed);
    expect((await step(reviewer, 'approve', sent.data)).code).toBe(0);
  });

  it('lets no one approve their own submission', async () => {
    const both = await createOperator(app, [
      { site: SITE, role: 'editor' },
      { site: SITE, role: 'reviewer' },
    ]);
    const draft = await create(form('自己审核自己'));
    const submitted = await step(both, 'submit', draft);
    expect(submitted.code, submitted.message).toBe(0);
    const own = await step(both, 'approve', submitted.data);
    expect(own.code).toBe(ErrorCode.forbidden);
    expect(own.message).toBe('不能审核自己提交的内容，请由另一位审核员审核');
    const detail = await as<AdminLive>(editor, 'GET', `/api/admin/live/detail?id=${draft.id}`);
    expect(detail.data.status).toBe('pending');
  });

  it('filters the console’s list by time state, channel and title words', async () => {
    const now = Date.now();
    const upcoming = await create({
      ...form('明晚的读书会直播'),
      startsAt: new Date(now + 24 * 60 * MINUTE).toISOString(),
      endsAt: new Date(now + 25 * 60 * MINUTE).toISOString(),
    });
    const list = (query: string) =>
      as<Page<AdminLiveRow>>(editor, 'GET', `/api/admin/live?size=50&${query}`);
    const found = await list(`state=upcoming&q=${encodeURIComponent('读书会')}`);
    expect(found.data.list.map((row) => row.id)).toEqual([upcoming.id]);
    expect(found.data.list[0]).toMatchObject({ state: 'upcoming', status: 'draft' });
    expect((await list(`state=live&q=${encodeURIComponent('读书会')}`)).data.total).toBe(0);
    const channel = await list(`channelId=${upcoming.channelId}&status=draft`);
    expect(channel.data.list.some((row) => row.id === upcoming.id)).toBe(true);
    const ended = await list('state=ended');
    expect(ended.data.list.every((row) => row.state === 'ended')).toBe(true);
    const refused = await list('state=soon');
    expect(refused).toMatchObject({ code: ErrorCode.invalid });
    expect(refused.message).toMatch(/^直播状态：/);
  });
});
