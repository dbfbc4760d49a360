import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import {
  REVIEW_STATUSES,
  SEATS_MAX,
  WALK_DISTANCE_MAX_M,
  WALK_DURATION_MAX_MINUTES,
  WALK_GUIDE_MAX,
  WALK_MEETING_POINT_MAX,
  WALK_SESSION_HOURS_MAX,
  WALK_SESSIONS_MAX,
  WALK_STOPS_MAX,
  WALK_STORY_MAX,
  WALK_TITLE_MAX,
  walkSessionRow,
  walkStopRow,
} from './admin-values.ts';
import { ID_MAX } from './limits.ts';
import { idParam } from './parts.ts';

/*
 * The console's humanities walks (`/api/admin/walks`, 人文行走): a route's own fields, its stops
 * in order (each a map place of category `walk` with its story) and its guided sessions; written
 * by editors and reviewed before publication as articles are.
 *
 * A stop's or a session's problem names its row (`第 2 站：不能重复选择同一地点`): those checks
 * are the form's refinement, whose issue path is the row's name (the label the refusal shows).
 */

/** A cover of this site's file store (`/files/...`), as the console's uploads answer. */
const coverPath = z
  .string()
  .max(300, '地址过长')
  .regex(/^\/files\/[A-Za-z0-9/_.-]+$/, '请上传封面图片');

/** A time of a session, ISO 8601 with its offset (`2026-12-05T09:00:00+08:00`). */
const isoTime = z.iso.datetime({ offset: true });

/** A stop of the route: its row's id when it exists (none for a new one), its place and story. */
export const adminWalkStopSchema = z.object({
  id: idParam.optional(),
  /** A map place of the site, of category `walk` (人文行走点). */
  placeId: z.number({ error: '请选择地点' }).int().min(1).max(ID_MAX),
  /** Plain text learners read at the stop. */
  story: z.string().trim().default(''),
});
export type AdminWalkStop = z.infer<typeof adminWalkStopSchema>;

/** A guided session: its row's id when it exists (none for a new one). */
export const adminWalkSessionSchema = z.object({
  id: idParam.optional(),
  startAt: z.string({ error: '请选择开始时间' }),
  endAt: z.string({ error: '请选择结束时间' }),
  meetingPoint: z.string().trim().default(''),
  guide: z.string().trim().default(''),
  capacity: z.number({ error: '请填写名额' }),
});
export type AdminWalkSession = z.infer<typeof adminWalkSessionSchema>;

const walkFormShape = z.object({
  title: z.string().trim().min(1, '不能为空').max(WALK_TITLE_MAX, `最多 ${WALK_TITLE_MAX} 个字`),
  /** Rich HTML (the portal renders it), sanitized when stored and again when shown. */
  introductionHtml: z.string().max(100_000, '内容过长').default(''),
  /** The route's picture, or null (the portal shows the walk without one). */
  cover: coverPath.nullable().default(null),
  distanceM: z
    .number({ error: '请填写路线长度' })
    .int('须为整数（米）')
    .min(1, '至少 1 米')
    .max(WALK_DISTANCE_MAX_M, `最多 ${WALK_DISTANCE_MAX_M / 1000} 公里`),
  durationMinutes: z
    .number({ error: '请填写预计用时' })
    .int('须为整数（分钟）')
    .min(1, '至少 1 分钟')
    .max(WALK_DURATION_MAX_MINUTES, `最多 ${WALK_DURATION_MAX_MINUTES / 60} 小时`),
  /** The stops in the order walked (position 1 first). */
  stops: z.array(adminWalkStopSchema).max(WALK_STOPS_MAX, `最多 ${WALK_STOPS_MAX} 站`).default([]),
  sessions: z
    .array(adminWalkSessionSchema)
    .max(WALK_SESSIONS_MAX, `最多 ${WALK_SESSIONS_MAX} 场导览`)
    .default([]),
});

const HOUR = 3_600_000;

