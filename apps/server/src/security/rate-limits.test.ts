import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { RedisCounterStore } from '../platform/counter-store.ts';
import {
  type RateLimit,
  RateLimits,
  rateLimitKey,
  rateLimitSubject,
} from '../platform/rate-limit.ts';
import { bearer, newPhone } from '../testing/account-factory.ts';
import { createActivity, FULL_FORM, multipart } from '../testing/activity-factory.ts';
import {
  BASIC_FORM,
  createClass,
  createLearners,
  type TestLearner,
} from '../testing/class-factory.ts';
import { createDeliveryResource, requestBody } from '../testing/delivery-factory.ts';
import { addTeamMember, createTeam } from '../testing/team-factory.ts';
import {
  buildTestApp,
  describeEachEngine,
  loginAs,
  type TestApp,
  testEngines,
} from '../testing/test-app.ts';
import { createBaseSlot, createWalk, TEST_STOPS } from '../testing/walk-factory.ts';

/**
 * Rate limits (issue 17, item 5): each limited operation, one row each. The caller's count is
 * brought to the ceiling in the shared counter store (ceilings run to thousands, so driving them
 * call by call would take minutes), then the caller's next real call must answer code 429 in the
 * envelope, with a Chinese message saying what and when to retry and a `Retry-After` header, and
 * leave the caller's rows as they were; another learner (or another address) making the same
 * call at the same moment is not held back, and for the rows marked `writes` that call is seen
 * to write, so the refused one would have. Removing a route's limit makes its row fail. Below,
 * two ceilings are driven call by call, and two app instances share one Redis count.
 */

type Db = Kysely<Database>;
type Table = keyof Database;

interface Fixtures {
  classId: number;
  activityId: number;
  filesActivityId: number;
  slotId: number;
  walkSessionId: number;
  teamId: number;
  worksTeamId: number;
  workId: number;
  lesson: { id: number; courseId: number };
  ebookId: number;
  liveSessionId: number;
  upcomingLiveId: number;
  deliveryResourceId: number;
  articleId: number;
}

/** Who makes a row's calls: a learner (counted by id) or, for calls without a login, an address. */
interface Caller {
  learner: TestLearner;
  address: string;
}

interface Row {
  name: string;
  limit: RateLimit;
  method?: 'GET' | 'POST';
  url: string;
  /** Counted per address, sent without a token. */
  anonymous?: boolean;
  /** The JSON body (or, with `form`, the multipart fields). */
  payload?: (f: Fixtures, caller: Caller) => Record<string, unknown>;
  /** A multipart body: text fields and one picture. */
  form?: (
    f: Fixtures,
    caller: Caller,
  ) => { fields: Record<string, string>; picture?: 'files' | 'file' };
  /** Set up before the row's calls, for both callers (e.g. team membership). */
  prepare?: (db: Db, f: Fixtures, learner: TestLearner) => Promise<void>;
  /** Tables holding the caller's rows, by the column with the learner's id. */
  watch: Array<[Table, string]>;
  /** The other caller's call writes to `watch`: what the refused call would have done. */
  writes?: boolean;
}

const learnerRows = (table: Table): [Table, string] => [table, 'user_id'];

