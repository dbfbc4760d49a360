import type {
  AdminWalkForm,
  AdminWalkListQuery,
  AdminWalkPlace,
  AdminWalkRow,
  Page,
} from '@portal/contract';
import { WALK_STOPS_MIN, walkSessionRow, walkStopRow } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { invalid } from '../../platform/errors.ts';
import { cleanIntroduction } from '../../platform/plain-text.ts';
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

/** A walks row of the site with its review columns and its author's nickname. */
type WalkRow = ReviewedRow<'walks'>;

const ms = (time: string) => Date.parse(time);

/** A session's start as operators read it in a message (Asia/Shanghai), e.g. 12月5日 09:00. */
const sessionLabel = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The walk's stops in order, with what learners hold of them (their check-ins). */
function storedStops(db: Kysely<Database>, walkId: number) {
  return db
    .selectFrom('walk_stops as s')
    .innerJoin('map_places as p', 'p.id', 's.place_id')
    .select((eb) => [
      's.id',
      's.place_id',
      's.story',
      'p.name',
      eb
        .selectFrom('walk_checkins as c')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('c.stop_id', '=', 's.id')
        .as('checkins'),
    ])
    .where('s.walk_id', '=', walkId)
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
}

/** The walk's sessions, soonest first. */
function storedSessions(db: Kysely<Database>, walkId: number) {
  return db
    .selectFrom('walk_sessions')
    .select(['id', 'start_at', 'end_at', 'meeting_point', 'guide', 'capacity', 'seats_taken'])
    .where('walk_id', '=', walkId)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

/** The walk's form as stored, its stops in order and its sessions soonest first. */
async function formOfWalk(db: Kysely<Database>, row: WalkRow): Promise<AdminWalkForm> {
  const [stops, sessions] = await Promise.all([
    storedStops(db, row.id),
    storedSessions(db, row.id),
  ]);
  return {
    title: row.title,
    introductionHtml: row.intro,
    cover: row.cover,
    distanceM: Number(row.distance_m),
    durationMinutes: Number(row.duration_minutes),
    stops: stops.map((stop) => ({ id: stop.id, placeId: stop.place_id, story: stop.story })),
    sessions: sessions.map((session) => ({
      id: session.id,
      startAt: isoTime(session.start_at),
      endAt: isoTime(session.end_at),
      meetingPoint: session.meeting_point,
      guide: session.guide,
      capacity: Number(session.capacity),
    })),
  };
}

/** Whether sanitized HTML shows nothing to read (no text, no picture). */
const blankHtml = (html: string) =>
  !/<img\b/i.test(html) &&
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/** Walks as the review desk handles them; `now` decides what is in the past. */
function walkKind(engine: Engine, now: () => number): DeskKind<AdminWalkForm, WalkRow> {
  return {
    entity: 'walk',
    table: 'walks',
    name: '行走路线',
    formOf: formOfWalk,
    /**
     * The form as it will be stored: each stop a walk place (人文行走点) of the site, its story
     * plain text; a new session not in the past; the introduction sanitized.
     */
    async check(db, siteKey, form) {
      const placeIds = form.stops.map((stop) => stop.placeId);
      const places =
        placeIds.length === 0
          ? []
          : await db
              .selectFrom('map_places')
              .select('id')
              .where('site_key', '=', siteKey)
              .where('category', '=', 'walk')
              .where('id', 'in', placeIds)
              .execute();
      const known = new Set(places.map((place) => place.id));
      for (const [index, stop] of form.stops.entries()) {
        if (!known.has(stop.placeId)) {
          throw invalid(`${walkStopRow(index)}：本站没有这个人文行走点`);
        }
      }
      for (const [index, session] of form.sessions.entries()) {
        if (session.id === undefined && ms(session.startAt) <= now()) {
          throw invalid(`${walkSessionRow(index)}：开始时间已过，请选择以后的时间`);
        }
      }
      return {
        ...form,
        introductionHtml: sanitizeArticleHtml(form.introductionHtml),
        stops: form.stops.map((stop) => ({ ...stop, story: cleanIntroduction(stop.story) })),
      };
    },
    async insert(trx, operator, form, at) {
      const { id } = await trx
        .insertInto('walks')
        .values({
          ...columnsOf(form),
          site_key: operator.siteKey,
          published: 0,
          created_at: at,
          published_at: null,
          status: 'draft',
          author_id: operator.userId,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A new walk has no rows yet: ids the form names (of another walk) are not taken up.
      await writeRows(trx, id, {
        ...form,
        stops: form.stops.map(({ placeId, story }) => ({ placeId, story })),
        sessions: form.sessions.map(({ id: _id, ...session }) => session),
      });
      return id;
    },
    async write(trx, row, form) {
      await writeRows(trx, row.id, form);
      // After the stops: setting the title rewrites the walk's search document with them.
      await trx.updateTable('walks').set(columnsOf(form)).where('id', '=', row.id).execute();
    },
    fits: async (db, row, form) => {
      await holdRows(db, engine, row.id);
      await fitsRows(db, row, form, now());
    },
    extra: async (row, db) => {
      const [stops, sessions] = await Promise.all([
        storedStops(db, row.id),
        storedSessions(db, row.id),
      ]);
      return {
        stopCheckins: stops.map((stop) => ({ stopId: stop.id, checkins: Number(stop.checkins) })),
        sessionSeats: sessions.map((session) => ({
          sessionId: session.id,
          seatsTaken: Number(session.seats_taken),
        })),
      };
    },
    title: (form) => form.title,
    // Learners decide on what the page tells them, and a walk goes from one stop to another.
    publishable: (form) => {
      if (blankHtml(form.introductionHtml)) return '路线介绍还没有内容，不能发布';
      if (form.stops.length < WALK_STOPS_MIN) {
        return `路线至少要有 ${WALK_STOPS_MIN} 个站点才能发布（现有 ${form.stops.length} 个）`;
      }
      return null;
    },
  };
}

/** The columns a form writes onto a walk (its stops and sessions are rows of their own). */
function columnsOf(form: AdminWalkForm) {
  return {
    title: form.title,
    intro: form.introductionHtml,
    cover: form.cover,
    distance_m: form.distanceM,
    duration_minutes: form.durationMinutes,
  };
}

/**
 * Locks the walk's stops and sessions for the rest of the change's transaction, so a signup or
 * a check-in cannot slip in between {@link fitsRows} reading what learners hold and the form
 * being written (a signup would then wait and meet the new seats; a check-in at a stop being
 * removed would not be deleted with it). SQLite has one writer, which the change already is.
 */
async function holdRows(db: Kysely<Database>, engine: Engine, walkId: number) {
  if (engine !== 'postgres') return;
  await db
    .selectFrom('walk_stops')
    .select('id')
    .where('walk_id', '=', walkId)
    .forUpdate()
    .execute();
  await db
    .selectFrom('walk_sessions')
    .select('id')
    .where('walk_id', '=', walkId)
    .forUpdate()
    .execute();
}

/**
 * Refuses (400, naming the row) a form that does not fit what learners hold now, read in the
 * change's transaction: rows named by id must be the walk's; a stop learners checked in at stays,
 * at its place; a session learners signed up for stays, at its time, with at least their seats;
 * a session given a new time must start after `now`.
 */
async function fitsRows(db: Kysely<Database>, row: WalkRow, form: AdminWalkForm, now: number) {
  const [stops, sessions] = await Promise.all([
    storedStops(db, row.id),
    storedSessions(db, row.id),
  ]);
  const stopById = new Map(stops.map((stop) => [stop.id, stop]));
  for (const [index, stop] of form.stops.entries()) {
    if (stop.id === undefined) continue;
    const stored = stopById.get(stop.id);
    if (!stored) throw invalid(`${walkStopRow(index)}：这个站点已不在路线上，请刷新后再改`);
    if (stored.place_id !== stop.placeId) {
      throw invalid(`${walkStopRow(index)}：已有站点不能更换地点，请移除后另加一站`);
    }
  }
  const keptStops = new Set(form.stops.flatMap((stop) => (stop.id === undefined ? [] : stop.id)));
  for (const stop of stops) {
    const checkins = Number(stop.checkins);
    if (!keptStops.has(stop.id) && checkins > 0) {
      throw invalid(`站点：“${stop.name}”已有 ${checkins} 人打卡，不能移除`);
    }
  }
  const sessionById = new Map(sessions.map((session) => [session.id, session]));
  for (const [index, session] of form.sessions.entries()) {
    if (session.id === undefined) continue;
    const stored = sessionById.get(session.id);
    const row = walkSessionRow(index);
    if (!stored) throw invalid(`${row}：这个场次已不存在，请刷新后再改`);
    const taken = Number(stored.seats_taken);
    const moved =
      ms(session.startAt) !== Number(stored.start_at) ||
      ms(session.endAt) !== Number(stored.end_at);
    if (moved && taken > 0) throw invalid(`${row}：已有 ${taken} 人报名，不能改动时间`);
    if (moved && ms(session.startAt) <= now) {
      throw invalid(`${row}：开始时间已过，请选择以后的时间`);
    }
    if (session.capacity < taken)
      throw invalid(`${row}：已有 ${taken} 人报名，名额不能少于 ${taken}`);
  }
  const keptSessions = new Set(
    form.sessions.flatMap((session) => (session.id === undefined ? [] : session.id)),
  );
  for (const session of sessions) {
    const taken = Number(session.seats_taken);
    if (!keptSessions.has(session.id) && taken > 0) {
      const start = sessionLabel.format(Number(session.start_at));
      throw invalid(`导览场次：${start} 的导览已有 ${taken} 人报名，不能删除`);
    }
  }
}

/**
 * Writes the stops and sessions of a form onto the walk by id: rows the form names are updated
 * in place (check-ins and signups keep pointing at them), new ones inserted, the others deleted
 * ({@link fitsRows} has refused removing any learners hold).
 */
async function writeRows(trx: Kysely<Database>, walkId: number, form: AdminWalkForm) {
  const at = Date.now();
  const keptStops = form.stops.flatMap((stop) => (stop.id === undefined ? [] : stop.id));
  let gone = trx.deleteFrom('walk_stops').where('walk_id', '=', walkId);
  if (keptStops.length > 0) gone = gone.where('id', 'not in', keptStops);
  await gone.execute();
  // Positions are unique in a walk: the kept stops step aside first, then take their new ones.
  await trx
    .updateTable('walk_stops')
    .set((eb) => ({ position: eb.neg(eb.ref('position')) }))
    .where('walk_id', '=', walkId)
    .execute();
  for (const [index, stop] of form.stops.entries()) {
    if (stop.id === undefined) {
      await trx
        .insertInto('walk_stops')
        .values({ walk_id: walkId, place_id: stop.placeId, position: index + 1, story: stop.story })
        .execute();
    } else {
      await trx
        .updateTable('walk_stops')
        .set({ position: index + 1, story: stop.story })
        .where('id', '=', stop.id)
        .where('walk_id', '=', walkId)
        .execute();
    }
  }

  const keptSessions = form.sessions.flatMap((session) =>
    session.id === undefined ? [] : session.id,
  );
  let over = trx.deleteFrom('walk_sessions').where('walk_id', '=', walkId);
  if (keptSessions.length > 0) over = over.where('id', 'not in', keptSessions);
  await over.execute();
  for (const session of form.sessions) {
    const columns = {
      start_at: ms(session.startAt),
      end_at: ms(session.endAt),
      meeting_point: session.meetingPoint,
      guide: session.guide,
      capacity: session.capacity,
      updated_at: at,
    };
    if (session.id === undefined) {
      await trx
        .insertInto('walk_sessions')
        .values({ ...columns, walk_id: walkId, created_at: at })
        .execute();
    } else {
      await trx
        .updateTable('walk_sessions')
        .set(columns)
        .where('id', '=', session.id)
        .where('walk_id', '=', walkId)
        .execute();
    }
  }
}

/**
 * The humanities walks of a site as its operators write and review them (the review is the
 * {@link ReviewDesk}'s): the console's list and the walk places a stop may be. Learners see a
 * walk once it is published (`published = 1`, as the portal and search read it).
 */
export class WalkDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminWalkForm, WalkRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, walkKind(engine, now), audit, publicCache, now);
  }

  /**
   * Up to 20 of the site's walk places (人文行走点) whose name has the words, after the chosen
   * ones of the site (in their order: the form names them).
   */
  async places(siteKey: string, q: string, chosen: readonly number[]): Promise<AdminWalkPlace[]> {
    const base = this.db
      .selectFrom('map_places')
      .select(['id', 'name', 'street', 'address'])
      .where('site_key', '=', siteKey)
      .where('category', '=', 'walk');
    const [picked, matches] = await Promise.all([
      chosen.length === 0 ? [] : base.where('id', 'in', chosen).execute(),
      (q ? base.where(matchesPattern(this.engine, 'name', containsPattern(q))) : base)
        .orderBy('name')
        .orderBy('id')
        .limit(20)
        .execute(),
    ]);
    const byId = new Map(picked.map((row) => [row.id, row]));
    const first = chosen.flatMap((id) => byId.get(id) ?? []);
    return [...first, ...matches.filter((row) => !byId.has(row.id))].map((row) => ({
      id: row.id,
      name: row.name,
      street: row.street,
      address: row.address,
    }));
  }

  private filtered(siteKey: string, query: AdminWalkListQuery) {
    const builder = this.db
      .selectFrom('walks as w')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'w.id').on('e.entity', '=', 'walk'),
      )
      .where('w.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query, { alias: 'w' }));
    return builder;
  }

  /** The site's walks, newest change first. */
  async list(siteKey: string, query: AdminWalkListQuery): Promise<Page<AdminWalkRow>> {
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .leftJoin('users as u', 'u.id', 'w.author_id')
            .select((eb) => [
              'w.id',
              'w.title',
              'w.distance_m',
              'w.duration_minutes',
              'w.status',
              'w.version',
              'u.nickname as author_name',
              'w.updated_at',
              'w.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
              eb
                .selectFrom('walk_stops as s')
                .select((inner) => inner.fn.countAll<number | string>().as('n'))
                .whereRef('s.walk_id', '=', 'w.id')
                .as('stop_count'),
              eb
                .selectFrom('walk_sessions as t')
                .select((inner) => inner.fn.countAll<number | string>().as('n'))
                .whereRef('t.walk_id', '=', 'w.id')
                .as('session_count'),
            ])
            .orderBy('w.updated_at', 'desc')
            .orderBy('w.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => {
          const edited = row.edit_data ? (JSON.parse(row.edit_data) as AdminWalkForm) : null;
          // What the operator last wrote: the waiting edit's numbers, if any.
          return {
            ...listedReview(row),
            id: row.id,
            distanceM: edited?.distanceM ?? Number(row.distance_m),
            durationMinutes: edited?.durationMinutes ?? Number(row.duration_minutes),
            stopCount: edited?.stops.length ?? Number(row.stop_count),
            sessionCount: edited?.sessions.length ?? Number(row.session_count),
          };
        }),
    );
  }
}
