import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { bearer } from '../testing/account-factory.ts';
import { createActivity, FULL_FORM, multipart, sampleFiles } from '../testing/activity-factory.ts';
import { createLearners, type TestLearner } from '../testing/class-factory.ts';
import { addTeamMember } from '../testing/team-factory.ts';
import { describeEachEngine, loginAs } from '../testing/test-app.ts';

/**
 * IDOR sweep (issue 17, item 5): a second learner (and, for team actions, a plain member and an
 * outsider) drives every id-taking operation on the first demo learner's records. Each answer is
 * a refusal in the envelope (HTTP 200 on /api, code 403 or 404, no data; never a 5xx), and the
 * first learner's rows are exactly as they were. Operations on the caller's own scope (progress,
 * favourites) answer the caller's own state, the same as a fresh learner's, and leave the first
 * learner's rows alone. One row of `operations` per operation.
 */

type Db = Kysely<Database>;
type Table = keyof Database;

interface Fixtures {
  first: { id: number; token: string };
  second: { id: number; token: string };
  /** A member of the first learner's team who is not its leader (the second learner). */
  member: { id: number; token: string };
  outsider: TestLearner;
  /** A fresh learner with no records at all: what an own-scope read must answer. */
  fresh: TestLearner;
  application: { id: number; activityId: number; code: string };
  attachmentId: number;
  classId: number;
  walkSessionId: number;
  walkStop: { id: number; lat: number; lng: number };
  lesson: { id: number; courseId: number };
  ebookId: number;
  favouriteCourseId: number;
  messageId: number;
  certificateId: number;
  bookingId: number;
  deliveryId: number;
  deviceKey: string;
  team: { id: number; name: string };
  requestId: number;
  thirdMemberId: number;
  linked: { kind: 'course'; resourceId: number };
  unlinkedCourseId: number;
  workId: number;
  commentId: number;
}

/** Rows of the first learner to compare before and after: a table and a column's value. */
type Watch = [Table, string, number | string];

type Actor = 'second' | 'member' | 'outsider';

interface Operation {
  name: string;
  method: 'GET' | 'POST';
  url: (f: Fixtures) => string;
  payload?: (f: Fixtures) => Record<string, unknown>;
  /** Who tries; the second learner unless told. */
  as?: Actor;
  /**
   * `refused` (default): 403/404, no data. `own-read`: the caller's own (empty) state, equal to a
   * fresh learner's answer. `own-write`: whatever the caller may do to its own records.
   */
  expect?: 'refused' | 'own-read' | 'own-write';
  /**
   * Refusal codes allowed (403, 404 unless told). Cancelling by a class's, activity's or walk
   * session's id acts on the caller's own signup: 409 (not signed up, or closed) is a refusal too.
   */
  codes?: number[];
  /** Outside /api (files): the refusal is the HTTP status itself. */
  file?: boolean;
  watch: (f: Fixtures) => Watch[];
}

/** Each leader-only team action, tried by a plain member and by an outsider. */
const byMemberAndOutsider = (operation: Omit<Operation, 'as'>): Operation[] => [
  { ...operation, name: `${operation.name} (member)`, as: 'member' },
  { ...operation, name: `${operation.name} (outsider)`, as: 'outsider' },
];

const teamRows = (f: Fixtures): Watch[] => [
  ['teams', 'id', f.team.id],
  ['team_members', 'team_id', f.team.id],
  ['team_requests', 'team_id', f.team.id],
  ['team_resources', 'team_id', f.team.id],
];

const OWN_SIGNUP_REFUSALS = [403, 404, 409];

