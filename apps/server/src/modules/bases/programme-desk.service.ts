import type {
  AdminProgrammeBase,
  AdminProgrammeForm,
  AdminProgrammeListQuery,
  AdminProgrammeRow,
  AdminProgrammeSlot,
  Page,
} from '@portal/contract';
import { programmeSlotProblems, slotName, slotRefusal } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows, insertRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { conflict, invalid } from '../../platform/errors.ts';
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
import { shanghaiTime } from '../messages/message-texts.ts';
import type { AuditLog } from '../operators/audit.ts';

/** A base_programmes row of the site with its review columns and its author's nickname. */
type ProgrammeRow = ReviewedRow<'base_programmes'>;

/** The programme's detail: its form, its slots with the seats learners hold in them. */
type ProgrammeDetail = Awaited<ReturnType<ReviewDesk<AdminProgrammeForm, ProgrammeRow>['detail']>>;

const ms = (time: string) => Date.parse(time);

/** Whether sanitized HTML shows nothing to read (no text, no picture). */
const blankHtml = (html: string) =>
  !/<img\b/i.test(html) &&
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/** The stored slots of a programme, soonest first. */
function storedSlots(db: Kysely<Database>, programmeId: number) {
  return db
    .selectFrom('base_slots')
    .select(['id', 'start_at', 'end_at', 'capacity', 'seats_taken'])
    .where('programme_id', '=', programmeId)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

/** The columns a form writes onto a programme (its slots are rows of `base_slots`). */
function columnsOf(form: AdminProgrammeForm) {
  return {
    place_id: form.placeId,
    title: form.title,
    intro: form.introductionHtml,
    duration_minutes: form.durationMinutes,
    audience: form.audience,
    max_party: form.maxParty,
  };
}

/** A slot's refusal naming it by its time, for one the form no longer lists. */
const slotAt = (startAt: number) => `${shanghaiTime(startAt)} 的场次`;

/**
 * Visit programmes as the review desk handles them; `now` decides which slots are over (the
 * form holds those not yet ended; the ended ones stay as they were, with their bookings).
 */
function programmeKind(now: () => number): DeskKind<AdminProgrammeForm, ProgrammeRow> {
  return {
    entity: 'programme',
    table: 'base_programmes',
    name: '参观项目',
    async formOf(db, row) {
      const slots = await storedSlots(db, row.id);
      const at = now();
      return {
        placeId: Number(row.place_id),
        title: row.title,
        introductionHtml: row.intro,
        durationMinutes: Number(row.duration_minutes),
        audience: row.audience,
        maxParty: Number(row.max_party),
        slots: slots
          .filter((slot) => Number(slot.end_at) > at)
          .map((slot) => ({
            id: Number(slot.id),
            startAt: isoTime(slot.start_at),
            endAt: isoTime(slot.end_at),
            capacity: Number(slot.capacity),
          })),
      };
    },
    /**
     * The form as it will be stored: the base one of the site's (category base, shown to
     * learners or not), sanitized HTML, slots by `programmeSlotProblems` (no new one in the
     * past), no slot listed twice.
     */
    async check(db, siteKey, form) {
      const base = await db
        .selectFrom('map_places')
        .select('id')
        .where('site_key', '=', siteKey)
        .where('category', '=', 'base')
        .where('id', '=', form.placeId)
        .executeTakeFirst();
      if (!base) {
        throw invalid('体验基地：本站没有这个体验基地，请重新选择');
      }
      const [problem] = programmeSlotProblems(form.slots, now());
      if (problem) throw invalid(slotRefusal(problem));
      const seen = new Map<number, number>();
      for (const [index, slot] of form.slots.entries()) {
        if (slot.id === undefined) continue;
        const first = seen.get(slot.id);
        if (first !== undefined) {
          throw invalid(`${slotName(index)}：与${slotName(first)}是同一个场次，请刷新后再改`);
        }
        seen.set(slot.id, index);
      }
      return {
        ...form,
        introductionHtml: sanitizeArticleHtml(form.introductionHtml),
        slots: form.slots.map((slot) => ({
          ...(slot.id === undefined ? {} : { id: slot.id }),
          startAt: isoTime(ms(slot.startAt)),
          endAt: isoTime(ms(slot.endAt)),
          capacity: slot.capacity,
        })),
      };
    },
    async insert(trx, operator, form, at) {
      const kept = form.slots.findIndex((slot) => slot.id !== undefined);
      if (kept >= 0) throw invalid(`${slotName(kept)}：不是这个项目的场次，请刷新后再改`);
      const last = await trx
        .selectFrom('base_programmes')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('place_id', '=', form.placeId)
        .executeTakeFirst();
      const { id } = await trx
        .insertInto('base_programmes')
        .values({
          ...columnsOf(form),
          site_key: operator.siteKey,
          // After the base's other programmes on its page.
          position: Number(last?.position ?? -1) + 1,
          published: 0,
          created_at: at,
          updated_at: at,
          published_at: null,
          status: 'draft',
          author_id: operator.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertSlots(trx, id, form.slots, at);
      return id;
    },
    // Slots by id: a kept one changes in place (its bookings keep it), a new one is added, a
    // removed one goes; each write holds the seats rule against a booking arriving meanwhile.
    async write(trx, row, form) {
      const at = now();
      await trx
        .updateTable('base_programmes')
        .set(columnsOf(form))
        .where('id', '=', row.id)
        .execute();
      const listed = new Set(
        form.slots.flatMap((slot) => (slot.id === undefined ? [] : [slot.id])),
      );
      const removed = (await storedSlots(trx, row.id))
        .filter((slot) => Number(slot.end_at) > at && !listed.has(Number(slot.id)))
        .map((slot) => Number(slot.id));
      if (removed.length > 0) {
        const gone = await trx
          .deleteFrom('base_slots')
          .where('id', 'in', removed)
          .where('seats_taken', '=', 0)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) !== removed.length) {
          throw conflict('要删除的场次刚有学员预约，请刷新后再改');
        }
      }
      for (const [index, slot] of form.slots.entries()) {
        if (slot.id === undefined) continue;
        const [start, end] = [ms(slot.startAt), ms(slot.endAt)];
        const changed = await trx
          .updateTable('base_slots')
          .set({ start_at: start, end_at: end, capacity: slot.capacity, updated_at: at })
          .where('id', '=', slot.id)
          .where('programme_id', '=', row.id)
          .where('seats_taken', '<=', slot.capacity)
          .where((eb) =>
            eb.or([
              eb('seats_taken', '=', 0),
              eb.and([eb('start_at', '=', start), eb('end_at', '=', end)]),
            ]),
          )
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) {
          throw conflict(`${slotName(index)}：刚有学员预约，请刷新后再改`);
        }
      }
      await insertSlots(
        trx,
        row.id,
        form.slots.filter((slot) => slot.id === undefined),
        at,
      );
    },
    /**
     * Learners hold seats in its slots (read in the change's transaction, on save and again on
     * approval): a listed slot must be the programme's, and is not moved into the past; a booked
     * one keeps its times and never has fewer seats than are taken; a booked one not yet over
     * may not be removed, nor the programme moved to another base while any is booked.
     */
    async fits(db, row, form) {
      const at = now();
      const stored = await storedSlots(db, row.id);
      const byId = new Map(stored.map((slot) => [Number(slot.id), slot]));
      for (const [index, slot] of form.slots.entries()) {
        if (slot.id === undefined) continue;
        const was = byId.get(slot.id);
        if (!was) throw invalid(`${slotName(index)}：不是这个项目的场次，请刷新后再改`);
        const moved =
          ms(slot.startAt) !== Number(was.start_at) || ms(slot.endAt) !== Number(was.end_at);
        if (moved && ms(slot.startAt) <= at) {
          throw invalid(`${slotName(index)}：开始时间已过，请选择以后的时间`);
        }
        const taken = Number(was.seats_taken);
        if (taken === 0) continue;
        if (slot.capacity < taken) {
          throw invalid(`${slotName(index)}：已有 ${taken} 人预约，名额不能少于 ${taken}`);
        }
        if (moved) throw invalid(`${slotName(index)}：已有 ${taken} 人预约，不能改时间`);
      }
      const listed = new Set(form.slots.map((slot) => slot.id));
      const coming = stored.filter(
        (slot) => Number(slot.end_at) > at && Number(slot.seats_taken) > 0,
      );
      const booked = coming.find((slot) => !listed.has(Number(slot.id)));
      if (booked) {
        throw invalid(
          `参观场次：${slotAt(Number(booked.start_at))}已有 ${Number(booked.seats_taken)} 人预约，不能删除`,
        );
      }
      // Learners booked a visit to this base: the programme stays there while they hold seats.
      if (form.placeId !== Number(row.place_id) && coming.length > 0) {
        throw invalid('体验基地：已有学员预约这个项目的场次，不能换到其他基地');
      }
    },
    title: (form) => form.title,
    // The base page shows its introduction; a programme without slots to come shows
    // 近期暂无开放场次 there, so it may be published before its slots are.
    publishable: (form) =>
      blankHtml(form.introductionHtml) ? '参观项目还没有介绍，不能发布' : null,
  };
}

