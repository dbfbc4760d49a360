/**
 * The pure rules of study progress: which calendar day a moment belongs to, how a reported
 * position is clamped, how much reported watching is credited, and when a lesson is complete.
 */

/** Learning time is counted per calendar day of the learning network, whatever the server's zone. */
export const STUDY_TIME_ZONE = 'Asia/Shanghai';

/** A lesson is complete once 90% of it was reached or watched. */
export const COMPLETE_RATIO = 0.9;

/** Most watching one report may be credited, and most that can build up between reports. */
export const MAX_CREDIT_MS = 60_000;

/** Tolerance for reports that arrive a little early (network jitter, timer drift). */
export const CREDIT_SLACK_MS = 2_000;

/** Longest position accepted when neither the lesson nor the player knows the duration. */
export const MAX_UNKNOWN_POSITION_SECONDS = 24 * 3600;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The last {@link dayKey} answer: its minute, zone and date. */
let lastDay = { minute: Number.NaN, timeZone: '', key: '' };

/**
 * The calendar date (`YYYY-MM-DD`) of an epoch-millisecond moment in `timeZone`. Formatting a
 * date costs several microseconds and the learners' calls ask about the same minute over and
 * over, so the last answer is kept for its minute (zones change their offsets on whole minutes).
 */
export function dayKey(ms: number, timeZone: string = STUDY_TIME_ZONE): string {
  const minute = Math.floor(ms / 60_000);
  if (minute === lastDay.minute && timeZone === lastDay.timeZone) return lastDay.key;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]),
  );
  const key = `${parts.year}-${parts.month}-${parts.day}`;
  lastDay = { minute, timeZone, key };
  return key;
}

/**
 * The length progress is measured against: the shorter of the lesson's nominal duration and the
 * media's real one as the player saw it (a demo clip is shorter than the lesson it stands for; a
 * forged longer duration gains nothing). 0 when neither is known.
 */
export function effectiveDuration(lessonSeconds: number, mediaSeconds: number | undefined): number {
  const known = [lessonSeconds, mediaSeconds ?? 0].filter((value) => value > 0);
  return known.length === 0 ? 0 : Math.min(...known);
}

/** The position to store: within `[0, duration]` (a day when the duration is unknown). */
export function clampPosition(position: number, duration: number): number {
  const limit = duration > 0 ? duration : MAX_UNKNOWN_POSITION_SECONDS;
  if (!Number.isFinite(position) || position <= 0) return 0;
  return Math.min(position, limit);
}

export interface Credit {
  /** Milliseconds of the claim that count. */
  creditedMs: number;
  /** The clock to store for the next report. */
  creditedUntil: number;
}

/**
 * Credits a claim of watched time against a clock that runs at real-time speed: a report may
 * take what accrued since the watching credited before it (at most {@link MAX_CREDIT_MS} can
 * build up, so a report after a long pause or the first one counts at most a minute), plus
 * {@link CREDIT_SLACK_MS}. However a client forges or repeats its reports, the credited total
 * over any stretch of time stays within that time plus a minute; a claim is never stored as given.
 * `creditedUntil` is null before the first report; `now` is the server's clock.
 */
export function creditWatch(claimedMs: number, creditedUntil: number | null, now: number): Credit {
  const base = Math.max(creditedUntil ?? Number.NEGATIVE_INFINITY, now - MAX_CREDIT_MS);
  const available = Math.max(0, now + CREDIT_SLACK_MS - base);
  const claim = Number.isFinite(claimedMs) ? Math.max(0, claimedMs) : 0;
  const creditedMs = Math.floor(Math.min(claim, available, MAX_CREDIT_MS));
  return { creditedMs, creditedUntil: Math.round(base + creditedMs) };
}

/** The kinds of lesson. */
export type LessonKind = 'video' | 'audio' | 'pdf' | 'article';

/**
 * A lesson that plays (a video or an audio): it has a position and a duration, and completes by
 * being played. The others (an article, a PDF) are read: they complete by being opened.
 */
export function isPlayed(kind: LessonKind): kind is 'video' | 'audio' {
  return kind === 'video' || kind === 'audio';
}

export interface CompletionInput {
  kind: LessonKind;
  /** The clamped position, in seconds. */
  positionSeconds: number;
  /** The credited total watched (or listened), in seconds. */
  watchedSeconds: number;
  /** {@link effectiveDuration}. */
  durationSeconds: number;
  /** Already complete: completion never goes back. */
  wasCompleted: boolean;
}

/**
 * A lesson is complete once it was: an article or a PDF as soon as it is opened (reported); a
 * video or an audio once the position or the credited watching (listening) reaches
 * {@link COMPLETE_RATIO} of its duration. One of unknown duration completes only by being
 * reported complete before.
 */
export function isComplete(input: CompletionInput): boolean {
  if (input.wasCompleted || !isPlayed(input.kind)) return true;
  if (input.durationSeconds <= 0) return false;
  const needed = COMPLETE_RATIO * input.durationSeconds;
  return input.positionSeconds >= needed || input.watchedSeconds >= needed;
}
