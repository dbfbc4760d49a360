import type {
  BaseBooking,
  BaseCard,
  BaseDetail,
  BookSlotBody,
  MyBookingsQuery,
  Page,
  PageQuery,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import { isoTime } from '../../platform/time.ts';
import { releaseSeatAndCancel, takeSeatAndSignUp } from '../seats/seats.ts';
import { sendBookingMessage } from './base-messages.ts';
import {
  BOOKING_SEATS,
  countBases,
  countMyBookings,
  findBase,
  findMyBooking,
  findSlot,
  listBaseRows,
  listMyBookings,
  listProgrammes,
  listUpcomingSlots,
  type MyBookingRow,
  myActiveBookings,
  nextOpenSlots,
} from './bases.queries.ts';
import { hoursLines, photoList } from './place-hours.ts';

/** The Chinese answers of the booking rules. */
export const BaseTexts = {
  base: '体验基地',
  slot: '参观场次',
  booking: '预约',
  full: '名额已满',
  past: '该场次已开始或已结束，不能预约',
  duplicate: '您已预约该场次',
  partyTooLarge: (max: number) => `参观人数：该项目每次预约最多 ${max} 人`,
  seatsShort: (left: number) => `剩余名额不足，仅剩 ${left} 个`,
  started: '参观已开始，不能取消',
  notActive: '该预约已取消',
  programmeClosed: '该参观项目已暂停预约，请选择其他项目',
} as const;

/** How far ahead the base page shows slots. */
const SLOT_HORIZON_MS = 31 * 24 * 3_600_000;

/** Experience bases (体验基地): their programmes and slots, and learners' bookings. */
export class BaseService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
    /** Visitors' kept lists and details show seats left: a booking or a cancel retires them. */
    private readonly publicCache: PublicCache | null = null,
  ) {}

  /** The site's bases with their next slot that has seats left. */
  async list(siteKey: string, query: PageQuery): Promise<Page<BaseCard>> {
    const now = this.clock();
    return readPage(
      query,
      {
        count: () => countBases(this.db, siteKey),
        rows: ({ limit, offset }) => listBaseRows(this.db, siteKey, limit, offset),
      },
      async (rows) => {
        const ids = rows.map((row) => Number(row.id));
        const [programmes, slots] = await Promise.all([
          listProgrammes(this.db, ids),
          nextOpenSlots(this.db, ids, now),
        ]);
        return rows.map((row) => {
          const id = Number(row.id);
          const next = slots.find((slot) => Number(slot.place_id) === id);
          return {
            id,
            name: row.name,
            street: row.street,
            address: row.address,
            cover: row.cover,
            programmeCount: programmes.filter((p) => Number(p.place_id) === id).length,
            nextSlot: next
              ? {
                  startAt: isoTime(next.start_at),
                  seatsLeft: Number(next.capacity) - Number(next.seats_taken),
                  programmeTitle: next.title,
                }
              : null,
          };
        });
      },
    );
  }

  /** A base with its programmes and their upcoming slots (the caller's bookings marked). */
  async detail(siteKey: string, placeId: number, userId: number | null): Promise<BaseDetail> {
    const now = this.clock();
    const base = await findBase(this.db, siteKey, placeId);
    if (!base) throw notFound(BaseTexts.base);
    const programmes = await listProgrammes(this.db, [placeId]);
    const slots = (
      await listUpcomingSlots(
        this.db,
        programmes.map((p) => Number(p.id)),
        now,
      )
    ).filter((slot) => Number(slot.start_at) <= now + SLOT_HORIZON_MS);
    const mine =
      userId === null
        ? new Map<number, number>()
        : await myActiveBookings(
            this.db,
            userId,
            slots.map((slot) => Number(slot.id)),
          );
    const next = slots.find((slot) => Number(slot.seats_taken) < Number(slot.capacity));
    const nextProgramme = next
      ? programmes.find((p) => Number(p.id) === Number(next.programme_id))
      : undefined;
    return {
      id: Number(base.id),
      name: base.name,
      street: base.street,
      address: base.address,
      cover: base.cover,
      phone: base.phone,
      intro: sanitizeArticleHtml(base.intro),
      photos: photoList(base.photos),
      hours: hoursLines(base.hours),
      lat: Number(base.lat),
      lng: Number(base.lng),
      programmeCount: programmes.length,
      nextSlot:
        next && nextProgramme
          ? {
              startAt: isoTime(next.start_at),
              seatsLeft: Number(next.capacity) - Number(next.seats_taken),
              programmeTitle: nextProgramme.title,
            }
          : null,
      programmes: programmes.map((programme) => ({
        id: Number(programme.id),
        title: programme.title,
        intro: sanitizeArticleHtml(programme.intro),
        durationMinutes: Number(programme.duration_minutes),
        audience: programme.audience,
        maxParty: Number(programme.max_party),
        slots: slots
          .filter((slot) => Number(slot.programme_id) === Number(programme.id))
          .map((slot) => ({
            id: Number(slot.id),
            startAt: isoTime(slot.start_at),
            endAt: isoTime(slot.end_at),
            capacity: Number(slot.capacity),
            seatsLeft: Math.max(0, Number(slot.capacity) - Number(slot.seats_taken)),
            myBookingId: mine.get(Number(slot.id)) ?? null,
          })),
      })),
    };
  }

  /**
   * Books a slot for a party: refused (nothing written) when the slot has started, the party is
   * larger than the programme allows or than the seats left, the slot is full, or the learner
   * already holds a booking of it. The seats and the booking row are one transaction; the
   * confirmation message is written in it.
   */
  async book(siteKey: string, userId: number, body: BookSlotBody): Promise<BaseBooking> {
    const now = this.clock();
    const slot = await findSlot(this.db, body.slotId);
    if (!slot || slot.site_key !== siteKey || Number(slot.published) !== 1) {
      throw notFound(BaseTexts.slot);
    }
    // A programme not (or no longer) published takes no booking, whatever page is still open.
    if (Number(slot.programme_published) !== 1) throw conflict(BaseTexts.programmeClosed);
    if (Number(slot.start_at) <= now) throw conflict(BaseTexts.past);
    const maxParty = Number(slot.max_party);
    if (body.partySize > maxParty) throw invalid(BaseTexts.partyTooLarge(maxParty));
    const claim = await takeSeatAndSignUp(this.db, BOOKING_SEATS, {
      parentId: body.slotId,
      userId,
      now,
      count: body.partySize,
      values: { contact_name: body.contactName, contact_phone: body.contactPhone },
      within: (trx, bookingId) =>
        sendBookingMessage(trx, {
          siteKey,
          userId,
          bookingId,
          baseName: slot.place_name,
          programmeTitle: slot.title,
          address: slot.address,
          startAt: Number(slot.start_at),
          partySize: body.partySize,
          at: now,
        }),
    });
    if (!claim.ok) {
      if (claim.reason === 'duplicate') throw conflict(BaseTexts.duplicate);
      const after = await findSlot(this.db, body.slotId);
      const left = after ? Number(after.capacity) - Number(after.seats_taken) : 0;
      throw conflict(left > 0 ? BaseTexts.seatsShort(left) : BaseTexts.full);
    }
    await this.publicCache?.invalidate(siteKey);
    return {
      id: claim.signupId,
      baseId: Number(slot.place_id),
      baseName: slot.place_name,
      address: slot.address,
      programmeTitle: slot.title,
      slotId: Number(slot.id),
      startAt: isoTime(slot.start_at),
      endAt: isoTime(slot.end_at),
      partySize: body.partySize,
      contactName: body.contactName,
      contactPhone: body.contactPhone,
      state: 'booked',
      cancellable: true,
    };
  }

  /** The learner's bookings, upcoming (soonest first) or past (latest first). */
  async mine(siteKey: string, userId: number, query: MyBookingsQuery): Promise<Page<BaseBooking>> {
    const now = this.clock();
    return readPage(
      query,
      {
        count: () => countMyBookings(this.db, siteKey, userId, query.when, now),
        rows: ({ limit, offset }) =>
          listMyBookings(this.db, siteKey, userId, query.when, now, limit, offset),
      },
      (rows) => rows.map((row) => toBooking(row, now)),
    );
  }

  /** Cancels the learner's booking and gives its seats back; refused once the slot started. */
  async cancel(userId: number, bookingId: number): Promise<void> {
    const now = this.clock();
    const booking = await findMyBooking(this.db, userId, bookingId);
    if (!booking) throw notFound(BaseTexts.booking);
    if (booking.status !== 'active') throw conflict(BaseTexts.notActive);
    if (Number(booking.start_at) <= now) throw conflict(BaseTexts.started);
    const released = await releaseSeatAndCancel(this.db, BOOKING_SEATS, {
      parentId: Number(booking.slot_id),
      userId,
      now,
      count: Number(booking.party_size),
    });
    if (!released.ok) throw conflict(BaseTexts.notActive);
    await this.publicCache?.invalidate(booking.site_key);
  }
}

function toBooking(row: MyBookingRow, now: number): BaseBooking {
  const active = row.status === 'active';
  return {
    id: Number(row.id),
    baseId: Number(row.place_id),
    baseName: row.place_name,
    address: row.address,
    programmeTitle: row.title,
    slotId: Number(row.slot_id),
    startAt: isoTime(row.start_at),
    endAt: isoTime(row.end_at),
    partySize: Number(row.party_size),
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    state: !active ? 'cancelled' : Number(row.end_at) <= now ? 'done' : 'booked',
    cancellable: active && Number(row.start_at) > now,
  };
}