const rows: Row[] = [
  // Signups and cancellations.
  {
    name: 'POST /api/classes/signup',
    limit: RateLimits.classSignup,
    url: '/api/classes/signup',
    payload: (f) => ({ classId: f.classId, form: BASIC_FORM }),
    watch: [learnerRows('class_signups')],
    writes: true,
  },
  {
    name: 'POST /api/classes/cancel',
    limit: RateLimits.classSignup,
    url: '/api/classes/cancel',
    payload: (f) => ({ classId: f.classId }),
    watch: [learnerRows('class_signups')],
  },
  {
    name: 'POST /api/activities/apply',
    limit: RateLimits.activitySignup,
    url: '/api/activities/apply',
    payload: (f) => ({ activityId: f.activityId, form: FULL_FORM }),
    watch: [learnerRows('activity_applications')],
    writes: true,
  },
  {
    name: 'POST /api/activities/cancel',
    limit: RateLimits.activitySignup,
    url: '/api/activities/cancel',
    payload: (f) => ({ activityId: f.activityId }),
    watch: [learnerRows('activity_applications')],
  },
  {
    name: 'POST /api/activities/apply-with-files (upload)',
    limit: RateLimits.uploads,
    url: '/api/activities/apply-with-files',
    form: (f) => ({
      fields: { activityId: String(f.filesActivityId), form: JSON.stringify(FULL_FORM) },
      picture: 'files',
    }),
    watch: [learnerRows('activity_applications'), learnerRows('activity_attachments')],
    writes: true,
  },
  {
    name: 'POST /api/bases/book',
    limit: RateLimits.baseBooking,
    url: '/api/bases/book',
    payload: (f) => ({
      slotId: f.slotId,
      partySize: 1,
      contactName: '王秀兰',
      contactPhone: '13800000001',
    }),
    watch: [learnerRows('base_bookings')],
    writes: true,
  },
  {
    name: 'POST /api/bases/cancel',
    limit: RateLimits.baseBooking,
    url: '/api/bases/cancel',
    payload: () => ({ bookingId: 999_999 }),
    watch: [learnerRows('base_bookings')],
  },
  {
    name: 'POST /api/walks/signup',
    limit: RateLimits.walkSignup,
    url: '/api/walks/signup',
    payload: (f) => ({ sessionId: f.walkSessionId }),
    watch: [learnerRows('walk_signups')],
    writes: true,
  },
  {
    name: 'POST /api/walks/cancel',
    limit: RateLimits.walkSignup,
    url: '/api/walks/cancel',
    payload: (f) => ({ sessionId: f.walkSessionId }),
    watch: [learnerRows('walk_signups')],
  },
  {
    name: 'POST /api/teams/join',
    limit: RateLimits.teamMembership,
    url: '/api/teams/join',
    payload: (f) => ({ teamId: f.teamId }),
    watch: [learnerRows('team_members'), learnerRows('team_requests')],
    writes: true,
  },
  {
    name: 'POST /api/teams/join-by-code',
    limit: RateLimits.teamMembership,
    url: '/api/teams/join-by-code',
    payload: () => ({ code: 'ZZZZ9999' }),
    watch: [learnerRows('team_members')],
  },
  {
    name: 'POST /api/teams/leave',
    limit: RateLimits.teamMembership,
    url: '/api/teams/leave',
    payload: (f) => ({ teamId: f.teamId }),
    watch: [learnerRows('team_members')],
  },
  // Check-ins.
  {
    name: 'POST /api/activities/checkin',
    limit: RateLimits.checkIn,
    url: '/api/activities/checkin',
    payload: () => ({ code: 'NO-SUCH-CODE' }),
    watch: [learnerRows('activity_applications')],
  },
  {
    name: 'POST /api/walks/checkin',
    limit: RateLimits.checkIn,
    url: '/api/walks/checkin',
    payload: () => ({ stopId: 999_999, lat: TEST_STOPS[0]?.lat ?? 31.2, lng: 121.44 }),
    watch: [learnerRows('walk_checkins')],
  },
  // Study heartbeats and progress.
  {
    name: 'POST /api/study/progress',
    limit: RateLimits.lessonProgress,
    url: '/api/study/progress',
    payload: (f) => ({
      lessonId: f.lesson.id,
      courseId: f.lesson.courseId,
      positionSeconds: 30,
      watchedSeconds: 5,
    }),
    watch: [learnerRows('lesson_progress'), learnerRows('points_ledger')],
    writes: true,
  },
  {
    name: 'POST /api/study/live-progress',
    limit: RateLimits.liveProgress,
    url: '/api/study/live-progress',
    payload: (f) => ({ sessionId: f.liveSessionId, positionSeconds: 10, watchedSeconds: 5 }),
    watch: [learnerRows('live_watching'), learnerRows('points_ledger')],
  },
  {
    name: 'POST /api/study/ebook-progress',
    limit: RateLimits.ebookProgress,
    url: '/api/study/ebook-progress',
    payload: (f) => ({ ebookId: f.ebookId, page: 3 }),
    watch: [learnerRows('ebook_reading')],
    writes: true,
  },
  {
    name: 'POST /api/live/heartbeat (learner)',
    limit: RateLimits.liveHeartbeat,
    url: '/api/live/heartbeat',
    payload: (f) => ({ sessionId: f.liveSessionId }),
    watch: [],
  },
  {
    name: 'POST /api/live/heartbeat (visitor, per address)',
    limit: RateLimits.liveHeartbeatByAddress,
    url: '/api/live/heartbeat',
    anonymous: true,
    payload: (f) => ({ sessionId: f.liveSessionId }),
    watch: [],
  },
  {
    name: 'POST /api/live/reservations',
    limit: RateLimits.liveReservations,
    url: '/api/live/reservations',
    payload: (f) => ({ sessionId: f.upcomingLiveId }),
    watch: [learnerRows('live_reservations')],
    writes: true,
  },
  {
    name: 'POST /api/live/reservations/remove',
    limit: RateLimits.liveReservations,
    url: '/api/live/reservations/remove',
    payload: (f) => ({ sessionId: f.upcomingLiveId }),
    watch: [learnerRows('live_reservations')],
  },
  // Favourites and history.
  {
    name: 'POST /api/favourites',
    limit: RateLimits.favourites,
    url: '/api/favourites',
    payload: (f) => ({ contentType: 'course', contentId: f.lesson.courseId }),
    watch: [learnerRows('favourites')],
    writes: true,
  },
  {
    name: 'POST /api/favourites/remove',
    limit: RateLimits.favourites,
    url: '/api/favourites/remove',
    payload: (f) => ({ contentType: 'course', contentId: f.lesson.courseId }),
    watch: [learnerRows('favourites')],
  },
  {
    name: 'POST /api/favourites/clear',
    limit: RateLimits.favourites,
    url: '/api/favourites/clear',
    payload: () => ({ contentType: 'course' }),
    watch: [learnerRows('favourites')],
  },
  {
    name: 'POST /api/history',
    limit: RateLimits.history,
    url: '/api/history',
    payload: (f) => ({ contentType: 'course', contentId: f.lesson.courseId }),
    watch: [learnerRows('history')],
    writes: true,
  },
  {
    name: 'POST /api/history/remove',
    limit: RateLimits.history,
    url: '/api/history/remove',
    payload: (f) => ({ contentType: 'course', contentId: f.lesson.courseId }),
    watch: [learnerRows('history')],
  },
  {
    name: 'POST /api/history/clear',
    limit: RateLimits.history,
    url: '/api/history/clear',
    payload: () => ({ contentType: 'course' }),
    watch: [learnerRows('history')],
  },
  // Team works: posts, comments and the rest.
  {
    name: 'POST /api/team-works (post with a picture)',
    limit: RateLimits.teamWorkPost,
    url: '/api/team-works',
    prepare: (db, f, learner) => addTeamMember(db, f.worksTeamId, learner.id),
    form: (f) => ({
      fields: { teamId: String(f.worksTeamId), content: '我们的作品' },
      picture: 'files',
    }),
    watch: [['team_works', 'author_id']],
    writes: true,
  },
  {
    name: 'POST /api/team-works/comment',
    limit: RateLimits.teamWorkComment,
    url: '/api/team-works/comment',
    payload: (f) => ({ workId: f.workId, content: '写得真好' }),
    watch: [['team_work_comments', 'author_id']],
    writes: true,
  },
  {
    name: 'POST /api/team-works/like',
    limit: RateLimits.teamWorkActions,
    url: '/api/team-works/like',
    payload: (f) => ({ workId: f.workId }),
    watch: [learnerRows('team_work_likes')],
    writes: true,
  },
  {
    name: 'POST /api/team-works/unlike',
    limit: RateLimits.teamWorkActions,
    url: '/api/team-works/unlike',
    payload: (f) => ({ workId: f.workId }),
    watch: [learnerRows('team_work_likes')],
  },
  ...(['delete', 'feature'] as const).map(
    (action): Row => ({
      name: `POST /api/team-works/${action}`,
      limit: RateLimits.teamWorkActions,
      url: `/api/team-works/${action}`,
      payload: (f) => ({ workId: f.workId, featured: true }),
      watch: [['team_works', 'author_id']],
    }),
  ),
  {
    name: 'POST /api/team-works/comment/delete',
    limit: RateLimits.teamWorkActions,
    url: '/api/team-works/comment/delete',
    payload: () => ({ commentId: 999_999 }),
    watch: [['team_work_comments', 'author_id']],
  },
  // Teams: creating and managing.
  {
    name: 'POST /api/teams (create)',
    limit: RateLimits.teamCreate,
    url: '/api/teams',
    payload: () => ({
      name: `限频${randomBytes(3).toString('hex')}`,
      joinMode: 'open',
      capacity: 10,
    }),
    watch: [['teams', 'leader_id'], learnerRows('team_members')],
    writes: true,
  },
  {
    name: 'POST /api/teams/avatar (upload)',
    limit: RateLimits.uploads,
    url: '/api/teams/avatar',
    form: () => ({ fields: {}, picture: 'file' }),
    watch: [],
  },
  ...(
    [
      ['/api/teams/requests/decide', () => ({ requestId: 999_999, approve: true })],
      ['/api/teams/members/remove', (f: Fixtures) => ({ teamId: f.teamId, userId: 1 })],
      ['/api/teams/hand-over', (f: Fixtures) => ({ teamId: f.teamId, userId: 1 })],
      ['/api/teams/update', (f: Fixtures) => ({ teamId: f.teamId, intro: '改掉' })],
      ['/api/teams/invite-code', (f: Fixtures) => ({ teamId: f.teamId })],
      ['/api/teams/dissolve', (f: Fixtures) => ({ teamId: f.teamId, confirmName: 'x' })],
      [
        '/api/team-resources/link',
        (f: Fixtures) => ({ teamId: f.teamId, kind: 'course', resourceId: f.lesson.courseId }),
      ],
      [
        '/api/team-resources/unlink',
        (f: Fixtures) => ({ teamId: f.teamId, kind: 'course', resourceId: f.lesson.courseId }),
      ],
    ] as const
  ).map(
    ([url, payload]): Row => ({
      name: `POST ${url}`,
      limit: RateLimits.teamManage,
      url,
      payload,
      watch: [['teams', 'leader_id']],
    }),
  ),
  // Delivery requests.
  {
    name: 'POST /api/delivery/requests',
    limit: RateLimits.deliveryRequest,
    url: '/api/delivery/requests',
    payload: (f) => requestBody(f.deliveryResourceId),
    watch: [learnerRows('delivery_requests')],
    writes: true,
  },
  ...(
    [
      ['/api/delivery/requests/withdraw', { requestId: 999_999 }],
      ['/api/delivery/requests/rate', { requestId: 999_999, stars: 5 }],
      ['/api/delivery/staff/decide', { requestId: 999_999, action: 'accept' }],
    ] as const
  ).map(
    ([url, payload]): Row => ({
      name: `POST ${url}`,
      limit: RateLimits.deliveryActions,
      url,
      payload: () => ({ ...payload }),
      watch: [learnerRows('delivery_requests')],
    }),
  ),
  // Read marks.
  {
    name: 'POST /api/articles/read-all',
    limit: RateLimits.readMarks,
    url: '/api/articles/read-all',
    payload: () => ({ kind: 'notice' }),
    watch: [learnerRows('article_reads')],
  },
  {
    name: 'POST /api/articles/read-end',
    limit: RateLimits.readMarks,
    url: '/api/articles/read-end',
    payload: (f) => ({ id: f.articleId }),
    watch: [learnerRows('article_reads'), learnerRows('points_ledger')],
  },
  {
    name: 'POST /api/messages/read-all',
    limit: RateLimits.readMarks,
    url: '/api/messages/read-all',
    watch: [learnerRows('message_reads')],
  },
  // The account: settings, uploads, code sending, login and logout.
  {
    name: 'POST /api/account/profile',
    limit: RateLimits.accountSettings,
    url: '/api/account/profile',
    payload: () => ({ nickname: '限频学员' }),
    watch: [['users', 'id']],
    writes: true,
  },
  {
    name: 'POST /api/account/avatar (upload)',
    limit: RateLimits.uploads,
    url: '/api/account/avatar',
    form: () => ({ fields: {}, picture: 'file' }),
    watch: [['users', 'id']],
    writes: true,
  },
  {
    name: 'POST /api/account/password',
    limit: RateLimits.accountSettings,
    url: '/api/account/password',
    payload: () => ({ oldPassword: 'Wrong-2026', newPassword: 'Better@2026x' }),
    watch: [['users', 'id']],
  },
  {
    name: 'POST /api/account/devices/sign-out',
    limit: RateLimits.accountSettings,
    url: '/api/account/devices/sign-out',
    payload: () => ({ id: 'no-such-device' }),
    watch: [learnerRows('sessions')],
  },
  {
    name: 'POST /api/account/devices/sign-out-others',
    limit: RateLimits.accountSettings,
    url: '/api/account/devices/sign-out-others',
    watch: [learnerRows('sessions')],
  },
  {
    name: 'POST /api/account/delete',
    limit: RateLimits.accountDelete,
    url: '/api/account/delete',
    payload: () => ({ password: 'Wrong-2026' }),
    watch: [['users', 'id']],
  },
  {
    name: 'POST /api/account/identity/bind',
    limit: RateLimits.accountSettings,
    url: '/api/account/identity/bind',
    payload: () => ({ ticket: 'no-such-ticket' }),
    watch: [learnerRows('user_identities')],
  },
  {
    name: 'POST /api/account/identity/unbind',
    limit: RateLimits.accountSettings,
    url: '/api/account/identity/unbind',
    watch: [learnerRows('user_identities')],
  },
  {
    name: 'POST /api/account/phone/code (code sending, per learner)',
    limit: RateLimits.codesByLearner,
    url: '/api/account/phone/code',
    payload: () => ({ purpose: 'bind', phone: newPhone() }),
    watch: [learnerRows('phone_codes')],
    writes: true,
  },
  {
    name: 'POST /api/account/phone/bind',
    limit: RateLimits.accountSettings,
    url: '/api/account/phone/bind',
    payload: () => ({ phone: newPhone(), code: '123456' }),
    watch: [['users', 'id'], learnerRows('phone_codes')],
  },
  {
    name: 'POST /api/account/phone/unbind',
    limit: RateLimits.accountSettings,
    url: '/api/account/phone/unbind',
    payload: () => ({ code: '123456' }),
    watch: [['users', 'id']],
  },
  {
    name: 'POST /api/account/login (ticket exchange, per address)',
    limit: RateLimits.login,
    url: '/api/account/login',
    anonymous: true,
    // A fresh one-time ticket of the caller's learner, so the refused call could have logged in.
    payload: () => ({}),
    watch: [learnerRows('sessions')],
    writes: true,
  },
  {
    name: 'POST /api/account/logout (per address)',
    limit: RateLimits.logout,
    url: '/api/account/logout',
    anonymous: true,
    watch: [],
  },
  {
    name: 'GET /api/certificates/verify (per address)',
    limit: RateLimits.certificateVerify,
    method: 'GET',
    url: '/api/certificates/verify?code=NOSUCHCODE',
    anonymous: true,
    watch: [],
  },
];