/** The checks of each stop and session, naming its row: no place twice, times in order... */
function refineWalk(form: z.infer<typeof walkFormShape>, context: z.RefinementCtx) {
  const refuse = (row: string, message: string) =>
    context.addIssue({ code: 'custom', path: [row], message });
  const places = new Set<number>();
  const stopIds = new Set<number>();
  for (const [index, stop] of form.stops.entries()) {
    const row = walkStopRow(index);
    if (places.has(stop.placeId)) refuse(row, '不能重复选择同一地点');
    places.add(stop.placeId);
    if (stop.id !== undefined && stopIds.has(stop.id)) refuse(row, '与前面的站点重复');
    if (stop.id !== undefined) stopIds.add(stop.id);
    if (stop.story.length > WALK_STORY_MAX) refuse(row, `故事最多 ${WALK_STORY_MAX} 个字`);
  }
  const sessionIds = new Set<number>();
  for (const [index, session] of form.sessions.entries()) {
    const row = walkSessionRow(index);
    if (session.id !== undefined && sessionIds.has(session.id)) refuse(row, '与前面的场次重复');
    if (session.id !== undefined) sessionIds.add(session.id);
    const okStart = isoTime.safeParse(session.startAt).success;
    const okEnd = isoTime.safeParse(session.endAt).success;
    if (!okStart) refuse(row, '请选择开始时间');
    if (!okEnd) refuse(row, '请选择结束时间');
    if (okStart && okEnd) {
      const span = Date.parse(session.endAt) - Date.parse(session.startAt);
      if (span <= 0) refuse(row, '结束时间须晚于开始时间');
      else if (span > WALK_SESSION_HOURS_MAX * HOUR) {
        refuse(row, `一场导览最长 ${WALK_SESSION_HOURS_MAX} 小时`);
      }
    }
    if (session.meetingPoint === '') refuse(row, '请填写集合地点');
    if (session.meetingPoint.length > WALK_MEETING_POINT_MAX) {
      refuse(row, `集合地点最多 ${WALK_MEETING_POINT_MAX} 个字`);
    }
    if (session.guide === '') refuse(row, '请填写导览员');
    if (session.guide.length > WALK_GUIDE_MAX) refuse(row, `导览员最多 ${WALK_GUIDE_MAX} 个字`);
    if (!Number.isInteger(session.capacity) || session.capacity < 1) {
      refuse(row, '名额须为至少 1 人的整数');
    } else if (session.capacity > SEATS_MAX) {
      refuse(row, `名额最多 ${SEATS_MAX} 人`);
    }
  }
}

/** What an operator writes of a walk (the console's form); the server checks it all. */
export const adminWalkFormSchema = walkFormShape.superRefine(refineWalk);
export type AdminWalkForm = z.infer<typeof adminWalkFormSchema>;
export type AdminWalkFormInput = z.input<typeof adminWalkFormSchema>;

export const adminWalkUpdateBodySchema = walkFormShape
  .extend({ id: idParam, version: z.number().int().min(1) })
  .superRefine(refineWalk);
export type AdminWalkUpdateBody = z.infer<typeof adminWalkUpdateBodySchema>;

/**
 * `GET /api/admin/walks/detail?id=`: the form, its review state, the live version beside it,
 * and what learners hold of its rows now: check-ins at each stop (such a stop cannot be removed)
 * and seats taken in each session (a booked session can neither be removed nor moved, and its
 * capacity never falls below them).
 */
export const adminWalkSchema = reviewedSchemaOf(
  // As stored (the form's transforms ran when it was saved).
  walkFormShape.extend({
    stops: z.array(
      z.object({ id: z.number().int().optional(), placeId: z.number().int(), story: z.string() }),
    ),
    sessions: z.array(
      z.object({
        id: z.number().int().optional(),
        startAt: z.string(),
        endAt: z.string(),
        meetingPoint: z.string(),
        guide: z.string(),
        capacity: z.number().int(),
      }),
    ),
  }),
).extend({
  stopCheckins: z.array(z.object({ stopId: z.number().int(), checkins: z.number().int() })),
  sessionSeats: z.array(z.object({ sessionId: z.number().int(), seatsTaken: z.number().int() })),
});
export type AdminWalk = z.infer<typeof adminWalkSchema>;

/** A walk in the console's list (its numbers are its waiting edit's, if any). */
export const adminWalkRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  distanceM: z.number().int(),
  durationMinutes: z.number().int(),
  stopCount: z.number().int(),
  sessionCount: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminWalkRow = z.infer<typeof adminWalkRowSchema>;

/** `GET /api/admin/walks`: the site's walks, newest change first. */
export const adminWalkListQuerySchema = reviewListQuery.extend({});
export type AdminWalkListQuery = z.infer<typeof adminWalkListQuerySchema>;

/**
 * `GET /api/admin/walks/places?q=&ids=`: the site's walk places (人文行走点) whose name has the
 * words (at most 20), after the chosen ones (`ids`, comma-separated, in their order).
 */
export const adminWalkPlaceQuerySchema = z.object({
  q: z.string().trim().max(50, '最多 50 个字').default(''),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, '请用逗号分隔地点编号')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().min(1, '地点编号有误').max(ID_MAX, '地点编号有误'))
        .max(WALK_STOPS_MAX, `最多 ${WALK_STOPS_MAX} 个地点`),
    )
    .optional(),
});
export type AdminWalkPlaceQuery = z.infer<typeof adminWalkPlaceQuerySchema>;

/** A walk place a stop may be, as the stop picker shows it. */
export const adminWalkPlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  address: z.string(),
});
export type AdminWalkPlace = z.infer<typeof adminWalkPlaceSchema>;
