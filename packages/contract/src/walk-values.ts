/**
 * Rules of the experience bases and the humanities walks that the web needs without zod.
 */
import { namedValues } from './named-values.ts';

/** How close (metres) a learner must be to a stop to check in there. */
export const WALK_CHECKIN_RADIUS_M = 200;

/** The fastest plausible speed (km/h) between two check-ins: faster is refused. */
export const WALK_MAX_SPEED_KMH = 30;

/** Length limits of a booking's contact details. */
export const BOOKING_CONTACT_NAME_MAX = 20;

/** Which of my bookings a list shows. */
export const BOOKING_WHEN = ['upcoming', 'past'] as const;
export type BookingWhen = (typeof BOOKING_WHEN)[number];

/** A booking's state as the learner sees it, with the names the learner sees. */
export const [BOOKING_STATES, BOOKING_STATE_NAMES] = namedValues([
  ['booked', '已预约'],
  ['cancelled', '已取消'],
  ['done', '已结束'],
]);
export type BookingState = (typeof BOOKING_STATES)[number];
