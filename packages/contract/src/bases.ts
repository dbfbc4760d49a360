import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { contactPhoneField, contactShape, idParam, idQuery, slotShape } from './parts.ts';
import { BOOKING_CONTACT_NAME_MAX, BOOKING_STATES, BOOKING_WHEN } from './walk-values.ts';

/** The next slot of a base that still takes bookings. */
export const baseNextSlotSchema = z.object({
  startAt: z.string(),
  seatsLeft: z.number().int(),
  programmeTitle: z.string(),
});

/** An experience base (体验基地) in a list. */
export const baseCardSchema = z.object({
  /** The id of the base's map place (the map opens `/Tiyan?id=<it>`). */
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  address: z.string(),
  cover: z.string().nullable(),
  programmeCount: z.number().int(),
  nextSlot: baseNextSlotSchema.nullable(),
});
export type BaseCard = z.infer<typeof baseCardSchema>;

/** A visit slot with its seats and whether the caller holds a booking in it. */
export const baseSlotSchema = z.object({
  ...slotShape(),
  /** The caller's active booking of this slot (its id), or null. */
  myBookingId: z.number().int().nullable(),
});
export type BaseSlot = z.infer<typeof baseSlotSchema>;

/** A visit programme (参观项目) with its upcoming slots. */
export const baseProgrammeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  durationMinutes: z.number().int(),
  audience: z.string(),
  maxParty: z.number().int(),
  slots: z.array(baseSlotSchema),
});
export type BaseProgramme = z.infer<typeof baseProgrammeSchema>;

/** `GET /api/bases/detail?id=<place id>`. */
export const baseDetailSchema = baseCardSchema.extend({
  phone: z.string(),
  /** Sanitized rich HTML. */
  intro: z.string(),
  photos: z.array(z.string()),
  /** Opening hours as lines, e.g. `周一至周五 09:00-17:00`. */
  hours: z.array(z.string()),
  lat: z.number(),
  lng: z.number(),
  programmes: z.array(baseProgrammeSchema),
});
export type BaseDetail = z.infer<typeof baseDetailSchema>;

export const baseListQuerySchema = pageQuery;
export const baseDetailQuerySchema = idQuery();

/** `POST /api/bases/book`. */
export const bookSlotBodySchema = z.object({
  slotId: idParam,
  partySize: z.number().int('须为整数').min(1, '至少 1 人').max(50, '不能超过 50 人'),
  contactName: z
    .string()
    .trim()
    .min(1, '请填写联系人')
    .max(BOOKING_CONTACT_NAME_MAX, `不能超过 ${BOOKING_CONTACT_NAME_MAX} 个字`),
  contactPhone: contactPhoneField(),
});
export type BookSlotBody = z.infer<typeof bookSlotBodySchema>;

/** One of my bookings. */
export const baseBookingSchema = z.object({
  id: z.number().int(),
  baseId: z.number().int(),
  baseName: z.string(),
  address: z.string(),
  programmeTitle: z.string(),
  slotId: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  partySize: z.number().int(),
  ...contactShape(),
  state: z.enum(BOOKING_STATES),
  /** True while the booking is active and its slot has not started. */
  cancellable: z.boolean(),
});
export type BaseBooking = z.infer<typeof baseBookingSchema>;

/** `GET /api/bases/bookings?when=upcoming|past`. */
export const myBookingsQuerySchema = pageQuery.extend({
  when: z.enum(BOOKING_WHEN).default('upcoming'),
});
export type MyBookingsQuery = z.infer<typeof myBookingsQuerySchema>;

/** `POST /api/bases/cancel`. */
export const cancelBookingBodySchema = idQuery('bookingId');
