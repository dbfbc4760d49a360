/**
 * Writes made offline and sent later from the phone's outbox (issue 32) carry when they were
 * made (`recordedAt`, the phone's clock): lesson progress, walk check-ins. The server takes them
 * at that moment by the same rules as a write sent then.
 */

/** How old a report made offline may be and still be taken (the outbox keeps a week). */
export const OFFLINE_REPORT_MAX_AGE_MS = 7 * 24 * 3600_000;

/**
 * The moment a report is credited at: the server's `now`, or, for a report made offline
 * (issue 32), when the phone made it (never later than now: a phone's clock may run ahead).
 * Null for one made longer ago than {@link OFFLINE_REPORT_MAX_AGE_MS}: it is refused.
 */
export function reportMoment(recordedAt: number | undefined, now: number): number | null {
  if (recordedAt === undefined) return now;
  if (now - recordedAt > OFFLINE_REPORT_MAX_AGE_MS) return null;
  return Math.min(recordedAt, now);
}
