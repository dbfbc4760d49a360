import type { ParticipantKind, ParticipantStatus } from '@portal/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { PageWindow } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';

type Db = Kysely<Database>;

/** An item learners sign up for, as its list's heading shows it (site checked). */
export interface ItemRow {
  id: number;
  title: string;
  start_at: number;
  end_at: number | null;
  /** null: no limit (a live session's reservations). */
  capacity: number | null;
  seats_taken: number;
  /** The sign-up form's fields as stored (JSON), `[]` for an item without a form. */
  form_fields: string;
  /** The record the console edits it on (the programme of a slot, the walk of a session). */
  edit_id: number;
  /** Where it takes place, as messages name it ('' where none is kept). */
  place: string;
  /** 0/1: sign-ups wait for review (classes and activities; 0 elsewhere). */
  review_signups: number;
}

/** The item `id` of `kind` on the site, or undefined. */
export async function findItem(
  db: Db,
  kind: ParticipantKind,
  siteKey: string,
  id: number,
): Promise<ItemRow | undefined> {
  switch (kind) {
    case 'class':
    case 'activity':
      return db
        .selectFrom(kind === 'class' ? 'classes' : 'activities')
        .select(['id', 'title', 'start_at', 'end_at', 'capacity', 'seats_taken', 'form_fields'])
        .select(['id as edit_id', 'place', 'review_signups'])
        .where('site_key', '=', siteKey)
        .where('id', '=', id)
        .executeTakeFirst();
    case 'slot':
      return db
        .selectFrom('base_slots as s')
        .innerJoin('base_programmes as p', 'p.id', 's.programme_id')
        .select(['s.id', 'p.title', 's.start_at', 's.end_at', 's.capacity', 's.seats_taken'])
        .select([sql<string>`'[]'`.as('form_fields'), 'p.id as edit_id'])
        .select([sql<string>`''`.as('place'), sql<number>`0`.as('review_signups')])
        .where('p.site_key', '=', siteKey)
        .where('s.id', '=', id)
        .executeTakeFirst();
    case 'walk':
      return db
        .selectFrom('walk_sessions as s')
        .innerJoin('walks as w', 'w.id', 's.walk_id')
        .select(['s.id', 'w.title', 's.start_at', 's.end_at', 's.capacity', 's.seats_taken'])
        .select([sql<string>`'[]'`.as('form_fields'), 'w.id as edit_id'])
        .select([sql<string>`''`.as('place'), sql<number>`0`.as('review_signups')])
        .where('w.site_key', '=', siteKey)
        .where('s.id', '=', id)
        .executeTakeFirst();
    case 'live': {
      const row = await db
        .selectFrom('live_sessions')
        .select(['id', 'title', 'starts_at as start_at', 'ends_at as end_at', 'id as edit_id'])
        .where('site_key', '=', siteKey)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const reserved = await db
        .selectFrom('live_reservations')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('session_id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        ...row,
        start_at: Number(row.start_at),
        end_at: Number(row.end_at),
        capacity: null,
        seats_taken: Number(reserved.count),
        form_fields: '[]',
        place: '',
        review_signups: 0,
      };
    }
  }
}

/** One participant as every kind's sign-up table gives it. */
export interface ParticipantRow {
  /** The sign-up row (the learner's id for a live reservation, which has none of its own). */
  signup_id: number;
  user_id: number;
  nickname: string;
  /** The account's username: its phone number. */
  phone: string;
  status: ParticipantStatus;
  signed_at: number;
  updated_at: number;
  checked_in_at: number | null;
  party_size: number;
  contact_name: string | null;
  contact_phone: string | null;
  /** The sign-up form's answers as stored (JSON). */
  form: string;
  /** The reviewer's note (a refusal's reason), classes and activities only. */
  review_note: string | null;
}