/** The caller's rows in `watch`, as stored. */
async function snapshot(db: Db, watch: Row['watch'], learnerId: number) {
  const tables: unknown[] = [];
  for (const [table, column] of watch) {
    const found = await db
      .selectFrom(table)
      .selectAll()
      // biome-ignore lint/suspicious/noExplicitAny: a column named at run time
      .where(column as any, '=', learnerId)
      .execute();
    tables.push(found.map((row) => JSON.stringify(row)).sort());
  }
  return tables;
}

async function firstId<T>(query: Promise<T | undefined>, what: string): Promise<T> {
  const row = await query;
  if (!row) throw new Error(`no ${what} in the seeded database`);
  return row;
}

async function prepareFixtures(app: FastifyInstance): Promise<Fixtures> {
  const { db } = app.database;
  const now = Date.now();
  const [leader, author] = (await createLearners(db, 2)) as [TestLearner, TestLearner];
  const { slotId } = await createBaseSlot(db);
  const { sessionId } = await createWalk(db);
  const teamId = await createTeam(db, leader.id, { join_mode: 'open', capacity: 500 });
  const worksTeamId = await createTeam(db, author.id, { capacity: 500 });
  const work = await db
    .insertInto('team_works')
    .values({
      team_id: worksTeamId,
      author_id: author.id,
      body: '团队作品',
      comment_count: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      featured_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lesson = await firstId(
    db
      .selectFrom('course_lessons')
      .innerJoin('courses', 'courses.id', 'course_lessons.course_id')
      .select(['course_lessons.id', 'course_lessons.course_id'])
      .where('courses.site_key', '=', 'jingan')
      .where('course_lessons.kind', '=', 'video')
      .orderBy('course_lessons.id')
      .executeTakeFirst(),
    'video lesson',
  );
  const ebook = await firstId(
    db.selectFrom('ebooks').select('id').where('site_key', '=', 'jingan').executeTakeFirst(),
    'e-book',
  );
  const live = await firstId(
    db.selectFrom('live_sessions').select('id').orderBy('id').executeTakeFirst(),
    'live session',
  );
  const upcoming = await firstId(
    db
      .selectFrom('live_sessions')
      .select('id')
      .where('starts_at', '>', now + 3_600_000)
      .orderBy('id')
      .executeTakeFirst(),
    'upcoming live session',
  );
  const article = await firstId(
    db.selectFrom('articles').select('id').where('site_key', '=', 'jingan').executeTakeFirst(),
    'article',
  );
  return {
    classId: await createClass(db, { capacity: 500 }),
    activityId: await createActivity(db, { capacity: 500 }),
    filesActivityId: await createActivity(db, { kind: '特色活动', capacity: 500 }),
    slotId,
    walkSessionId: sessionId,
    teamId,
    worksTeamId,
    workId: work.id,
    lesson: { id: lesson.id, courseId: lesson.course_id },
    ebookId: ebook.id,
    liveSessionId: live.id,
    upcomingLiveId: upcoming.id,
    deliveryResourceId: await createDeliveryResource(db),
    articleId: article.id,
  };
}

/** A real picture (uploads are checked by decoding them). */
let picture: Buffer | undefined;
async function pictureBytes() {
  picture ??= await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
  return picture;
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/** The request a row's caller sends. */
async function requestOf(
  app: FastifyInstance,
  row: Row,
  f: Fixtures,
  caller: Caller,
): Promise<InjectOptions> {
  const headers: Record<string, string> = row.anonymous ? {} : bearer(caller.learner.token);
  const base = { method: row.method ?? 'POST', url: row.url, remoteAddress: caller.address };
  if (row.form) {
    const { fields, picture } = row.form(f, caller);
    const files = picture
      ? [{ name: '作品.png', content: await pictureBytes(), type: 'image/png', field: picture }]
      : [];
    const body = multipart(fields, files);
    return { ...base, headers: { ...headers, ...body.headers }, payload: body.payload };
  }
  if (row.url === '/api/account/login') {
    return {
      ...base,
      headers,
      payload: { ticket: await app.accounts.issueTicket(caller.learner.id) },
    };
  }
  if (base.method === 'GET') return { ...base, headers };
  return { ...base, headers, payload: row.payload?.(f, caller) ?? {} };
}

/** Brings `subject`'s count under `limit` to the ceiling, as that many calls would have. */
async function fillToCeiling(app: FastifyInstance, limit: RateLimit, subject: string | number) {
  const key = rateLimitKey(limit, subject);
  for (let i = 0; i < limit.max; i += 1) await app.counters.increment(key, limit.windowMs);
}

function expectRefusal(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  limit: RateLimit,
) {
  expect(response.statusCode).toBe(200);
  const answer = response.json() as { code: number; message: string; data: unknown };
  expect(answer.code).toBe(429);
  expect(answer.data).toBeNull();
  expect(answer.message).toMatch(
    limit.message ?? new RegExp(`^${limit.action}过于频繁，请 \\d+ (秒|分钟|小时)后再试$`),
  );
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(limit.windowMs / 1000);
}

describeEachEngine(
  'rate limits answer 429 in the envelope past each ceiling',
  (ctx) => {
    let f: Fixtures;
    beforeAll(async () => {
      f = await prepareFixtures(ctx().app);
    }, 60_000);

    it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
      const { app } = ctx();
      const { db } = app.database;
      const [first, other] = (await createLearners(db, 2)) as [TestLearner, TestLearner];
      const flooder: Caller = { learner: first, address: nextAddress() };
      const bystander: Caller = { learner: other, address: nextAddress() };
      for (const caller of [flooder, bystander]) await row.prepare?.(db, f, caller.learner);
      const subject = (caller: Caller) =>
        rateLimitSubject(row.anonymous ? null : caller.learner.id, caller.address);
      await fillToCeiling(app, row.limit, subject(flooder));

      const before = await snapshot(db, row.watch, flooder.learner.id);
      const refused = await app.inject(await requestOf(app, row, f, flooder));
      expectRefusal(refused, row.limit);
      expect(await snapshot(db, row.watch, flooder.learner.id)).toEqual(before);

      const otherBefore = await snapshot(db, row.watch, bystander.learner.id);
      const allowed = await app.inject(await requestOf(app, row, f, bystander));
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().code, allowed.body).not.toBe(429);
      if (row.writes) {
        expect(allowed.json().code, allowed.body).toBe(0);
        expect(await snapshot(db, row.watch, bystander.learner.id)).not.toEqual(otherBefore);
      }
    });

    it('counts real calls: 10 comments a minute are written, the 11th is refused and not', async () => {
      const { app } = ctx();
      const [learner] = (await createLearners(app.database.db, 1)) as [TestLearner];
      const comment = () =>
        app.inject({
          method: 'POST',
          url: '/api/team-works/comment',
          headers: bearer(learner.token),
          payload: { workId: f.workId, content: '连发评论' },
        });
      for (let i = 0; i < RateLimits.teamWorkComment.max; i += 1) {
        expect((await comment()).json().code).toBe(0);
      }
      expectRefusal(await comment(), RateLimits.teamWorkComment);
      const written = await app.database.db
        .selectFrom('team_work_comments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('author_id', '=', learner.id)
        .executeTakeFirstOrThrow();
      expect(Number(written.count)).toBe(RateLimits.teamWorkComment.max);
    });

    it('counts real calls: 600 progress reports a minute are answered, the 601st is refused', async () => {
      const { app } = ctx();
      const [learner] = (await createLearners(app.database.db, 1)) as [TestLearner];
      // Reports on a lesson that does not exist are answered 404 and still count (a script's
      // flood need not be valid to cost the server), and cost this test no writes.
      const report = (lessonId: number) =>
        app.inject({
          method: 'POST',
          url: '/api/study/progress',
          headers: bearer(learner.token),
          payload: { lessonId, positionSeconds: 30, watchedSeconds: 5 },
        });
      const { max } = RateLimits.lessonProgress;
      const codes = new Map<number, number>();
      for (let i = 0; i < max; i += 1) {
        const code = (await report(999_999)).json().code as number;
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
      expect(codes).toEqual(new Map([[404, max]]));
      expectRefusal(await report(f.lesson.id), RateLimits.lessonProgress);
      const stored = await app.database.db
        .selectFrom('lesson_progress')
        .select('lesson_id')
        .where('user_id', '=', learner.id)
        .execute();
      expect(stored).toEqual([]);
    });

    it('counts only refused tickets at the ticket exchange: many learners of one address log in', async () => {
      const { app } = ctx();
      const address = nextAddress();
      const { max } = RateLimits.login;
      const learners = await createLearners(app.database.db, max + 1);
      const exchange = async (ticket: string) =>
        app.inject({
          method: 'POST',
          url: '/api/account/login',
          remoteAddress: address,
          payload: { ticket },
        });
      // One address, more learners than the ceiling: every right ticket is exchanged.
      for (const learner of learners) {
        const answer = await exchange(await app.accounts.issueTicket(learner.id));
        expect(answer.json().code, answer.body).toBe(0);
      }
      for (let i = 0; i < max; i += 1)
        expect((await exchange(`forged-${i}`)).json().code).toBe(400);
      const [last] = learners;
      const sessionsBefore = await snapshot(
        app.database.db,
        [learnerRows('sessions')],
        last?.id ?? 0,
      );
      expectRefusal(
        await exchange(await app.accounts.issueTicket(last?.id ?? 0)),
        RateLimits.login,
      );
      expect(await snapshot(app.database.db, [learnerRows('sessions')], last?.id ?? 0)).toEqual(
        sessionsBefore,
      );
    });

    it('refuses a registration past the ceiling of an address with 429 and Retry-After, creating nothing', async () => {
      const { app } = ctx();
      const address = nextAddress();
      await fillToCeiling(app, RateLimits.registration, address);
      const register = (from: string, username: string) =>
        app.inject({
          method: 'POST',
          url: '/sso/register',
          remoteAddress: from,
          headers: { host: 'localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            username,
            password: 'Learn2026x',
            confirmPassword: 'Learn2026x',
            callback: 'http://localhost:80/authPage',
          }).toString(),
        });
      const phone = newPhone();
      const refused = await register(address, phone);
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toMatch(/注册过于频繁，请 \d+ (秒|分钟)后再试/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const users = await app.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', phone)
        .execute();
      expect(users).toEqual([]);
      expect((await register(nextAddress(), phone)).statusCode).toBe(302);
    });

    it('refuses a login from an address past its failures with 429 and Retry-After, even with the right password', async () => {
      const { app } = ctx();
      const address = nextAddress();
      await fillToCeiling(app, RateLimits.loginFailuresByAddress, address);
      const login = (from: string) =>
        app.inject({
          method: 'POST',
          url: '/sso/login',
          remoteAddress: from,
          headers: { host: 'localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            username: '13800000002',
            password: 'Demo@2026',
            callback: 'http://localhost:80/authPage',
          }).toString(),
        });
      const refused = await login(address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers.location).toBeUndefined();
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(nextAddress())).statusCode).toBe(302);
    });
  },
  { seedDemo: true },
);

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('one count across two instances sharing Redis', () => {
  const engine = testEngines()[0] ?? 'sqlite';
  const prefix = `test:limits:${randomUUID()}:`;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const url = redisUrl ?? '';
    [one, two] = await Promise.all([
      buildTestApp(engine, { seedDemo: true }, undefined, {
        counters: new RedisCounterStore(url, prefix),
      }),
      buildTestApp(engine, { seedDemo: true }, undefined, {
        counters: new RedisCounterStore(url, prefix),
      }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('refuses the call past the ceiling on either instance, and only for that learner', async () => {
    // The seeded demo learners have the same ids in both databases: one learner to the store.
    const [tokenOne, tokenTwo, otherToken] = await Promise.all([
      loginAs(one.app),
      loginAs(two.app),
      loginAs(two.app, '13800000002'),
    ]);
    const checkIn = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/activities/checkin',
        headers: bearer(token),
        payload: { code: 'NO-SUCH-CODE' },
      });
    const { max } = RateLimits.checkIn;
    let allowed = 0;
    for (let i = 0; i < max; i += 1) {
      const [app, token] = i % 2 === 0 ? [one.app, tokenOne] : [two.app, tokenTwo];
      if ((await checkIn(app, token)).json().code !== 429) allowed += 1;
    }
    expect(allowed).toBe(max);
    expectRefusal(await checkIn(one.app, tokenOne), RateLimits.checkIn);
    expectRefusal(await checkIn(two.app, tokenTwo), RateLimits.checkIn);
    expect((await checkIn(two.app, otherToken)).json().code).not.toBe(429);
  });
});
