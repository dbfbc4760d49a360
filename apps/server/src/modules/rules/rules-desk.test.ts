import {
  type AdminRules,
  ErrorCode,
  type MedalList,
  type PointsSummary,
  type PointsTasks,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

describeEachEngine('the console’s points and medal rules', (ctx) => {
  let app: FastifyInstance;
  let superAdmin: TestLearner;
  let siteAdmin: TestLearner;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, 'jingan', method, url, payload);
  const rules = async (who: TestLearner = superAdmin) =>
    (await as<AdminRules>(who, 'GET', '/api/admin/rules')).data;
  const pointsRule = async (key: string) => {
    const rule = (await rules()).points.find((item) => item.key === key);
    if (!rule) throw new Error(`no rule ${key}`);
    return rule;
  };
  const medal = async (key: string) => {
    const found = (await rules()).medals.find((item) => item.key === key);
    if (!found) throw new Error(`no medal ${key}`);
    return found;
  };
  const learnerGet = async <T>(url: string, token: string) =>
    body<T>(
      await app.inject({ url, headers: { 'x-site': 'jingan', authorization: `Bearer ${token}` } }),
    );
  const auditCount = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = ctx().app;
    superAdmin = await createOperator(app, [{ site: null, role: 'super_admin' }]);
    siteAdmin = await createOperator(app, [{ site: 'jingan', role: 'site_admin' }]);
  });

  it('shows a site’s staff every rule and medal, and only a 超级管理员 may change them', async () => {
    const seen = await rules(siteAdmin);
    expect(seen.editable).toBe(false);
    expect(seen.points.find((rule) => rule.key === 'login')).toMatchObject({
      name: '每日登录',
      unit: '次',
      pointsPerUnit: 2,
      dailyCap: 1,
      active: true,
    });
    expect(seen.medals.find((item) => item.key === 'course-5')).toMatchObject({
      name: '学有所成',
      metric: 'courses_completed',
      threshold: 5,
    });
    expect((await rules()).editable).toBe(true);
    const login = await pointsRule('login');
    const refused = await as(siteAdmin, 'POST', '/api/admin/rules/points/update', {
      ...login,
      pointsPerUnit: 3,
    });
    expect(refused.code).toBe(ErrorCode.forbidden);
    expect(refused.message).toContain('只有超级管理员');
    expect((await pointsRule('login')).pointsPerUnit).toBe(2);
  });

  it('awards by the changed rule from the next deed on, and a rule turned off stops', async () => {
    const login = await pointsRule('login');
    const before = await auditCount();
    const changed = await as<AdminRules>(superAdmin, 'POST', '/api/admin/rules/points/update', {
      ...login,
      name: '每日签到',
      pointsPerUnit: 5,
    });
    expect(changed.code, changed.message).toBe(0);
    expect(changed.data.points.find((rule) => rule.key === 'login')).toMatchObject({
      name: '每日签到',
      pointsPerUnit: 5,
      version: login.version + 1,
    });
    expect(await auditCount()).toBe(before + 1);
    const [fresh] = await createLearners(app.database.db, 1);
    const token = (
      await learnerGet<string>('/api/account/refresh-token', (fresh as TestLearner).token)
    ).data;
    const summary = await learnerGet<PointsSummary>('/api/points/summary', token);
    expect(summary.data.todayEarned).toBe(5);
    const tasks = await learnerGet<PointsTasks>('/api/points/tasks', token);
    expect(tasks.data.tasks.find((task) => task.key === 'login')).toMatchObject({
      name: '每日签到',
      pointsPerUnit: 5,
    });

    const article = await pointsRule('article_read');
    const off = await as(superAdmin, 'POST', '/api/admin/rules/points/update', {
      ...article,
      active: false,
    });
    expect(off.code, off.message).toBe(0);
    const after = await learnerGet<PointsTasks>('/api/points/tasks', token);
    expect(after.data.tasks.map((task) => task.key)).not.toContain('article_read');
  });

  it('refuses a rule that would make points unbounded, naming the field, and writes nothing', async () => {
    const minute = await pointsRule('learning_minute');
    const before = await auditCount();
    const tooMuch = await as(superAdmin, 'POST', '/api/admin/rules/points/update', {
      ...minute,
      pointsPerUnit: 10,
      dailyCap: 60,
    });
    expect(tooMuch.code).toBe(ErrorCode.invalid);
    expect(tooMuch.message).toContain('每天最多可得 600 分，单项规则不能超过 200 分');
    for (const [field, value, words] of [
      ['pointsPerUnit', 0, '至少 1'],
      ['pointsPerUnit', 101, '最多 100'],
      ['dailyCap', 601, '最多 600'],
      ['dailyCap', 1.5, '须为整数'],
      ['name', '', '不能为空'],
    ] as const) {
      const refused = await as(superAdmin, 'POST', '/api/admin/rules/points/update', {
        ...minute,
        [field]: value,
      });
      expect(refused.code, field).toBe(ErrorCode.invalid);
      expect(refused.message, field).toContain(words);
    }
    // Each rule within its bound, all of them together not: 200 more a day for 3 rules.
    let refusedTotal = '';
    let accepted = 0;
    for (const key of ['lesson_complete', 'course_complete', 'class_finish', 'activity_checkin']) {
      const rule = await pointsRule(key);
      const raised = await as(superAdmin, 'POST', '/api/admin/rules/points/update', {
        ...rule,
        pointsPerUnit: 100,
        dailyCap: 2,
      });
      if (raised.code !== 0) {
        refusedTotal = raised.message;
        break;
      }
      accepted += 1;
    }
    expect(refusedTotal).toMatch(/全部规则合计每天最多可得 \d+ 分，不能超过 600 分/);
    const stale = await as(superAdmin, 'POST', '/api/admin/rules/points/update', {
      ...minute,
      version: minute.version - 1 || 99,
      dailyCap: 40,
    });
    expect(stale.code).toBe(ErrorCode.conflict);
    expect(stale.message).toBe('已被他人修改，请刷新后再改');
    const unknown = await as(superAdmin, 'POST', '/api/admin/rules/points/update', {
      ...minute,
      key: 'no_such_rule',
    });
    expect(unknown.code).toBe(ErrorCode.notFound);
    expect(await pointsRule('learning_minute')).toEqual(minute);
    // Only the accepted raises were logged.
    expect(await auditCount()).toBe(before + accepted);
  });

  it('changes a medal’s threshold, name and description as learners then see it', async () => {
    const book = await medal('book-10');
    const changed = await as<AdminRules>(superAdmin, 'POST', '/api/admin/rules/medals/update', {
      ...book,
      name: '书香门第',
      description: '读完 8 本电子书',
      threshold: 8,
    });
    expect(changed.code, changed.message).toBe(0);
    const [fresh] = await createLearners(app.database.db, 1);
    const list = await learnerGet<MedalList>('/api/medals', (fresh as TestLearner).token);
    expect(list.data.medals.find((item) => item.key === 'book-10')).toMatchObject({
      name: '书香门第',
      description: '读完 8 本电子书',
      threshold: 8,
    });
  });

  it('refuses a medal that makes no sense, naming the field, and writes nothing', async () => {
    const course = await medal('course-5');
    const before = await auditCount();
    for (const [patch, words] of [
      [{ threshold: 6 }, '写的是 5，与门槛 6 门不一致'],
      [{ threshold: 501, description: '完成很多课程' }, '最多 500 门'],
      [{ threshold: 0 }, '至少为 1'],
      [{ name: '初学乍练' }, '已有勋章叫「初学乍练」'],
      [{ threshold: 20, description: '完成 20 门课程' }, '「博学多才」已是同样的门槛'],
      [{ metric: 'streak_days', threshold: 5 }, '不能改为其他类型'],
      [{ description: '' }, '不能为空'],
      [{ version: course.version + 5 }, '已被他人修改'],
    ] as const) {
      const refused = await as(superAdmin, 'POST', '/api/admin/rules/medals/update', {
        ...course,
        ...patch,
      });
      expect(refused.code, words).not.toBe(0);
      expect(refused.message, words).toContain(words);
    }
    expect(await medal('course-5')).toEqual(course);
    expect(await auditCount()).toBe(before);
  });
});
