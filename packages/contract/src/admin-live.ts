import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import { REVIEW_STATUSES } from './admin-values.ts';
import { LIVE_STATES } from './live-state.ts';
import { idParam } from './parts.ts';

/*
 * The console's live sessions (`/api/admin/live`): a session of one of the site's channels,
 * written by editors and reviewed before publication as courses are.
 */

/** Most characters of a session's title. */
export const LIVE_TITLE_MAX = 100;
/** Most characters of the speaker's name (the column holds 50). */
export const LIVE_SPEAKER_MAX = 50;
/** Most characters of the speaker's title (the column holds 100). */
export const LIVE_SPEAKER_TITLE_MAX = 100;
/** The longest session a site schedules, in hours. */
export const LIVE_HOURS_MAX = 12;

/** One or more path segments of this site's files (none starting with a dot: no `..`). */
const SEGMENTS = '(?:/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+';

/**
 * A live source the portal plays: an HLS playlist (`.m3u8`) of this site under `/media/`, which
 * the server loops as the live stream (`live-source.ts` reads no other). Not a URL of another
 * host, not `http:` or `javascript:`.
 */
export const LIVE_STREAM_PATTERN = new RegExp(`^/media${SEGMENTS}\\.m3u8$`);
/** A replay of this site under `/media/`: an uploaded MP4 or WebM, or an HLS playlist. */
export const LIVE_REPLAY_PATTERN = new RegExp(`^/media${SEGMENTS}\\.(?:mp4|webm|m3u8)$`);
/** A cover uploaded to this site (`/files/...`). */
const COVER_PATTERN = new RegExp(`^/files${SEGMENTS}$`);

const text = (field: string, max: number) =>
  z.string().trim().min(1, `${field}不能为空`).max(max, `${field}最多 ${max} 个字`);

/** A time of the form: ISO 8601 with its offset (the console sends UTC). */
const time = (message: string) => z.iso.datetime({ offset: true, error: message });

/**
 * What an operator writes of a live session (the console's form); the server checks it all,
 * the times' order and length and the channel and course being the site's among it.
 */
export const adminLiveFormSchema = z.object({
  channelId: idParam,
  title: text('直播标题', LIVE_TITLE_MAX),
  cover: z.string().max(500).regex(COVER_PATTERN, '请上传直播封面'),
  speaker: text('主讲人', LIVE_SPEAKER_MAX),
  speakerTitle: z
    .string()
    .trim()
    .max(LIVE_SPEAKER_TITLE_MAX, `最多 ${LIVE_SPEAKER_TITLE_MAX} 个字`)
    .default(''),
  /** Rich HTML, sanitized when stored and again when shown. */
  introductionHtml: z.string().max(100_000, '内容过长').default(''),
  /** ISO 8601. */
  startsAt: time('请选择开始时间'),
  /** ISO 8601, after the start and at most {@link LIVE_HOURS_MAX} hours after it. */
  endsAt: time('请选择结束时间'),
  /** The source played while live (see {@link LIVE_STREAM_PATTERN}); null before it is known. */
  streamUrl: z
    .string()
    .max(500, '地址过长')
    .regex(LIVE_STREAM_PATTERN, '须为本站 /media/ 下的 HLS 播放列表（.m3u8）')
    .nullable()
    .default(null),
  /** The replay shown once ended (an uploaded video); null for none. */
  replayUrl: z
    .string()
    .max(500, '地址过长')
    .regex(LIVE_REPLAY_PATTERN, '请上传回放视频')
    .nullable()
    .default(null),
  /** A course of the site the session belongs to, or null. */
  courseId: idParam.nullable().default(null),
});
export type AdminLiveForm = z.infer<typeof adminLiveFormSchema>;
export type AdminLiveFormInput = z.input<typeof adminLiveFormSchema>;

export const adminLiveUpdateBodySchema = adminLiveFormSchema.extend({
  id: idParam,
  version: z.number().int().min(1),
});
export type AdminLiveUpdateBody = z.infer<typeof adminLiveUpdateBodySchema>;

/** `GET /api/admin/live/detail?id=`: the form, its review state, the live version beside it. */
export const adminLiveSchema = reviewedSchemaOf(adminLiveFormSchema);
export type AdminLive = z.infer<typeof adminLiveSchema>;

/** A live session in the console's list. */
export const adminLiveRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  channelName: z.string(),
  /** ISO 8601. */
  startsAt: z.string(),
  /** ISO 8601. */
  endsAt: z.string(),
  /** By its (published) times now, as the portal tells it (`liveStateAt`). */
  state: z.enum(LIVE_STATES),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminLiveRow = z.infer<typeof adminLiveRowSchema>;

export const adminLiveListQuerySchema = reviewListQuery.extend({
  channelId: idParam.optional(),
  state: z
    .enum(LIVE_STATES, { error: '只能是 upcoming（预告）、live（直播中）或 ended（已结束）' })
    .optional(),
});
export type AdminLiveListQuery = z.infer<typeof adminLiveListQuerySchema>;

/** The site's channels and published courses, for the session form's choices. */
export const adminLiveChoicesSchema = z.object({
  channels: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Whether learners see the channel (a session of a hidden one is not shown). */
      published: z.boolean(),
    }),
  ),
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AdminLiveChoices = z.infer<typeof adminLiveChoicesSchema>;
