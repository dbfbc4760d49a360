import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { ID_MAX } from './limits.ts';

/**
 * Pieces the area schemas are built from (internal: the index exports the area schemas, not
 * these). Shapes are functions so that every schema gets its own instances, as if written out.
 */

/** An id in a query string (`?id=7`): a positive integer, or the field is named as invalid. */
export const idParam = z.coerce.number().int().min(1).max(ID_MAX);

/** `?id=` of a detail endpoint. */
export const idQuery = () => z.object({ id: idParam });

/** `?id=` of the thing whose items a list endpoint pages through, with `page` and `size`. */
export const pagedIdQuery = () => pageQuery.extend({ id: idParam });

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

/** A learner's lessons done in a course. */
export const lessonCountShape = () => ({
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
});

/** A learner as a team shows them: their id, nickname and avatar (a URL path, or null). */
export const memberShape = () => ({
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
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
