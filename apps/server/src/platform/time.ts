/**
 * An epoch-millisecond time as the contract's ISO 8601 string. `Number` first: a time read from
 * the database may come as a string (PostgreSQL's bigint outside the parsed columns).
 */
export function isoTime(ms: number | string): string {
  return new Date(Number(ms)).toISOString();
}

/** {@link isoTime}, or null for a time that is not set. */
export function isoTimeOrNull(ms: number | string | null): string | null {
  return ms === null ? null : isoTime(ms);
}