/** The participants of one item, in the shape of {@link ParticipantRow} whatever the kind. */
function participantsOf(db: Db, kind: ParticipantKind, id: number) {
  const none = sql<null>`null`;
  const one = sql<number>`1`;
  const noForm = sql<string>`'{}'`;
  switch (kind) {
    case 'class':
      return db
        .selectFrom('class_signups as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id as signup_id', 's.user_id', 'u.nickname', 'u.username as phone', 's.status'])
        .select(['s.signed_up_at as signed_at', 's.updated_at', 's.form', 's.review_note'])
        .select([
          none.as('checked_in_at'),
          one.as('party_size'),
          none.as('contact_name'),
          none.as('contact_phone'),
        ])
        .where('s.class_id', '=', id);
    case 'activity':
      return db
        .selectFrom('activity_applications as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id as signup_id', 's.user_id', 'u.nickname', 'u.username as phone', 's.status'])
        .select(['s.applied_at as signed_at', 's.updated_at', 's.form', 's.checked_in_at'])
        .select([one.as('party_size'), none.as('contact_name'), none.as('contact_phone')])
        .select('s.review_note')
        .where('s.activity_id', '=', id);
    case 'slot':
      return db
        .selectFrom('base_bookings as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id as signup_id', 's.user_id', 'u.nickname', 'u.username as phone', 's.status'])
        .select(['s.booked_at as signed_at', 's.updated_at', 's.party_size'])
        .select(['s.contact_name', 's.contact_phone', noForm.as('form'), none.as('checked_in_at')])
        .select(none.as('review_note'))
        .where('s.slot_id', '=', id);
    case 'walk':
      return db
        .selectFrom('walk_signups as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id as signup_id', 's.user_id', 'u.nickname', 'u.username as phone', 's.status'])
        .select(['s.signed_at', 's.updated_at', noForm.as('form'), none.as('checked_in_at')])
        .select([one.as('party_size'), none.as('contact_name'), none.as('contact_phone')])
        .select(none.as('review_note'))
        .where('s.session_id', '=', id);
    case 'live':
      return db
        .selectFrom('live_reservations as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.user_id as signup_id', 's.user_id', 'u.nickname', 'u.username as phone'])
        .select([sql<ParticipantStatus>`'active'`.as('status'), 's.created_at as signed_at'])
        .select(['s.created_at as updated_at', noForm.as('form'), none.as('checked_in_at')])
        .select([one.as('party_size'), none.as('contact_name'), none.as('contact_phone')])
        .select(none.as('review_note'))
        .where('s.session_id', '=', id);
  }
}

export interface ParticipantFilter {
  kind: ParticipantKind;
  id: number;
  q?: string | undefined;
  status?: ParticipantStatus | undefined;
}

/** The participants the filter keeps, any kind, as one query to page, count or export. */
function filtered(db: Db, engine: Engine, filter: ParticipantFilter) {
  let query = db.selectFrom(
    participantsOf(db, filter.kind, filter.id).as('p'),
  ) as SelectQueryBuilder<Database & { p: ParticipantRow }, 'p', object>;
  if (filter.status) query = query.where('p.status', '=', filter.status);
  const words = filter.q?.trim();
  if (words) {
    const pattern = containsPattern(words);
    query = query.where((eb) =>
      eb.or([
        matchesPattern(engine, 'p.nickname', pattern),
        matchesPattern(engine, 'p.phone', pattern),
      ]),
    );
  }
  return query;
}

/**
 * The participants the filter keeps, latest sign-up first (the waiting list in its order: first
 * in line first), in `window` (all without one).
 */
export async function listParticipants(
  db: Db,
  engine: Engine,
  filter: ParticipantFilter,
  window?: PageWindow,
): Promise<ParticipantRow[]> {
  const order = filter.status === 'waiting' ? 'asc' : 'desc';
  let query = filtered(db, engine, filter)
    .selectAll('p')
    .orderBy('p.signed_at', order)
    .orderBy('p.signup_id', order);
  if (window) query = query.limit(window.limit).offset(window.offset);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    signed_at: Number(row.signed_at),
    updated_at: Number(row.updated_at),
    checked_in_at: row.checked_in_at === null ? null : Number(row.checked_in_at),
    party_size: Number(row.party_size),
  }));
}