/** Adds a programme's new slots (no seats taken). */
async function insertSlots(
  trx: Kysely<Database>,
  programmeId: number,
  slots: readonly AdminProgrammeSlot[],
  at: number,
) {
  await insertRows(
    trx,
    'base_slots',
    slots.map((slot) => ({
      programme_id: programmeId,
      start_at: ms(slot.startAt),
      end_at: ms(slot.endAt),
      capacity: slot.capacity,
      seats_taken: 0,
      created_at: at,
      updated_at: at,
    })),
  );
}

/** The review of programmes, its detail showing the seats learners hold in each slot. */
class ProgrammeReview extends ReviewDesk<AdminProgrammeForm, ProgrammeRow> {
  constructor(
    private readonly store: Kysely<Database>,
    audit: AuditLog,
    publicCache: PublicCache,
    now: () => number,
  ) {
    super(store, programmeKind(now), audit, publicCache, now);
  }

  override async detail(siteKey: string, id: number): Promise<ProgrammeDetail> {
    const detail = await super.detail(siteKey, id);
    const taken = new Map(
      (await storedSlots(this.store, id)).map((slot) => [
        Number(slot.id),
        Number(slot.seats_taken),
      ]),
    );
    const withSeats = (slots: AdminProgrammeSlot[]) =>
      slots.map((slot) => ({
        ...slot,
        seatsTaken: slot.id === undefined ? 0 : (taken.get(slot.id) ?? 0),
      }));
    return {
      ...detail,
      slots: withSeats(detail.slots),
      live: detail.live ? { ...detail.live, slots: withSeats(detail.live.slots) } : null,
    };
  }
}

