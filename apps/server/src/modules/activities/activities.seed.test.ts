import {
  ACTIVITY_KINDS,
  type ActivityDetail,
  type ActivitySummary,
  type CheckinResult,
  CLASS_STATUSES,
  type MyActivity,
  type Page,
  type SignupField,
  validateSignupForm,
} from '@portal/contract';
import { expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemo } from '../../seed/seed.ts';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';

const q = (value: string) => encodeURIComponent(value);

describeEachEngine('demo activities', (ctx) => {
  const list = async (site: string, query: string) =>
    body<Page<ActivitySummary>>(
      await ctx().app.inject({ url: `/api/activities?${query}`, headers: { 'x-site': site } }),
    ).data;

  it('gives each site 60+ regular and 10 special activities, every kind in every status', async () => {
    for (const site of ['jingan', 'xuhui']) {
      const all = await list(site, 'size=1');
      const special = await list(site, `size=1&kind=${q('特色活动')}`);
      expect(special.total).toBe(10);
      expect(all.total - special.total).toBeGreaterThanOrEqual(60);
      for (const kind of ACTIVITY_KINDS) {
        for (const status of CLASS_STATUSES) {
          const page = await list(site, `size=50&kind=${q(kind)}&status=${q(status)}`);
          expect(page.total, `${site} ${kind} ${status}`).toBeGreaterThanOrEqual(1);
          expect(page.list.every((item) => item.kind === kind && item.status === status)).toBe(
            true,
          );
        }
      }
    }
  });

  it('keeps every seat count equal to the real active applications, within capacity', async () => {
    const { db } = ctx().app.database;
    const activities = await db
      .selectFrom('activities')
      .select(['id', 'kind', 'capacity', 'seats_taken', 'form_fields', 'attachment_rule'])
      .execute();
    const applications = await db
      .selectFrom('activity_applications')
      .select(['activity_id', 'user_id', 'status', 'form', 'checkin_code'])
      .execute();
    const byActivity = new Map<number, typeof applications>();
    for (const application of applications) {
      const mine = byActivity.get(application.activity_id) ?? [];
      mine.push(application);
      byActivity.set(application.activity_id, mine);
    }
    let multi = 0;
    for (const activity of activities) {
      const mine = byActivity.get(activity.id) ?? [];
      // A seat is held by a confirmed sign-up or one waiting for review (the demo has both).
      const active = mine.filter((application) =>
        ['active', 'pending'].includes(application.status),
      );
      expect(activity.seats_taken).toBe(active.length);
      expect(activity.seats_taken).toBeLessThanOrEqual(activity.capacity);
      expect(new Set(mine.map((application) => application.user_id)).size).toBe(mine.length);
      expect(activity.attachment_rule === null).toBe(activity.kind !== '特色活动');
      const fields = JSON.parse(activity.form_fields) as SignupField[];
      if (fields.some((field) => field.kind === 'multi')) multi += 1;
      for (const application of mine) {
        expect(validateSignupForm(fields, JSON.parse(application.form)).ok).toBe(true);
        if (['active', 'pending', 'waiting'].includes(application.status)) {
          expect(application.checkin_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
        } else {
          expect(application.checkin_code).toBeNull();
        }
      }
    }
    expect(multi).toBeGreaterThanOrEqual(10);
    const full = activities.filter((activity) => activity.seats_taken === activity.capacity);
    expect(full.length).toBeGreaterThanOrEqual(8);
  });

  it('opens the list with a 报名中 activity whose form asks every kind of field', async () => {
    const { app } = ctx();
    const token = await loginAs(app);
    const [first] = (await list('jingan', `size=1&status=${q('报名中')}`)).list;
    expect(first).toBeDefined();
    const [head] = (await list('jingan', 'size=1')).list;
    expect(head?.id).toBe(first?.id);
    const detail = body<ActivityDetail>(
      await app.inject({
        url: `/api/activities/detail?id=${first?.id}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    ).data;
    expect(detail.kind).not.toBe('特色活动');
    expect(new Set(detail.formFields.map((field) => field.kind))).toEqual(
      new Set(['text', 'phone', 'number', 'choice', 'multi']),
    );
    expect(detail.seatsLeft).toBeGreaterThanOrEqual(50);
    expect(detail.myApplication).toBeNull();

    const [special] = (await list('jingan', `size=1&kind=${q('特色活动')}&status=${q('报名中')}`))
      .list;
    const rule = body<ActivityDetail>(
      await app.inject({ url: `/api/activities/detail?id=${special?.id}` }),
    ).data.attachments;
    expect(rule?.accept).toEqual(expect.arrayContaining(['image/jpeg', 'image/png']));
    expect(rule?.maxCount).toBeGreaterThanOrEqual(1);
  });

  it('gives the demo learner an application in every state', async () => {
    const { app } = ctx();
    const token = await loginAs(app);
    const { data } = body<Page<MyActivity>>(
      await app.inject({
        url: '/api/activities/mine?size=50',
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(data.list.map((item) => item.state).sort()).toEqual(
      ['已报名', '已报名', '已取消', '已签到', '已结束'].sort(),
    );
    expect(data.list.filter((item) => item.canCancel)).toHaveLength(1);
  });

  it('lets the seeded organiser staff account check a learner in', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const row = await db
      .selectFrom('activity_applications')
      .innerJoin('activities', 'activities.id', 'activity_applications.activity_id')
      .innerJoin('users', 'users.id', 'activity_applications.user_id')
      .select(['activity_applications.checkin_code', 'activities.title'])
      .where('users.username', 'not like', '13800000%')
      .where('activities.site_key', '=', 'jingan')
      .where('activities.published', '=', 1)
      .where('activities.end_at', '>', Date.now())
      .where('activity_applications.status', '=', 'active')
      .where('activity_applications.checked_in_at', 'is', null)
      .executeTakeFirstOrThrow();
    const staff = await loginAs(app, '13800000009', 'Demo@2026');
    const response = await app.inject({
      method: 'POST',
      url: '/api/activities/checkin',
      headers: { authorization: `Bearer ${staff}` },
      payload: { code: row.checkin_code },
    });
    expect(body<CheckinResult>(response)).toMatchObject({
      code: 0,
      data: { activityTitle: row.title },
    });
    // A learner is no organiser's staff.
    const learner = await loginAs(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/activities/checkin',
      headers: { authorization: `Bearer ${learner}` },
      payload: { code: row.checkin_code },
    });
    expect(body(refused).code).toBe(403);
  });

  it('serves the generated covers', async () => {
    const { app } = ctx();
    const [item] = (await list('jingan', 'size=1')).list;
    const response = await app.inject({ url: item?.cover as string });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<svg');
  });
});

it('seeds the same activities every time', async () => {
  const snapshot = async () => {
    const database = await createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database);
    await seedDemo(database);
    const rows = await database.db
      .selectFrom('activities')
      .select([
        'kind',
        'title',
        'place',
        'organiser_id',
        'map_place_id',
        'capacity',
        'seats_taken',
        'form_fields',
        'attachment_rule',
        'description',
      ])
      .orderBy('id')
      .execute();
    await database.destroy();
    return rows;
  };
  const first = await snapshot();
  expect(first).toHaveLength(2 * (63 + 10));
  expect(await snapshot()).toEqual(first);
  // Two whole seeds: over 30 s beside the other suites on a loaded 2-core machine.
}, 90_000);
