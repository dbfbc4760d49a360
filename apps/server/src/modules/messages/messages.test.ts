import type { MessageDetail, MessageSummary, MessageUnread, Page } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import {
  addStaff,
  createActivity,
  FULL_FORM,
  organiserId,
} from '../../testing/activity-factory.ts';
import {
  BASIC_FORM,
  createClass,
  createLearners,
  type TestLearner,
} from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { MessageTexts } from './message-texts.ts';
import { ownUnreadQuery } from './messages.queries.ts';

const DAY = 24 * 3_600_000;
const OTHER_SITE = 'msgother';

const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});

function get(app: FastifyInstance, url: string, token: string | null, site = 'jingan') {
  return app.inject({ url, headers: { 'x-site': site, ...bearer(token) } });
}

function post(app: FastifyInstance, url: string, token: string | null, payload: object = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'x-site': 'jingan', ...bearer(token) },
    payload: payload as Record<string, unknown>,
  });
}

/** Learners registered a day ago (notices sent since then are unread for them). */
async function registeredLearners(app: FastifyInstance, count: number, siteKey = 'jingan') {
  const learners = await createLearners(app.database.db, count, siteKey);
  await app.database.db
    .updateTable('users')
    .set({ created_at: Date.now() - DAY })
    .where(
      'id',
      'in',
      learners.map((learner) => learner.id),
    )
    .execute();
  return learners;
}

