import {
  type CheckinDeskResult,
  type CheckinDeskSummary,
  ErrorCode,
  type MessageSummary,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createActivity, FULL_FORM } from '../../testing/activity-factory.ts';
import { createLearners, type TestLearner, windows } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

/*
 * The check-in desk (签到台) on both engines: a 签到员 checks learners in at an activity's door
 * by the code of their QR or their phone number; the portal's rules, message and counts hold,
 * and each refusal writes nothing.
 */

const SITE = 'jingan';

describeEachEngine('the check-in desk (签到台)', (ctx) => {
  let app: FastifyInstance;
  let door: TestLearner;
  let editor: TestLearner;
  let elsewhere: TestLearner;
  let learners: TestLearner[];
  let activityId: number;
  let otherId: number;

  const desk = (who: TestLearner, payload: Record<string, unknown>, site = SITE) =>
    adminCall<CheckinDeskResult>(app, who.token, site, 'POST', '/api/admin/checkin', payload);
  const summary = (who: TestLearner, id = activityId) =>
    adminCall<CheckinDeskSummary>(
      app,
      who.token,
      SITE,
      'GET',
      `/api/admin/checkin/summary?activityId=${id}`,
    );
  const apply = async (who: TestLearner, id: number) => {
    const answer = body(
      await app.inject({
        method: 'POST',
        url: '/api/activities/apply',
        headers: { 'x-site': SITE, authorization: `Bearer ${who.token}` },
        payload: { activityId: id, form: FULL_FORM },
      }),
    );
    expect(answer.code, answer.message).toBe(0);
  };
  const codeOf = async (who: TestLearner, id = activityId) =>
    (
      await app.database.db
        .selectFrom('activity_applications')
        .select('checkin_code')
        .where('activity_id', '=', id)
        .where('user_id', '=', who.id)
        .executeTakeFirstOrThrow()
    ).checkin_code as string;
  const learner = (index: number) => {
    const found = learners[index];
    if (!found) throw new Error(`no learner ${index}`);
    return found;
  };
  const writes = async () =>
    Promise.all(
      (['messages', 'points_ledger'] as const).map(async (table) =>
        Number(
          (
            await app.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );

  beforeAll(async () => {
    app = ctx().app;
    const { db } = app.database;
    door = await createOperator(app, [{ site: SITE, role: 'checkin' }]);
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    elsewhere = await createOperator(app, [{ site: 'xuhui', role: 'checkin' }]);
    learners = await createLearners(db, 4);
    for (const [index, who] of learners.entries()) {
      who.username = `1391234100${index}`;
      await db
        .updateTable('users')
        .set({ username: who.username, nickname: `到场学员${index}` })
        .where('id', '=', who.id)
        .execute();
    }
    activityId = await createActivity(db, { title: '社区读书会', capacity: 10 });
    otherId = await createActivity(db, { title: '插花体验课', capacity: 10 });
    for (const who of learners.slice(0, 3)) await apply(who, activityId);
    await apply(learner(3), otherId);
  });

  it('checks learners in by QR code or phone number, once each, with the live count', async () => {
    expect((await summary(door)).data).toMatchObject({
      activity: { id: activityId, title: '社区读书会' },
      signedUp: 3,
      checkedIn: 0,
      recent: [],
    });
    const byCode = await desk(door, { activityId, code: await codeOf(learner(0)) });
    expect(byCode.code, byCode.message).toBe(0);
    expect(byCode.data.checkin).toMatchObject({ learnerName: '到场学员0', activityId });
    expect(byCode.data.summary).toMatchObject({ signedUp: 3, checkedIn: 1 });

    const byPhone = await desk(door, { activityId, phone: learner(1).username });
    expect(byPhone.code, byPhone.message).toBe(0);
    expect(byPhone.data.summary.checkedIn).toBe(2);
    // The 签到员 sees the numbers in full; the newest arrival first.
    expect(byPhone.data.summary.recent.map((row) => [row.nickname, row.phone])).toEqual([
      ['到场学员1', learner(1).username],
      ['到场学员0', learner(0).username],
    ]);
    // The learner is told, as at the organiser's door.
    const messages = body<Page<MessageSummary>>(
      await app.inject({
        method: 'GET',
        url: '/api/messages?page=1&size=5',
        headers: { 'x-site': SITE, authorization: `Bearer ${learner(1).token}` },
      }),
    ).data.list;
    expect(messages.map((message) => message.title)).toContain('签到成功：「社区读书会」');
  });

  it('refuses what the door must not take, in Chinese, writing nothing', async () => {
    const before = await writes();
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ activityId, code: await codeOf(learner(0)) }, ErrorCode.conflict, /请勿重复签到/],
      [{ activityId, phone: learner(0).username }, ErrorCode.conflict, /请勿重复签到/],
      [
        { activityId, code: await codeOf(learner(3), otherId) },
        ErrorCode.conflict,
        /^这是活动「插花体验课」的签到码，不是本活动的/,
      ],
      [{ activityId, phone: learner(3).username }, ErrorCode.conflict, /^该手机号没有报名本活动$/],
      [{ activityId, code: 'AAAAAAAAAAAAAAAAAAAAAA' }, ErrorCode.notFound, /^签到码无效/],
      [{ activityId, phone: '1234' }, ErrorCode.invalid, /^手机号：请输入 11 位手机号$/],
      [{ activityId }, ErrorCode.invalid, /请扫描签到码或输入手机号（二选一）/],
      [{ activityId, code: 'x', phone: learner(2).username }, ErrorCode.invalid, /二选一/],
    ];
    for (const [payload, code, message] of cases) {
      const answer = await desk(door, payload);
      expect(answer.code, JSON.stringify(payload)).toBe(code);
      expect(answer.message).toMatch(message);
    }
    // Another site's desk does not find it; an editor has no desk.
    expect((await desk(elsewhere, { activityId, phone: learner(2).username }, 'xuhui')).code).toBe(
      ErrorCode.notFound,
    );
    expect((await desk(editor, { activityId, phone: learner(2).username })).code).toBe(
      ErrorCode.forbidden,
    );
    expect(await writes()).toEqual(before);
    expect((await summary(door)).data.checkedIn).toBe(2);
  });

  it('refuses an activity that has ended, and a cancelled application', async () => {
    const { db } = app.database;
    const ended = await createActivity(db, { title: '已结束的讲座', ...windows.open() });
    await apply(learner(2), ended);
    await db.updateTable('activities').set(windows.ended()).where('id', '=', ended).execute();
    expect(await desk(door, { activityId: ended, phone: learner(2).username })).toMatchObject({
      code: ErrorCode.conflict,
      message: '活动已结束，无法签到',
    });
    const answer = body(
      await app.inject({
        method: 'POST',
        url: '/api/activities/cancel',
        headers: { 'x-site': SITE, authorization: `Bearer ${learner(2).token}` },
        payload: { activityId },
      }),
    );
    expect(answer.code, answer.message).toBe(0);
    expect(await desk(door, { activityId, phone: learner(2).username })).toMatchObject({
      code: ErrorCode.conflict,
      message: '该报名已取消，无法签到',
    });
  });
});