/**
 * The visit programmes of a site's experience bases as its operators write and review them
 * (the review is the {@link ReviewDesk}'s): the console's list and the bases to choose from.
 * Learners see a programme, and book its slots, once it is published (`published = 1`).
 */
export class ProgrammeDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminProgrammeForm, ProgrammeRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    private readonly now: () => number = Date.now,
  ) {
    this.review = new ProgrammeReview(db, audit, publicCache, now);
  }

  /**
   * Up to 20 of the site's bases (category base, shown to learners or not) whose name has the
   * words, after the chosen one (the form names it whatever the words).
   */
  async bases(siteKey: string, q: string, chosen?: number): Promise<AdminProgrammeBase[]> {
    const base = this.db
      .selectFrom('map_places')
      .select(['id', 'name', 'address', 'published'])
      .where('site_key', '=', siteKey)
      .where('category', '=', 'base');
    const [first, matches] = await Promise.all([
      chosen === undefined ? [] : base.where('id', '=', chosen).execute(),
      (q ? base.where(matchesPattern(this.engine, 'name', containsPattern(q))) : base)
        .orderBy('name')
        .orderBy('id')
        .limit(20)
        .execute(),
    ]);
    return [...first, ...matches.filter((row) => row.id !== chosen)].map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      published: Number(row.published) === 1,
    }));
  }

  private filtered(siteKey: string, query: AdminProgrammeListQuery) {
    let builder = this.db
      .selectFrom('base_programmes as r')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'r.id').on('e.entity', '=', 'programme'),
      )
      .where('r.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query));
    if (query.placeId !== undefined) builder = builder.where('r.place_id', '=', query.placeId);
    return builder;
  }

  /** The site's programmes, newest change first, with their slots to come. */
  async list(siteKey: string, query: AdminProgrammeListQuery): Promise<Page<AdminProgrammeRow>> {
    const now = this.now();
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .innerJoin('map_places as p', 'p.id', 'r.place_id')
            .leftJoin('users as u', 'u.id', 'r.author_id')
            .select((eb) => [
              'r.id',
              'r.title',
              'r.place_id',
              'p.name as base_name',
              'r.duration_minutes',
              'r.status',
              'r.version',
              'u.nickname as author_name',
              'r.updated_at',
              'r.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
              eb
                .selectFrom('base_slots as s')
                .select((inner) => inner.fn.countAll<number | string>().as('n'))
                .whereRef('s.programme_id', '=', 'r.id')
                .where('s.start_at', '>', now)
                .as('upcoming'),
              eb
                .selectFrom('base_slots as s')
                .select((inner) => inner.fn.sum<number | string | null>('s.seats_taken').as('n'))
                .whereRef('s.programme_id', '=', 'r.id')
                .where('s.start_at', '>', now)
                .as('taken'),
            ])
            .orderBy('r.updated_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => ({
          ...listedReview(row),
          id: row.id,
          placeId: Number(row.place_id),
          baseName: row.base_name,
          durationMinutes: Number(row.duration_minutes),
          upcomingSlots: Number(row.upcoming ?? 0),
          seatsTaken: Number(row.taken ?? 0),
        })),
    );
  }
}