describeEachEngine('messages API', (ctx) => {
  let a: TestLearner;
  let b: TestLearner;
  const list = async (token: string, site = 'jingan') =>
    body<Page<MessageSummary>>(await get(ctx().app, '/api/messages?size=50', token, site)).data;
  /** The learner's own messages (without the site's notices to everyone). */
  const own = async (token: string) =>
    (await list(token)).list.filter((item) => item.kind !== 'notice');
  const unread = async (token: string) =>
    body<MessageUnread>(await get(ctx().app, '/api/messages/unread-count', token)).data.unread;
  const detail = (token: string | null, id: unknown, site = 'jingan') =>
    get(ctx().app, `/api/messages/detail?id=${id}`, token, site);

  beforeAll(async () => {
    const { app } = ctx();
    await app.database.db
      .insertInto('sites')
      .values({ key: OTHER_SITE, name: '另一学习网', sort: 20, created_at: Date.now() })
      .execute();
    app.sites.invalidate();
    [a, b] = (await registeredLearners(app, 2)) as [TestLearner, TestLearner];
  });

  it('counts the own unread through the unread index, not every message the learner has', async () => {
    const { db, engine } = ctx().app.database;
    if (engine !== 'sqlite') return; // PostgreSQL plans the seed's few rows by its own costs.
    const query = ownUnreadQuery.compile(db, a.id, 'jingan');
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    expect(rows.map((row) => row.detail).join('\n')).toMatch(
      /SEARCH m USING (COVERING )?INDEX messages_unread_idx \(user_id=\? AND site_key=\?\)/,
    );
  });

  it('answers 301 to a visitor on every endpoint', async () => {
    const { app } = ctx();
    for (const url of [
      '/api/messages',
      '/api/messages/unread-count',
      '/api/messages/detail?id=1',
    ]) {
      expect(body(await get(app, url, null)).code).toBe(301);
    }
    expect(body(await post(app, '/api/messages/read-all', null)).code).toBe(301);
  });

  it('answers 400 naming the field for a bad page or id, and writes nothing', async () => {
    const { app } = ctx();
    const page = body(await get(app, '/api/messages?page=0', a.token));
    expect(page.code).toBe(400);
    expect(page.message).toContain('页码');
    const size = body(await get(app, '/api/messages?size=500', a.token));
    expect(size.code).toBe(400);
    expect(size.message).toContain('每页条数');
    for (const id of ['abc', '0', '-3', '1.5']) {
      const answer = body(await detail(a.token, id));
      expect(answer.code).toBe(400);
      expect(answer.message).toContain('消息编号');
    }
  });

  it('gives a new learner no messages of their own and nothing unread', async () => {
    const [fresh] = (await createLearners(ctx().app.database.db, 1)) as [TestLearner];
    expect(await own(fresh.token)).toEqual([]);
    const all = await list(fresh.token);
    expect(all).toMatchObject({ page: 1, size: 50 });
    // The site's earlier notices (seeded) are there, as read.
    expect(all.list.every((item) => item.kind === 'notice' && item.read)).toBe(true);
    expect(await unread(fresh.token)).toBe(0);
  });

  it('sends a signup message for a class, unread until opened, linked to the class', async () => {
    const { app } = ctx();
    const classId = await createClass(app.database.db, { title: '智能手机入门班' });
    expect(
      body(await post(app, '/api/classes/signup', a.token, { classId, form: BASIC_FORM })).code,
    ).toBe(0);

    const before = await unread(a.token);
    const [first] = (await list(a.token)).list;
    expect(first).toMatchObject({
      kind: 'signup',
      title: '报名成功：「智能手机入门班」',
      read: false,
      link: { type: 'class', id: classId },
    });
    expect(first?.excerpt).toContain('您已成功报名班级「智能手机入门班」');

    const opened = body<MessageDetail>(await detail(a.token, first?.id));
    expect(opened.code).toBe(0);
    expect(opened.data).toMatchObject({ id: first?.id, read: true, kind: 'signup' });
    expect(opened.data.body).toContain('开班时间');
    expect(await unread(a.token)).toBe(before - 1);
    expect((await list(a.token)).list[0]).toMatchObject({ id: first?.id, read: true });
  });

  it("answers 404 for another learner's message, never its content, and leaves it unread", async () => {
    const { app } = ctx();
    const classId = await createClass(app.database.db, { title: '私人书法班' });
    await post(app, '/api/classes/signup', a.token, { classId, form: BASIC_FORM });
    const mine = (await list(a.token)).list.find((item) => item.link?.id === classId);
    if (!mine) throw new Error('no signup message');

    const response = await detail(b.token, mine.id);
    const answer = body(response);
    expect(answer).toEqual({ code: 404, message: MessageTexts.notFound, data: null });
    expect(response.body).not.toContain('私人书法班');
    expect(body(await detail(b.token, 999_999)).code).toBe(404);
    // Nor on another site of the same learner.
    expect(body(await detail(a.token, mine.id, OTHER_SITE)).code).toBe(404);
    expect((await list(a.token)).list.find((item) => item.id === mine.id)?.read).toBe(false);
  });

  it('shows a notice to every learner once, each with their own read state', async () => {
    const { app } = ctx();
    await app.messages.broadcast(
      'jingan',
      {
        title: '冬季课程开始报名',
        body: '冬季课程12月1日起报名。',
        link: { type: 'article', id: 5 },
      },
      'test:notice:1',
    );
    const [aBefore, bBefore] = [await unread(a.token), await unread(b.token)];
    const notice = (await list(b.token)).list.find((item) => item.title === '冬季课程开始报名');
    expect(notice).toMatchObject({ kind: 'notice', read: false, link: { type: 'article', id: 5 } });

    // Ten taps at once: read once.
    await Promise.all(Array.from({ length: 10 }, () => detail(b.token, notice?.id)));
    expect(await unread(b.token)).toBe(bBefore - 1);
    expect(await unread(a.token)).toBe(aBefore);
    const reads = await app.database.db
      .selectFrom('message_reads')
      .select('user_id')
      .where('message_id', '=', notice?.id ?? 0)
      .execute();
    expect(reads).toEqual([{ user_id: b.id }]);
    // Not on another site.
    expect((await list(a.token, OTHER_SITE)).total).toBe(0);
  });

  it('shows a learner who registers later the earlier notices as read', async () => {
    const { app } = ctx();
    await app.messages.broadcast('jingan', { title: '旧通知', body: '早先的通知。' }, 'test:old');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [late] = (await createLearners(app.database.db, 1)) as [TestLearner];
    const seen = (await list(late.token)).list.find((item) => item.title === '旧通知');
    expect(seen).toMatchObject({ kind: 'notice', read: true });
    expect(await unread(late.token)).toBe(0);
  });

  it('marks everything read at once, and a later notice is unread again', async () => {
    const { app } = ctx();
    const classId = await createClass(app.database.db);
    await post(app, '/api/classes/signup', b.token, { classId, form: BASIC_FORM });
    await app.messages.broadcast('jingan', { title: '通知二', body: '正文' }, 'test:2');
    expect(await unread(b.token)).toBeGreaterThanOrEqual(2);
    const aUnread = await unread(a.token);

    const answer = body<MessageUnread>(await post(app, '/api/messages/read-all', b.token));
    expect(answer).toMatchObject({ code: 0, data: { unread: 0 } });
    expect(await unread(b.token)).toBe(0);
    expect((await list(b.token)).list.every((item) => item.read)).toBe(true);
    expect(await unread(a.token)).toBe(aUnread);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await app.messages.broadcast('jingan', { title: '通知三', body: '正文' }, 'test:3');
    expect(await unread(b.token)).toBe(1);
  });

  it('pages newest first', async () => {
    const { app } = ctx();
    const all = await list(a.token);
    const times = all.list.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = body<Page<MessageSummary>>(
      await get(app, '/api/messages?page=2&size=1', a.token),
    ).data;
    expect(second).toMatchObject({ page: 2, size: 1, total: all.total });
    expect(second.list[0]?.id).toBe(all.list[1]?.id);
  });

  it('sends a signup message for an activity and a check-in message when staff check in', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner, staff] = (await registeredLearners(app, 2)) as [TestLearner, TestLearner];
    await addStaff(db, await organiserId(db), staff.id);
    const activityId = await createActivity(db, { title: '社区合唱活动' });
    expect(
      body(await post(app, '/api/activities/apply', learner.token, { activityId, form: FULL_FORM }))
        .code,
    ).toBe(0);
    const row = await db
      .selectFrom('activity_applications')
      .select('checkin_code')
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow();
    expect(
      body(await post(app, '/api/activities/checkin', staff.token, { code: row.checkin_code }))
        .code,
    ).toBe(0);

    // A first check-in also earns a medal: its message is the medals module's (tested there).
    const items = (await own(learner.token)).filter((item) => item.kind !== 'medal');
    expect(items.map((item) => [item.kind, item.title])).toEqual([
      ['checkin', '签到成功：「社区合唱活动」'],
      ['signup', '报名成功：「社区合唱活动」'],
    ]);
    expect(
      items.every((item) => item.link?.type === 'activity' && item.link.id === activityId),
    ).toBe(true);
    // The staff member gets nothing.
    expect(await own(staff.token)).toEqual([]);
  });

  it('writes no message for a refused signup', async () => {
    const { app } = ctx();
    const [learner] = (await registeredLearners(app, 1)) as [TestLearner];
    const classId = await createClass(app.database.db, { capacity: 1, seats_taken: 1 });
    expect(
      body(await post(app, '/api/classes/signup', learner.token, { classId, form: BASIC_FORM }))
        .code,
    ).toBe(409);
    expect(await own(learner.token)).toEqual([]);
  });
});
