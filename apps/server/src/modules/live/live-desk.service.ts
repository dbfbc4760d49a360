import {
  type AdminLiveChoices,
  type AdminLiveForm,
  type AdminLiveListQuery,
  type AdminLiveRow,
  LIVE_HOURS_MAX,
  liveStateAt,
  type Page,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import { isoTime } from '../../platform/time.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import type { AuditLog } from '../operators/audit.ts';

const HOUR_MS = 3_600_000;

/** A live sessions row of the site with its review columns and its author's nickname. */
type SessionRow = ReviewedRow<'live_sessions'>;

/** The session's form as stored. */
async function formOfSession(_db: Kysely<Database>, row: SessionRow): Promise<AdminLiveForm> {
  return {
    channelId: row.channel_id,
    title: row.title,
    cover: row.cover,
    speaker: row.speaker,
    speakerTitle: row.speaker_title,
    introductionHtml: row.introduction,
    startsAt: isoTime(row.starts_at),
    endsAt: isoTime(row.ends_at),
    streamUrl: row.stream_url,
    replayUrl: row.replay_url,
    courseId: row.course_id,
  };
}

/**
 * The form as it will be stored: an end after the start within {@link LIVE_HOURS_MAX} hours,
 * the site's channel and course, sanitized HTML, times in one ISO 8601 spelling.
 */
async function checkSession(
  db: Kysely<Database>,
  siteKey: string,
  form: AdminLiveForm,
): Promise<AdminLiveForm> {
  const startsAt = Date.parse(form.startsAt);
  const endsAt = Date.parse(form.endsAt);
  if (!(endsAt > startsAt)) throw invalid('结束时间：须晚于开始时间');
  if (endsAt - startsAt > LIVE_HOURS_MAX * HOUR_MS) {
    throw invalid(`结束时间：一场直播最长 ${LIVE_HOURS_MAX} 小时`);
  }
  const [channel, course] = await Promise.all([
    db
      .selectFrom('live_channels')
      .select('id')
      .where('id', '=', form.channelId)
      .where('site_key', '=', siteKey)
      .executeTakeFirst(),
    form.courseId === null
      ? null
      : db
          .selectFrom('courses')
          .select('id')
          .where('id', '=', form.courseId)
          .where('site_key', '=', siteKey)
          .executeTakeFirst(),
  ]);
  if (!channel) throw invalid('直播频道：本站没有这个频道');
  if (form.courseId !== null && !course) throw invalid('关联课程：本站没有这门课程');
  return {
    ...form,
    introductionHtml: sanitizeArticleHtml(form.introductionHtml),
    startsAt: isoTime(startsAt),
    endsAt: isoTime(endsAt),
  };
}

/** Why a session may not be published yet, or null. */
function unpublishable(form: AdminLiveForm): string | null {
  if (!form.streamUrl && !form.replayUrl) return '直播还没有直播源或回放，不能发布';
  return null;
}

/** The columns a form writes onto a session. */
const columnsOf = (form: AdminLiveForm) => ({
  channel_id: form.channelId,
  title: form.title,
  cover: form.cover,
  speaker: form.speaker,
  speaker_title: form.speakerTitle,
  introduction: form.introductionHtml,
  starts_at: Date.parse(form.startsAt),
  ends_at: Date.parse(form.endsAt),
  stream_url: form.streamUrl,
  replay_url: form.replayUrl,
  course_id: form.courseId,
});

/** Live sessions as the review desk handles them. */
const liveKind: DeskKind<AdminLiveForm, SessionRow> = {
  entity: 'live',
  table: 'live_sessions',
  name: '直播',
  formOf: formOfSession,
  check: checkSession,
  async insert(trx, operator, form, now) {
    const { id } = await trx
      .insertInto('live_sessions')
      .values({
        ...columnsOf(form),
        site_key: operator.siteKey,
        published: 0,
        created_at: now,
        status: 'draft',
        author_id: operator.userId,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  async write(trx, row, form) {
    await trx.updateTable('live_sessions').set(columnsOf(form)).where('id', '=', row.id).execute();
  },
  title: (form) => form.title,
  publishable: unpublishable,
};

/**
 * The live sessions of a site as its operators write and review them (the review is the
 * {@link ReviewDesk}'s): the console's list, and the channels and courses to choose from.
 */
export class LiveDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminLiveForm, SessionRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    // Looked up on each call (not bound once), so tests can move the clock.
    private readonly now: () => number = () => Date.now(),
  ) {
    this.review = new ReviewDesk(db, liveKind, audit, publicCache, now);
  }

  /** The site's channels (hidden ones too, marked) and its published courses, to choose from. */
  async choices(siteKey: string): Promise<AdminLiveChoices> {
    const [channels, courses] = await Promise.all([
      this.db
        .selectFrom('live_channels')
        .select(['id', 'name', 'published'])
        .where('site_key', '=', siteKey)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('courses')
        .select(['id', 'title'])
        .where('site_key', '=', siteKey)
        .where('published', '=', 1)
        .orderBy('id', 'desc')
        .execute(),
    ]);
    return {
      channels: channels.map((row) => ({
        id: row.id,
        name: row.name,
        published: Number(row.published) === 1,
      })),
      courses,
    };
  }

  /**
   * The site's sessions matching the query; the time state is the contract's `liveStateAt`
   * written as ranges of the stored times (as the portal's list filters them).
   */
  private filtered(siteKey: string, query: AdminLiveListQuery, now: number) {
    let builder = this.db
      .selectFrom('live_sessions as s')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 's.id').on('e.entity', '=', 'live'),
      )
      .where('s.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query, { alias: 's' }));
    if (query.channelId !== undefined) {
      builder = builder.where('s.channel_id', '=', query.channelId);
    }
    if (query.state === 'upcoming') builder = builder.where('s.starts_at', '>', now);
    if (query.state === 'live') {
      builder = builder.where('s.starts_at', '<=', now).where('s.ends_at', '>', now);
    }
    if (query.state === 'ended') builder = builder.where('s.ends_at', '<=', now);
    return builder;
  }

  /** The site's sessions, newest change first, each with its time state now. */
  async list(siteKey: string, query: AdminLiveListQuery): Promise<Page<AdminLiveRow>> {
    const now = this.now();
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query, now)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query, now)
            .innerJoin('live_channels as ch', 'ch.id', 's.channel_id')
            .leftJoin('users as u', 'u.id', 's.author_id')
            .select([
              's.id',
              's.title',
              'ch.name as channel_name',
              's.starts_at',
              's.ends_at',
              's.status',
              's.version',
              'u.nickname as author_name',
              's.updated_at',
              's.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
            ])
            .orderBy('s.updated_at', 'desc')
            .orderBy('s.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => {
          const times = { startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) };
          return {
            ...listedReview(row),
            id: row.id,
            channelName: row.channel_name,
            startsAt: isoTime(times.startsAt),
            endsAt: isoTime(times.endsAt),
            state: liveStateAt(times, now),
          };
        }),
    );
  }
}