export async function countParticipants(
  db: Db,
  engine: Engine,
  filter: ParticipantFilter,
): Promise<number> {
  const row = await filtered(db, engine, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The files learners uploaded with these applications (activities only), by application. */
export async function listAttachments(db: Db, applicationIds: readonly number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .selectFrom('activity_attachments')
    .select(['id', 'application_id', 'name', 'mime', 'size'])
    .where('application_id', 'in', applicationIds)
    .orderBy('id')
    .execute();
}

/** An attachment with the site of its activity, for an operator of that site. */
export function findSiteAttachment(db: Db, siteKey: string, id: number) {
  return db
    .selectFrom('activity_attachments as f')
    .innerJoin('activity_applications as a', 'a.id', 'f.application_id')
    .innerJoin('activities as t', 't.id', 'a.activity_id')
    .select(['f.id', 'f.name', 'f.mime', 'f.storage_key'])
    .where('t.site_key', '=', siteKey)
    .where('f.id', '=', id)
    .executeTakeFirst();
}

/** A learner's live reservation, removed (true when there was one). */
export async function deleteReservation(db: Db, sessionId: number, userId: number) {
  const result = await db
    .deleteFrom('live_reservations')
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** An item of a kind as the list of items (报名名单's first page) shows it. */
export interface ItemListRow {
  id: number;
  title: string;
  start_at: number;
  end_at: number | null;
  capacity: number | null;
  seats_taken: number;
}

/**
 * The site's items of `kind` learners could sign up for (published now, or once: a taken-down
 * item keeps its participants), in uniform columns.
 */
export function itemsOf(db: Db, kind: ParticipantKind, siteKey: string) {
  switch (kind) {
    case 'class':
    case 'activity':
      return db
        .selectFrom(kind === 'class' ? 'classes' : 'activities')
        .select(['id', 'title', 'start_at', 'end_at', 'seats_taken'])
        .select(sql<number | null>`capacity`.as('capacity'))
        .where('site_key', '=', siteKey)
        .where((eb) => eb.or([eb('published', '=', 1), eb('published_at', 'is not', null)]));
    case 'slot':
      return db
        .selectFrom('base_slots as s')
        .innerJoin('base_programmes as p', 'p.id', 's.programme_id')
        .select(['s.id', 'p.title', 's.start_at', 's.end_at', 's.seats_taken'])
        .select(sql<number | null>`s.capacity`.as('capacity'))
        .where('p.site_key', '=', siteKey)
        .where((eb) => eb.or([eb('p.published', '=', 1), eb('p.published_at', 'is not', null)]));
    case 'walk':
      return db
        .selectFrom('walk_sessions as s')
        .innerJoin('walks as w', 'w.id', 's.walk_id')
        .select(['s.id', 'w.title', 's.start_at', 's.end_at', 's.seats_taken'])
        .select(sql<number | null>`s.capacity`.as('capacity'))
        .where('w.site_key', '=', siteKey)
        .where((eb) => eb.or([eb('w.published', '=', 1), eb('w.published_at', 'is not', null)]));
    case 'live':
      return db
        .selectFrom('live_sessions as l')
        .select(['l.id', 'l.title', 'l.starts_at as start_at', 'l.ends_at as end_at'])
        .select((eb) => [
          sql<number | null>`null`.as('capacity'),
          eb
            .selectFrom('live_reservations as r')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('r.session_id', '=', 'l.id')
            .as('seats_taken'),
        ])
        .where('l.site_key', '=', siteKey)
        .where((eb) => eb.or([eb('l.published', '=', 1), eb('l.published_at', 'is not', null)]));
  }
}

export interface ItemListFilter {
  kind: ParticipantKind;
  siteKey: string;
  q?: string | undefined;
  /** Upcoming (not ended at `now`), soonest first; or ended, latest first. */
  when: 'upcoming' | 'ended';
  now: number;
}

function filteredItems(db: Db, engine: Engine, filter: ItemListFilter) {
  let query = db.selectFrom(itemsOf(db, filter.kind, filter.siteKey).as('i')) as SelectQueryBuilder<
    Database & { i: ItemListRow },
    'i',
    object
  >;
  query =
    filter.when === 'upcoming'
      ? query.where('i.end_at', '>', filter.now)
      : query.where('i.end_at', '<=', filter.now);
  const words = filter.q?.trim();
  if (words) query = query.where(matchesPattern(engine, 'i.title', containsPattern(words)));
  return query;
}

/** A page of the site's items of a kind, as the filter keeps them. */
export async function listItems(
  db: Db,
  engine: Engine,
  filter: ItemListFilter,
  window: PageWindow,
): Promise<ItemListRow[]> {
  const order = filter.when === 'upcoming' ? 'asc' : 'desc';
  const rows = await filteredItems(db, engine, filter)
    .selectAll('i')
    .orderBy('i.start_at', order)
    .orderBy('i.id', order)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => ({
    ...row,
    start_at: Number(row.start_at),
    end_at: row.end_at === null ? null : Number(row.end_at),
    capacity: row.capacity === null ? null : Number(row.capacity),
    seats_taken: Number(row.seats_taken ?? 0),
  }));
}

export async function countItems(db: Db, engine: Engine, filter: ItemListFilter) {
  const row = await filteredItems(db, engine, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
