import { randomBytes } from 'node:crypto';
import type { SignupField } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database, NewClassRow } from '../db/schema.ts';
import { hashSecret, newSecret } from '../modules/account/tokens.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 姓名 and 手机号: the fields every class asks for. */
export const BASIC_FIELDS: SignupField[] = [
  { key: 'name', label: '姓名', kind: 'text', required: true },
  { key: 'phone', label: '手机号', kind: 'phone', required: true },
];

/** A form that satisfies {@link BASIC_FIELDS}. */
export const BASIC_FORM = { name: '王秀兰', phone: '13800000001' };

type Window = Pick<NewClassRow, 'signup_start' | 'signup_end' | 'start_at' | 'end_at'>;

/** Class times relative to `now`: signup open, not open yet, closed (running) or ended. */
export const windows = {
  open: (now = Date.now()): Window => ({
    signup_start: now - HOUR,
    signup_end: now + DAY,
    start_at: now + 2 * DAY,
    end_at: now + 60 * DAY,
  }),
  notOpen: (now = Date.now()): Window => ({
    signup_start: now + DAY,
    signup_end: now + 3 * DAY,
    start_at: now + 4 * DAY,
    end_at: now + 60 * DAY,
  }),
  closed: (now = Date.now()): Window => ({
    signup_start: now - 10 * DAY,
    signup_end: now - DAY,
    start_at: now - HOUR,
    end_at: now + 30 * DAY,
  }),
  ended: (now = Date.now()): Window => ({
    signup_start: now - 90 * DAY,
    signup_end: now - 80 * DAY,
    start_at: now - 70 * DAY,
    end_at: now - DAY,
  }),
};

export interface ClassOverrides extends Partial<Omit<NewClassRow, 'form_fields'>> {
  formFields?: SignupField[];
  /** Courses the class studies, in order. */
  courseIds?: number[];
}

/** Inserts a published class of `jingan` with open signup and 20 seats; answers its id. */
export async function createClass(
  db: Kysely<Database>,
  overrides: ClassOverrides = {},
): Promise<number> {
  const { formFields = BASIC_FIELDS, courseIds = [], ...row } = overrides;
  const now = Date.now();
  const { id } = await db
    .insertInto('classes')
    .values({
      site_key: 'jingan',
      title: '测试班级',
      cover: '/favicon.svg',
      term: '2026年秋季',
      schedule: '每周二 9:30-11:00',
      place: '静安区社区学院 三楼多功能厅',
      teacher_name: '张老师',
      capacity: 20,
      seats_taken: 0,
      introduction: '<p>测试班级简介</p>',
      published: 1,
      created_at: now,
      ...windows.open(now),
      ...row,
      form_fields: JSON.stringify(formFields),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (courseIds.length > 0) {
    await db
      .insertInto('class_courses')
      .values(courseIds.map((courseId, sort) => ({ class_id: id, course_id: courseId, sort })))
      .execute();
  }
  return id;
}

export interface TestLearner {
  id: number;
  username: string;
  token: string;
}

/**
 * Inserts `count` learners with a live session each, straight into the database (the account
 * center's password hashing would take seconds for hundreds); answers their bearer tokens.
 */
export async function createLearners(
  db: Kysely<Database>,
  count: number,
  siteKey = 'jingan',
): Promise<TestLearner[]> {
  const batch = randomBytes(4).toString('hex');
  const now = Date.now();
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `t${batch}${String(i).padStart(4, '0')}`,
        password_hash: 'not-a-password',
        nickname: `学员${i}`,
        avatar: null,
        created_at: now,
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const learners = users.map((user) => ({ ...user, token: newSecret() }));
  await db
    .insertInto('sessions')
    .values(
      learners.map((learner) => ({
        user_id: learner.id,
        token_hash: hashSecret(learner.token),
        fingerprint: null,
        site_key: siteKey,
        created_at: now,
        expires_at: now + DAY,
        last_seen_at: now,
        rotated_at: null,
        revoked_at: null,
      })),
    )
    .execute();
  // Signed in on the site: its learners (学员管理), as a real sign-in makes them.
  await db
    .insertInto('site_learners')
    .values(
      learners.map((learner) => ({
        site_key: siteKey,
        user_id: learner.id,
        joined_at: now,
        last_seen_at: now,
      })),
    )
    .execute();
  return learners;
}

/** The seat count and active signups of a class, as stored. */
export async function seatsOf(db: Kysely<Database>, classId: number) {
  const row = await db
    .selectFrom('classes')
    .select('seats_taken')
    .where('id', '=', classId)
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('class_signups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_id', '=', classId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { seatsTaken: row.seats_taken, activeSignups: Number(active.n) };
}
