import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { ID_MAX, PHONE_PATTERN } from './limits.ts';
import { CLASS_STATUSES } from './signup-form.ts';

/**
 * Pieces the area schemas are built from (internal: the index exports the area schemas, not
 * these). Shapes are functions so that every schema gets its own instances, as if written out.
 */

/** An id in a query string (`?id=7`): a positive integer, or the field is named as invalid. */
export const idParam = z.coerce.number().int().min(1).max(ID_MAX);

/** A mainland mobile number a learner types for a contact (a booking, a delivery request). */
export const contactPhoneField = () => z.string().trim().regex(PHONE_PATTERN, '请填写 11 位手机号');

/**
 * `?id=` of a detail endpoint; with a `key`, the one thing a query or a body names by another
 * field, e.g. `idQuery('teamId')` for `{ teamId }`.
 */
export const idQuery = <K extends string = 'id'>(key = 'id' as K) =>
  z.object({ [key]: idParam } as Record<K, typeof idParam>);

/**
 * `?id=` (or `?<key>=`) of the thing whose items a list endpoint pages through, with `page` and
 * `size`.
 */
export const pagedIdQuery = <K extends string = 'id'>(key = 'id' as K) =>
  pageQuery.extend({ [key]: idParam } as Record<K, typeof idParam>);

/** The head of a card in a list: its id, title and cover (a URL path). */
export const cardShape = () => ({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
});

/** The seats of a class or an activity. */
export const seatsShape = () => ({
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  seatsLeft: z.number().int(),
});

/** When a class or an activity takes signups and takes place, ISO 8601. */
export const windowShape = () => ({
  signupStart: z.string(),
  signupEnd: z.string(),
  startAt: z.string(),
  endAt: z.string(),
});

/**
 * A class's or an activity's seats and times, and the status `classStatusAt` (`signup-form.ts`)
 * derives from them, by the same rule for both.
 */
export const signupStateShape = () => ({
  ...seatsShape(),
  ...windowShape(),
  status: z.enum(CLASS_STATUSES),
});

/** A learner's lessons done in a course. */
export const lessonCountShape = () => ({
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
});

/** A learner as others see them: their nickname and avatar (a URL path, or null). */
export const profileShape = () => ({
  nickname: z.string(),
  avatar: z.string().nullable(),
});

/** A learner as a team shows them: their id, nickname and avatar. */
export const memberShape = () => ({
  userId: z.number().int(),
  ...profileShape(),
});

/** Who to contact about a booking or a request: a name and a mobile number. */
export const contactShape = () => ({
  contactName: z.string(),
  contactPhone: z.string(),
});

/**
 * A piece of content as a list row (a favourite, a team's resource): its title, cover and a line
 * under the title.
 */
export const contentRowShape = () => ({
  title: z.string(),
  /** Null for content without a cover (many articles). */
  cover: z.string().nullable(),
  /** e.g. `张老师 · 健康养生` for a course, `2026年秋季 · 静安区社区学院` for a class. */
  subtitle: z.string(),
});

/** A place of the map by name, street (街道), address and position (WGS-84 degrees). */
export const placeLocationShape = () => ({
  name: z.string(),
  street: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
});

/** A slot that takes bookings: its id, start and end (ISO 8601), and its seats. */
export const slotShape = () => ({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
});

/**
 * When a write queued offline was made (epoch ms, the phone's clock): sent with it from the
 * outbox (issue 32), the server takes it at that moment (never later than now, at most a week ago).
 */
export const recordedAtSchema = z
  .number({ error: '离线记录时间必须是数字' })
  .int('离线记录时间必须是整数')
  .positive('离线记录时间不正确');
