import {
  CLASS_STATUSES,
  type ClassSummary,
  type MyClass,
  type Page,
  validateSignupForm,
} from '@portal/contract';
import { expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemo } from '../../seed/seed.ts';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';
import { parseFormFields } from '../seats/seats.ts';

describeEachEngine('demo classes', (ctx) => {
  it('gives each site at least 20 published classes in every status', async () => {
    const { app } = ctx();
    for (const site of ['jingan', 'xuhui']) {
      const counts: Record<string, number> = {};
      for (const status of CLASS_STATUSES) {
        const response = await app.inject({
          url: `/api/classes?size=50&status=${encodeURIComponent(status)}`,
          headers: { 'x-site': site },
        });
        counts[status] = body<Page<ClassSummary>>(response).data.total;
      }
      expect(counts).toEqual({ 报名中: 10, 未开始: 4, 已满: 3, 进行中: 4, 已结束: 3 });
      const all = body<Page<ClassSummary>>(
        await app.inject({ url: '/api/classes?size=50', headers: { 'x-site': site } }),
      ).data;
      expect(all.total).toBe(24);
      expect(new Set(all.list.map((item) => item.title)).size).toBe(24);
      for (const item of all.list) {
        expect(item.capacity).toBeGreaterThanOrEqual(20);
        expect(item.capacity).toBeLessThanOrEqual(60);
        expect(item.cover).toMatch(/^\/files\/covers\/.+\.svg$/);
        expect(item.term).toMatch(/^20\d\d年[春夏秋冬]季$/);
        expect(item.schedule).toMatch(/^每周[一二三四五六日] \d{1,2}:\d\d-\d{1,2}:\d\d$/);
      }
    }
  });

  it('keeps every seat count equal to the real active signups, within capacity', async () => {
    const { db } = ctx().app.database;
    const classes = await db
      .selectFrom('classes')
      .select(['id', 'capacity', 'seats_taken', 'form_fields', 'site_key'])
      .execute();
    const signups = await db
      .selectFrom('class_signups')
      .select(['class_id', 'user_id', 'status', 'form'])
      .execute();
    for (const klass of classes) {
      const mine = signups.filter((signup) => signup.class_id === klass.id);
      // A seat is held by a confirmed sign-up or one waiting for review (the demo has both).
      const active = mine.filter((signup) => ['active', 'pending'].includes(signup.status));
      expect(klass.seats_taken).toBe(active.length);
      expect(klass.seats_taken).toBeLessThanOrEqual(klass.capacity);
      expect(new Set(mine.map((signup) => signup.user_id)).size).toBe(mine.length);
      const fields = parseFormFields(klass.form_fields);
      expect(fields.slice(0, 2).map((field) => field.key)).toEqual(['name', 'phone']);
      for (const signup of mine) {
        expect(validateSignupForm(fields, JSON.parse(signup.form)).ok).toBe(true);
      }
    }
    const full = classes.filter((klass) => klass.seats_taken === klass.capacity);
    expect(full.length).toBeGreaterThanOrEqual(6);
  });

  it('links each class to 2-4 published courses of its own site', async () => {
    const { db } = ctx().app.database;
    const links = await db
      .selectFrom('class_courses')
      .innerJoin('classes', 'classes.id', 'class_courses.class_id')
      .innerJoin('courses', 'courses.id', 'class_courses.course_id')
      .select([
        'classes.id as classId',
        'classes.site_key as classSite',
        'courses.site_key as courseSite',
        'courses.published',
      ])
      .execute();
    const perClass = new Map<number, number>();
    for (const link of links) {
      expect(link.courseSite).toBe(link.classSite);
      expect(link.published).toBe(1);
      perClass.set(link.classId, (perClass.get(link.classId) ?? 0) + 1);
    }
    expect(perClass.size).toBe(50);
    for (const count of perClass.values()) {
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(4);
    }
  });

  it('signs the demo learner up for a few classes', async () => {
    const { app } = ctx();
    const token = await loginAs(app);
    const response = await app.inject({
      url: '/api/classes/mine',
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = body<Page<MyClass>>(response);
    expect(data.total).toBe(4);
    expect(data.list.map((item) => item.status).sort()).toEqual(
      ['报名中', '报名中', '进行中', '已结束'].sort(),
    );
    expect(data.list.filter((item) => item.canCancel)).toHaveLength(2);
  });
});

it('seeds the same classes every time', async () => {
  const snapshot = async () => {
    const database = await createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database);
    await seedDemo(database);
    const rows = await database.db
      .selectFrom('classes')
      .select(['title', 'place', 'teacher_name', 'capacity', 'seats_taken', 'form_fields'])
      .orderBy('id')
      .execute();
    await database.destroy();
    return rows;
  };
  const first = await snapshot();
  expect(first).toHaveLength(50);
  expect(await snapshot()).toEqual(first);
});