const operations: Operation[] = [
  // Activities: the application, its attachments and its check-in code (QR).
  {
    name: 'cancel the application to an activity',
    method: 'POST',
    url: () => '/api/activities/cancel',
    payload: (f) => ({ activityId: f.application.activityId }),
    codes: OWN_SIGNUP_REFUSALS,
    watch: (f) => [['activity_applications', 'id', f.application.id]],
  },
  {
    name: 'check in with the application QR code',
    method: 'POST',
    url: () => '/api/activities/checkin',
    payload: (f) => ({ code: f.application.code }),
    watch: (f) => [['activity_applications', 'id', f.application.id]],
  },
  {
    name: 'download an application attachment',
    method: 'GET',
    url: (f) => `/uploads/activity-attachments/${f.attachmentId}`,
    file: true,
    watch: (f) => [['activity_attachments', 'id', f.attachmentId]],
  },
  // Classes.
  {
    name: 'cancel a class signup',
    method: 'POST',
    url: () => '/api/classes/cancel',
    payload: (f) => ({ classId: f.classId }),
    codes: OWN_SIGNUP_REFUSALS,
    watch: (f) => [['class_signups', 'user_id', f.first.id]],
  },
  // Lesson and course progress, e-book reading: the caller's own scope only.
  {
    name: 'read course progress',
    method: 'GET',
    url: (f) => `/api/study/course-progress?courseId=${f.lesson.courseId}`,
    expect: 'own-read',
    watch: (f) => [['lesson_progress', 'user_id', f.first.id]],
  },
  {
    name: 'report lesson progress',
    method: 'POST',
    url: () => '/api/study/progress',
    payload: (f) => ({
      lessonId: f.lesson.id,
      courseId: f.lesson.courseId,
      positionSeconds: 1,
      watchedSeconds: 1,
    }),
    expect: 'own-write',
    watch: (f) => [['lesson_progress', 'user_id', f.first.id]],
  },
  {
    name: 'read e-book reading',
    method: 'GET',
    url: () => '/api/study/ebooks',
    expect: 'own-read',
    watch: (f) => [['ebook_reading', 'user_id', f.first.id]],
  },
  {
    name: 'report e-book page',
    method: 'POST',
    url: () => '/api/study/ebook-progress',
    payload: (f) => ({ ebookId: f.ebookId, page: 1 }),
    expect: 'own-write',
    watch: (f) => [['ebook_reading', 'user_id', f.first.id]],
  },
  // Favourites and history.
  {
    name: 'read favourite state',
    method: 'GET',
    url: (f) => `/api/favourites/state?contentType=course&contentId=${f.favouriteCourseId}`,
    expect: 'own-read',
    watch: (f) => [['favourites', 'user_id', f.first.id]],
  },
  {
    name: 'remove a favourite',
    method: 'POST',
    url: () => '/api/favourites/remove',
    payload: (f) => ({ contentType: 'course', contentId: f.favouriteCourseId }),
    expect: 'own-write',
    watch: (f) => [['favourites', 'user_id', f.first.id]],
  },
  {
    name: 'remove a history entry',
    method: 'POST',
    url: () => '/api/history/remove',
    payload: (f) => ({ contentType: 'course', contentId: f.favouriteCourseId }),
    expect: 'own-write',
    watch: (f) => [['history', 'user_id', f.first.id]],
  },
  // Messages.
  {
    name: 'read a personal message (marks it read)',
    method: 'GET',
    url: (f) => `/api/messages/detail?id=${f.messageId}`,
    watch: (f) => [
      ['messages', 'id', f.messageId],
      ['message_reads', 'message_id', f.messageId],
    ],
  },
  // Certificates.
  {
    name: 'download a certificate',
    method: 'GET',
    url: (f) => `/api/certificates/file?id=${f.certificateId}`,
    watch: (f) => [['certificates', 'id', f.certificateId]],
  },
  // Experience bases.
  {
    name: 'cancel a base booking',
    method: 'POST',
    url: () => '/api/bases/cancel',
    payload: (f) => ({ bookingId: f.bookingId }),
    watch: (f) => [['base_bookings', 'id', f.bookingId]],
  },
  // Walks.
  {
    name: 'cancel a walk signup',
    method: 'POST',
    url: () => '/api/walks/cancel',
    payload: (f) => ({ sessionId: f.walkSessionId }),
    codes: OWN_SIGNUP_REFUSALS,
    watch: (f) => [['walk_signups', 'user_id', f.first.id]],
  },
  {
    name: 'check in at a walk stop',
    method: 'POST',
    url: () => '/api/walks/checkin',
    payload: (f) => ({ stopId: f.walkStop.id, lat: f.walkStop.lat, lng: f.walkStop.lng }),
    expect: 'own-write',
    watch: (f) => [['walk_checkins', 'user_id', f.first.id]],
  },
  // Delivery requests.
  {
    name: 'read a delivery request',
    method: 'GET',
    url: (f) => `/api/delivery/requests/detail?id=${f.deliveryId}`,
    watch: (f) => [['delivery_requests', 'id', f.deliveryId]],
  },
  {
    name: 'withdraw a delivery request',
    method: 'POST',
    url: () => '/api/delivery/requests/withdraw',
    payload: (f) => ({ requestId: f.deliveryId }),
    watch: (f) => [
      ['delivery_requests', 'id', f.deliveryId],
      ['delivery_request_history', 'request_id', f.deliveryId],
    ],
  },
  {
    name: 'rate a delivery request',
    method: 'POST',
    url: () => '/api/delivery/requests/rate',
    payload: (f) => ({ requestId: f.deliveryId, stars: 1, comment: 'x' }),
    watch: (f) => [['delivery_requests', 'id', f.deliveryId]],
  },
  {
    name: 'decide a delivery request (not staff)',
    method: 'POST',
    url: () => '/api/delivery/staff/decide',
    payload: (f) => ({ requestId: f.deliveryId, action: 'accept' }),
    watch: (f) => [['delivery_requests', 'id', f.deliveryId]],
  },
  // Account: devices.
  {
    name: 'sign out another learner’s device',
    method: 'POST',
    url: () => '/api/account/devices/sign-out',
    payload: (f) => ({ id: f.deviceKey }),
    watch: (f) => [['sessions', 'user_id', f.first.id]],
  },
  // Teams: leader-only actions on the first learner's team.
  ...byMemberAndOutsider({
    name: 'list join requests',
    method: 'GET',
    url: (f) => `/api/teams/requests?id=${f.team.id}`,
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'approve a join request',
    method: 'POST',
    url: () => '/api/teams/requests/decide',
    payload: (f) => ({ requestId: f.requestId, approve: true }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'refuse a join request',
    method: 'POST',
    url: () => '/api/teams/requests/decide',
    payload: (f) => ({ requestId: f.requestId, approve: false }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'remove a member',
    method: 'POST',
    url: () => '/api/teams/members/remove',
    payload: (f) => ({ teamId: f.team.id, userId: f.thirdMemberId }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'hand the team over',
    method: 'POST',
    url: () => '/api/teams/hand-over',
    payload: (f) => ({ teamId: f.team.id, userId: f.thirdMemberId }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'edit the team',
    method: 'POST',
    url: () => '/api/teams/update',
    payload: (f) => ({ teamId: f.team.id, name: '被改掉的名字', intro: '被改掉的简介' }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'regenerate the invite code',
    method: 'POST',
    url: () => '/api/teams/invite-code',
    payload: (f) => ({ teamId: f.team.id }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'dissolve the team',
    method: 'POST',
    url: () => '/api/teams/dissolve',
    payload: (f) => ({ teamId: f.team.id, confirmName: f.team.name }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'link a resource',
    method: 'POST',
    url: () => '/api/team-resources/link',
    payload: (f) => ({ teamId: f.team.id, kind: 'course', resourceId: f.unlinkedCourseId }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'unlink a resource',
    method: 'POST',
    url: () => '/api/team-resources/unlink',
    payload: (f) => ({ teamId: f.team.id, ...f.linked }),
    watch: teamRows,
  }),
  ...byMemberAndOutsider({
    name: 'search resources to link',
    method: 'GET',
    url: (f) => `/api/team-resources/candidates?teamId=${f.team.id}&kind=course`,
    watch: teamRows,
  }),
  {
    name: 'read members’ progress on the team’s resources (outsider)',
    method: 'GET',
    url: (f) => `/api/team-resources/progress?teamId=${f.team.id}`,
    as: 'outsider',
    watch: teamRows,
  },
  // Team works and comments of the first learner.
  ...byMemberAndOutsider({
    name: 'delete someone else’s work',
    method: 'POST',
    url: () => '/api/team-works/delete',
    payload: (f) => ({ workId: f.workId }),
    watch: (f) => [['team_works', 'id', f.workId]],
  }),
  ...byMemberAndOutsider({
    name: 'feature a work',
    method: 'POST',
    url: () => '/api/team-works/feature',
    payload: (f) => ({ workId: f.workId, featured: true }),
    watch: (f) => [['team_works', 'id', f.workId]],
  }),
  ...byMemberAndOutsider({
    name: 'delete someone else’s comment',
    method: 'POST',
    url: () => '/api/team-works/comment/delete',
    payload: (f) => ({ commentId: f.commentId }),
    watch: (f) => [
      ['team_work_comments', 'id', f.commentId],
      ['team_works', 'id', f.workId],
    ],
  }),
];

async function snapshot(db: Db, watches: Watch[]) {
  const out: Record<string, string[]> = {};
  for (const [table, column, value] of watches) {
    const rows = await db
      .selectFrom(table)
      .selectAll()
      // biome-ignore lint/suspicious/noExplicitAny: the column is chosen per row of the table.
      .where(column as any, '=', value)
      .execute();
    out[`${table}.${column}=${value}`] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

const now = () => Date.now();

async function firstRow<T>(promise: Promise<T | undefined>, what: string): Promise<T> {
  const row = await promise;
  if (!row) throw new Error(`fixture missing: ${what}`);
  return row;
}

async function learnerOf(app: FastifyInstance, username: string) {
  const token = await loginAs(app, username);
  const row = await firstRow(
    app.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst(),
    username,
  );
  return { id: row.id, token };
}

/** The first learner's records: the seed's where it has them, else made here. */
async function prepare(app: FastifyInstance): Promise<Fixtures> {
  const { db } = app.database;
  const first = await learnerOf(app, '13800000001');
  const second = await learnerOf(app, '13800000002');
  const [outsider, fresh, third] = (await createLearners(db, 3)) as [
    TestLearner,
    TestLearner,
    TestLearner,
  ];
  const t = now();

  const activityIdsOfSecond = db
    .selectFrom('activity_applications')
    .select('activity_id')
    .where('user_id', '=', second.id);
  const application = await firstRow(
    db
      .selectFrom('activity_applications')
      .select(['id', 'activity_id', 'checkin_code'])
      .where('user_id', '=', first.id)
      .where('status', '=', 'active')
      .where('checkin_code', 'is not', null)
      .where('activity_id', 'not in', activityIdsOfSecond)
      .orderBy('id')
      .executeTakeFirst(),
    'application',
  );

  // An application with an attachment, made through the real upload.
  const featured = await createActivity(db, { kind: '特色活动' });
  const { payload, headers } = multipart(
    { activityId: String(featured), form: JSON.stringify(FULL_FORM) },
    [{ name: '作品.jpg', content: sampleFiles.jpeg(), type: 'image/jpeg' }],
  );
  const applied = await app.inject({
    method: 'POST',
    url: '/api/activities/apply-with-files',
    headers: { ...headers, ...bearer(first.token) },
    payload,
  });
  if (applied.json().code !== 0) throw new Error(`apply with files: ${applied.body}`);
  const attachment = await firstRow(
    db
      .selectFrom('activity_attachments')
      .select('id')
      .where('user_id', '=', first.id)
      .executeTakeFirst(),
    'attachment',
  );

  const signup = await firstRow(
    db
      .selectFrom('class_signups')
      .select('class_id')
      .where('user_id', '=', first.id)
      .where('status', '=', 'active')
      .where(
        'class_id',
        'not in',
        db.selectFrom('class_signups').select('class_id').where('user_id', '=', second.id),
      )
      .executeTakeFirst(),
    'class signup',
  );

  const walkSignup = await firstRow(
    db
      .selectFrom('walk_signups')
      .select('session_id')
      .where('user_id', '=', first.id)
      .where('status', '=', 'active')
      .where(
        'session_id',
        'not in',
        db.selectFrom('walk_signups').select('session_id').where('user_id', '=', second.id),
      )
      .executeTakeFirst(),
    'walk signup',
  );
  const checkin = await firstRow(
    db
      .selectFrom('walk_checkins')
      .select(['stop_id as id', 'lat', 'lng'])
      .where('user_id', '=', first.id)
      .executeTakeFirst(),
    'walk check-in',
  );

  const lesson = await firstRow(
    db.selectFrom('course_lessons').select(['id', 'course_id']).orderBy('id').executeTakeFirst(),
    'lesson',
  );
  await db
    .insertInto('lesson_progress')
    .values({
      user_id: first.id,
      lesson_id: lesson.id,
      course_id: lesson.course_id,
      position_seconds: 120,
      watched_seconds: 120,
      completed: 1,
      completed_at: t,
      credited_until: t,
      created_at: t,
      updated_at: t,
    })
    .execute();
  const ebook = await firstRow(
    db.selectFrom('ebooks').select('id').orderBy('id').executeTakeFirst(),
    'ebook',
  );
  await db
    .insertInto('ebook_reading')
    .values({ user_id: first.id, ebook_id: ebook.id, page: 42, started_at: t, updated_at: t })
    .execute();
  const ref = {
    user_id: first.id,
    content_type: 'course' as const,
    content_id: lesson.course_id,
    site_key: 'jingan',
  };
  await db
    .insertInto('favourites')
    .values({ ...ref, created_at: t })
    .execute();
  await db
    .insertInto('history')
    .values({ ...ref, viewed_at: t, view_count: 3 })
    .execute();

  const message = await firstRow(
    db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', first.id)
      .where('site_key', '=', 'jingan')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    'message',
  );
  await db.updateTable('messages').set({ read_at: null }).where('id', '=', message.id).execute();

  const certificate = await db
    .insertInto('certificates')
    .values({
      user_id: first.id,
      site_key: 'jingan',
      subject_type: 'course',
      subject_id: lesson.course_id,
      title: '结业证书',
      seconds: 3600,
      completed_at: t,
      code: randomBytes(8).toString('hex').toUpperCase(),
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const booking = await firstRow(
    db
      .selectFrom('base_bookings')
      .select('id')
      .where('user_id', '=', first.id)
      .where('status', '=', 'active')
      .executeTakeFirst(),
    'base booking',
  );
  const delivery = await firstRow(
    db
      .selectFrom('delivery_requests')
      .select('id')
      .where('user_id', '=', first.id)
      .where('status', '=', 'submitted')
      .executeTakeFirst(),
    'delivery request',
  );
  const session = await firstRow(
    db
      .selectFrom('sessions')
      .select('device_key')
      .where('user_id', '=', first.id)
      .where('device_key', 'is not', null)
      .executeTakeFirst(),
    'device',
  );

  const team = await firstRow(
    db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('leader_id', '=', first.id)
      .where('dissolved_at', 'is', null)
      .where('site_key', '=', 'jingan')
      .orderBy('id')
      .executeTakeFirst(),
    'team led',
  );
  const members = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', team.id)
    .where('status', '=', 'active')
    .execute();
  if (!members.some((row) => row.user_id === second.id)) {
    await addTeamMember(db, team.id, second.id);
  }
  await addTeamMember(db, team.id, third.id);
  const [asker] = await createLearners(db, 1);
  const request = await db
    .insertInto('team_requests')
    .values({
      team_id: team.id,
      user_id: (asker as TestLearner).id,
      status: 'pending',
      message: '想加入',
      created_at: t,
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const courses = await db.selectFrom('courses').select('id').orderBy('id').limit(2).execute();
  const [linkedCourse, otherCourse] = courses.map((row) => row.id) as [number, number];
  await db
    .deleteFrom('team_resources')
    .where('team_id', '=', team.id)
    .where('kind', '=', 'course')
    .where('resource_id', 'in', [linkedCourse, otherCourse])
    .execute();
  await db
    .insertInto('team_resources')
    .values({
      team_id: team.id,
      kind: 'course',
      resource_id: linkedCourse,
      linked_by: first.id,
      created_at: t,
    })
    .execute();
  const work = await db
    .insertInto('team_works')
    .values({
      team_id: team.id,
      author_id: first.id,
      body: '第一位学员的作品',
      comment_count: 1,
      created_at: t,
      updated_at: t,
      deleted_at: null,
      featured_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const comment = await db
    .insertInto('team_work_comments')
    .values({ work_id: work.id, author_id: first.id, body: '第一位学员的评论', created_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();

  return {
    first,
    second,
    member: second,
    outsider,
    fresh,
    application: {
      id: application.id,
      activityId: application.activity_id,
      code: application.checkin_code as string,
    },
    attachmentId: attachment.id,
    classId: signup.class_id,
    walkSessionId: walkSignup.session_id,
    walkStop: checkin,
    lesson: { id: lesson.id, courseId: lesson.course_id },
    ebookId: ebook.id,
    favouriteCourseId: lesson.course_id,
    messageId: message.id,
    certificateId: certificate.id,
    bookingId: booking.id,
    deliveryId: delivery.id,
    deviceKey: session.device_key as string,
    team,
    requestId: request.id,
    thirdMemberId: third.id,
    linked: { kind: 'course', resourceId: linkedCourse },
    unlinkedCourseId: otherCourse,
    workId: work.id,
    commentId: comment.id,
  };
}

describeEachEngine(
  'another learner’s records can be neither read nor changed',
  (ctx) => {
    let f: Fixtures;
    beforeAll(async () => {
      f = await prepare(ctx().app);
    });

    const send = (operation: Operation, token: string) =>
      ctx().app.inject({
        method: operation.method,
        url: operation.url(f),
        headers: bearer(token),
        ...(operation.payload ? { payload: operation.payload(f) } : {}),
      });

    it.each(operations.map((operation) => [operation.name, operation] as const))(
      '%s',
      async (_name, operation) => {
        const { db } = ctx().app.database;
        const caller = f[operation.as ?? 'second'];
        const before = await snapshot(db, operation.watch(f));
        const response = await send(operation, caller.token);
        expect(response.statusCode).toBeLessThan(500);
        const kind = operation.expect ?? 'refused';
        if (kind === 'refused' && operation.file) {
          expect([403, 404]).toContain(response.statusCode);
          expect(response.headers['content-type']).toMatch(/json/);
          expect(response.json().data ?? null).toBeNull();
        } else if (kind === 'refused') {
          expect(response.statusCode).toBe(200);
          const answer = response.json();
          expect(operation.codes ?? [403, 404]).toContain(answer.code);
          expect(answer.data ?? null).toBeNull();
        } else {
          expect(response.statusCode).toBe(200);
          if (kind === 'own-read') {
            const asFresh = await send(operation, f.fresh.token);
            expect(response.json()).toEqual(asFresh.json());
          }
        }
        expect(await snapshot(db, operation.watch(f))).toEqual(before);
      },
    );
  },
  { seedDemo: true },
);
