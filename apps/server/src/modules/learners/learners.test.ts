import {
  ErrorCode,
  type LearnerDetail,
  type LearnerPage,
  type LearnerPointsResult,
  type LearnerRow,
  type Page,
  type PointsLedgerEntry,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenInvariants } from '../../db/invariants.ts';
import { getAs, newPhone, registerLearner, TEST_PASSWORD } from '../../testing/account-factory.ts';
import { createClass, type TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine, ssoTicket } from '../../testing/test-app.ts';
import { createWalk } from '../../testing/walk-factory.ts';

/*
 * The learners desk (学员管理) on both engines: the site's learners searched by name or phone
 * with phones masked by role, one learner's records, an account stopped on the site (signed out
 * at once, no sign-in there until started again) and started again, and corrections of points
 * that never take a balance below zero, each in the audit log; every refusal writes nothing.
 */

const SITE = 'jingan';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';

describeEachEngine('the learners desk (学员管理)', (ctx) => {
  let app: FastifyInstance;
  let admin: TestLearner;
  let reviewer: TestLearner;
  let editor: TestLearner;
  let elsewhere: TestLearner;
  /** A learner registered and signed in through the account center, on the default site. */
  let learner: { id: number; phone: string; token: string };

  const call = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const list = (who: TestLearner, search = '') =>
    call<LearnerPage>(who, 'GET', `/api/admin/learners?page=1&size=20${search}`);
  const detail = (who: TestLearner, id = learner.id) =>
    call<LearnerDetail>(who, 'GET', `/api/admin/learners/detail?id=${id}`);
  const adjust = (amount: number, key: string, reason = '活动积分漏发补录', who = admin) =>
    call<LearnerPointsResult>(who, 'POST', '/api/admin/learners/points', {
      id: learner.id,
      amount,
      reason,
      key,
    });
  const ledger = async () =>
    (
      await call<Page<PointsLedgerEntry>>(
        admin,
        'GET',
        `/api/admin/learners/ledger?id=${learner.id}&page=1&size=50`,
      )
    ).data;
  const signIn = async (phone: string, site = SITE, to: 'portal' | 'console' = 'portal') => {
    const ticket = await ssoTicket(app, phone, TEST_PASSWORD);
    return body<{ token: string }>(
      await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { 'x-site': site, 'user-agent': PHONE_UA },
        payload: { ticket, app: to },
      }),
    );
  };
  const count = async (table: 'audit_log' | 'points_ledger' | 'sessions') =>
    Number(
      (
        await app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const invariants = () =>
    brokenInvariants(
      async (query) => (await sql.raw<{ id: unknown }>(query).execute(app.database.db)).rows,
    );

  beforeAll(async () => {
    app = ctx().app;
    admin = await createOperator(app, [{ site: SITE, role: 'site_admin' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    elsewhere = await createOperator(app, [{ site: 'xuhui', role: 'site_admin' }]);
    learner = await registerLearner(app);
    await app.database.db
      .updateTable('users')
      .set({ nickname: '柏青松' })
      .where('id', '=', learner.id)
      .execute();
  });

  describe('the list', () => {
    it('finds a learner by phone digits or by name, the phone in full for a site admin', async () => {
      const byPhone = await list(admin, `&q=${learner.phone.slice(3, 9)}`);
      expect(byPhone.code, byPhone.message).toBe(0);
      expect(byPhone.data.phonesMasked).toBe(false);
      expect(byPhone.data.list.map((row) => [row.id, row.phone])).toEqual([
        [learner.id, learner.phone],
      ]);
      const byName = await list(admin, `&q=${encodeURIComponent('青松')}`);
      expect(byName.data.list.map((row) => row.id)).toEqual([learner.id]);
      expect(byName.data.list[0]).toMatchObject({ nickname: '柏青松', state: 'active', points: 0 });
      // The seeded demo learner is a learner of the site too.
      const demo = await list(admin, '&q=13800000001');
      expect(demo.data.list.map((row) => row.nickname)).toEqual(['王秀兰']);
    });

    it('masks the phone for a reviewer, refuses an editor, and keeps other sites apart', async () => {
      const masked = await list(reviewer, `&q=${encodeURIComponent('柏青松')}`);
      expect(masked.data.phonesMasked).toBe(true);
      expect(masked.data.list[0]?.phone).toBe(
        `${learner.phone.slice(0, 3)}****${learner.phone.slice(7)}`,
      );
      expect((await list(editor)).code).toBe(ErrorCode.forbidden);
      // Signed in on 静安 only: not a learner of 徐汇 (its admin finds nobody, and gets 404).
      const xuhui = await adminCall<LearnerPage>(
        app,
        elsewhere.token,
        'xuhui',
        'GET',
        `/api/admin/learners?q=${learner.phone}`,
      );
      expect(xuhui.data.total).toBe(0);
      const other = await adminCall(
        app,
        elsewhere.token,
        'xuhui',
        'GET',
        `/api/admin/learners/detail?id=${learner.id}`,
      );
      expect(other.code).toBe(ErrorCode.notFound);
      expect(other.message).toBe('学员不存在');
    });

    it('leaves out staff who only sign in to the console, until they sign in to the portal', async () => {
      const phone = newPhone();
      await app.accounts.register({ username: phone, password: TEST_PASSWORD });
      const worked = await signIn(phone, SITE, 'console');
      expect(worked.code, worked.message).toBe(0);
      expect((await getAs(app, worked.data.token, '/api/account/me')).code).toBe(0);
      expect((await list(admin, `&q=${phone}`)).data.total).toBe(0);
      const learned = await signIn(phone);
      expect(learned.code, learned.message).toBe(0);
      expect((await list(admin, `&q=${phone}`)).data.list.map((row) => row.phone)).toEqual([phone]);
    });

    it('answers a bad filter in Chinese', async () => {
      const bad = await list(admin, '&state=gone');
      expect(bad.code).toBe(ErrorCode.invalid);
      expect(bad.message).toContain('请选择正常或已停用');
    });
  });

  describe("a learner's page", () => {
    it('shows their sign-ups, devices and learning on the site', async () => {
      const classId = await createClass(app.database.db, {
        title: '书法入门班',
        capacity: 20,
        formFields: [],
      });
      const signup = await app.inject({
        method: 'POST',
        url: '/api/classes/signup',
        headers: { 'x-site': SITE, authorization: `Bearer ${learner.token}` },
        payload: { classId, form: {} },
      });
      expect(body(signup).code, body(signup).message).toBe(0);
      const walk = await createWalk(app.database.db, { startsIn: 5 * 86_400_000 });
      const walked = await app.inject({
        method: 'POST',
        url: '/api/walks/signup',
        headers: { 'x-site': SITE, authorization: `Bearer ${learner.token}` },
        payload: { sessionId: walk.sessionId },
      });
      expect(body(walked).code, body(walked).message).toBe(0);
      const walkStart = await app.database.db
        .selectFrom('walk_sessions')
        .select('start_at')
        .where('id', '=', walk.sessionId)
        .executeTakeFirstOrThrow();
      const signedIn = await signIn(learner.phone);
      expect(signedIn.code, signedIn.message).toBe(0);
      const answer = await detail(reviewer);
      expect(answer.code, answer.message).toBe(0);
      const page = answer.data;
      expect(page.canManage).toBe(false);
      // A walk's session says when it starts (the sessions of a walk share its title).
      expect(page.signups).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'walk',
            itemId: walk.sessionId,
            startsAt: new Date(Number(walkStart.start_at)).toISOString(),
            status: 'active',
          }),
          expect.objectContaining({
            kind: 'class',
            itemId: classId,
            title: '书法入门班',
            startsAt: null,
            status: 'active',
          }),
        ]),
      );
      expect(page.devices.map((device) => device.description)).toContain('iPhone · Safari');
      expect(page.learning.recent.map((entry) => entry.kind)).toEqual(['course', 'live']);
      expect((await detail(admin)).data.canManage).toBe(true);
      expect((await detail(admin, 999_999)).code).toBe(ErrorCode.notFound);
    });
  });

  describe('points adjustments', () => {
    it('adds points with a reason the ledger shows, once per submission, in the audit log', async () => {
      const before = await count('audit_log');
      const added = await adjust(8, 'adjust-add-0001');
      expect(added.code, added.message).toBe(0);
      expect(added.data).toEqual({ balance: 8, applied: true });
      // A retried submission (the same key) adjusts nothing more.
      expect((await adjust(8, 'adjust-add-0001')).data).toEqual({ balance: 8, applied: false });
      const rows = (await ledger()).list;
      expect(rows[0]).toMatchObject({
        ruleKey: 'adjustment',
        ruleName: '积分调整',
        title: '活动积分漏发补录',
        amount: 8,
        balanceAfter: 8,
      });
      expect(rows.filter((row) => row.ruleKey === 'adjustment')).toHaveLength(1);
      // The learner sees it in their own ledger.
      const own = await getAs<Page<PointsLedgerEntry>>(
        app,
        learner.token,
        '/api/points/ledger?page=1&size=5',
      );
      expect(own.data.list[0]).toMatchObject({ ruleName: '积分调整', amount: 8 });
      expect(await count('audit_log')).toBe(before + 1);
      const entry = await app.database.db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'entity_id', 'summary', 'actor_id'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({
        action: 'adjust',
        entity: 'learner',
        entity_id: learner.id,
        actor_id: admin.id,
      });
      expect(entry.summary).toContain('+8');
    });

    it('refuses a take-away beyond the balance, a zero, no reason, or a reviewer, writing nothing', async () => {
      const rows = await count('points_ledger');
      const audits = await count('audit_log');
      const beyond = await adjust(-9, 'adjust-take-0001');
      expect(beyond.code).toBe(ErrorCode.conflict);
      expect(beyond.message).toBe('积分不足：该学员现有 8 积分，最多可扣减 8 积分');
      const zero = await adjust(0, 'adjust-zero-0001');
      expect(zero.code).toBe(ErrorCode.invalid);
      expect(zero.message).toContain('调整的积分不能为 0');
      const noReason = await adjust(3, 'adjust-none-0001', ' ');
      expect(noReason.code).toBe(ErrorCode.invalid);
      expect(noReason.message).toContain('请写明调整的原因');
      expect((await adjust(3, 'adjust-revw-0001', '补录', reviewer)).code).toBe(
        ErrorCode.forbidden,
      );
      expect(await count('points_ledger')).toBe(rows);
      expect(await count('audit_log')).toBe(audits);
    });

    it('takes away at once no more than the balance: 20 concurrent deductions of 3 from 8', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          adjust(-3, `adjust-race-${String(index).padStart(4, '0')}`, '重复发放更正'),
        ),
      );
      const applied = answers.filter((answer) => answer.code === 0);
      expect(applied).toHaveLength(2);
      expect(answers.filter((answer) => answer.code !== 0).map((answer) => answer.code)).toEqual(
        Array(18).fill(ErrorCode.conflict),
      );
      const page = await detail(admin);
      expect(page.data.learner.points).toBe(2);
      expect(await invariants()).toEqual([]);
    });
  });

  describe('stopping and starting an account', () => {
    it('signs the learner out at once and refuses their sign-in on the site, with the reason', async () => {
      const second = await signIn(learner.phone);
      expect(second.code).toBe(0);
      const noReason = await call(admin, 'POST', '/api/admin/learners/disable', {
        id: learner.id,
        reason: '',
      });
      expect(noReason.code).toBe(ErrorCode.invalid);
      expect(noReason.message).toContain('请写明停用的原因');
      expect(
        (
          await call(reviewer, 'POST', '/api/admin/learners/disable', {
            id: learner.id,
            reason: '冒用他人账号',
          })
        ).code,
      ).toBe(ErrorCode.forbidden);
      expect((await getAs(app, learner.token, '/api/account/me')).code).toBe(0);

      const stopped = await call<LearnerRow>(admin, 'POST', '/api/admin/learners/disable', {
        id: learner.id,
        reason: '冒用他人账号',
      });
      expect(stopped.code, stopped.message).toBe(0);
      expect(stopped.data.state).toBe('disabled');
      // Every device on the site is signed out now.
      for (const token of [learner.token, second.data.token]) {
        expect((await getAs(app, token, '/api/account/me')).code).toBe(ErrorCode.loginRequired);
      }
      const refused = await signIn(learner.phone);
      expect(refused.code).toBe(ErrorCode.forbidden);
      expect(refused.message).toBe(
        '您的账号已在本站停用（冒用他人账号），如有疑问请联系学习网工作人员',
      );
      // Another site is not this site's to stop.
      expect((await signIn(learner.phone, 'xuhui')).code).toBe(0);
      const page = (await detail(admin)).data;
      expect(page.learner).toMatchObject({ state: 'disabled', disabledReason: '冒用他人账号' });
      expect(page.devices).toEqual([]);
      const filtered = await list(admin, '&state=disabled');
      expect(filtered.data.list.map((row) => row.id)).toContain(learner.id);
      const again = await call(admin, 'POST', '/api/admin/learners/disable', {
        id: learner.id,
        reason: '再次停用',
      });
      expect(again.code).toBe(ErrorCode.conflict);
      expect(again.message).toBe('该学员的账号已经停用');
    });

    it('lets them sign in again once started, each change in the audit log', async () => {
      const started = await call<LearnerRow>(admin, 'POST', '/api/admin/learners/enable', {
        id: learner.id,
      });
      expect(started.code, started.message).toBe(0);
      expect(started.data.state).toBe('active');
      const back = await signIn(learner.phone);
      expect(back.code, back.message).toBe(0);
      expect((await getAs(app, back.data.token, '/api/account/me')).code).toBe(0);
      const again = await call(admin, 'POST', '/api/admin/learners/enable', { id: learner.id });
      expect(again.code).toBe(ErrorCode.conflict);
      const actions = await app.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'learner')
        .where('entity_id', '=', learner.id)
        .orderBy('id')
        .execute();
      expect(actions.map((row) => row.action)).toEqual([
        'adjust',
        'adjust',
        'adjust',
        'disable',
        'enable',
      ]);
    });
  });
});
