/**
 * The pure parts of the lesson player: where to resume, and how much real time was spent watching.
 */

/** A lesson watched to within this many seconds of its end starts again from the beginning. */
export const RESTART_MARGIN_SECONDS = 5;

/**
 * Where to resume: the stored position, unless the lesson was watched to its end (then from the
 * start). A stored position past a shorter media's end also starts again.
 */
export function resumePosition(stored: number, mediaDuration: number): number {
  if (!Number.isFinite(stored) || stored <= 0) return 0;
  if (!Number.isFinite(mediaDuration) || mediaDuration <= 0) return stored;
  return stored >= mediaDuration - RESTART_MARGIN_SECONDS ? 0 : stored;
}

/**
 * Largest step between two `timeupdate` events counted as playing, in real seconds (they come
 * every 15-250 ms; a larger step is a seek, or a tab that was asleep).
 */
const MAX_STEP_SECONDS = 2;

/**
 * Counts real watching time from the media clock: each step forward between two `timeupdate`
 * events while playing (not paused, not seeking), divided by the playback rate, so two minutes
 * at double speed count one minute. Seeks and jumps do not count.
 */
export class WatchTracker {
  private last: number | null = null;
  private pending = 0;

  /** A `timeupdate`: `playing` is false while paused or seeking. */
  tick(currentTime: number, rate: number, playing: boolean): void {
    const previous = this.last;
    this.last = currentTime;
    if (!playing || previous === null || !(rate > 0)) return;
    const step = currentTime - previous;
    if (step > 0 && step <= MAX_STEP_SECONDS * rate) this.pending += step / rate;
  }

  /** The position jumped (seek, resume): the next step starts from here. */
  jump(currentTime: number): void {
    this.last = currentTime;
  }

  /** Seconds watched since the last take, rounded to milliseconds; the count starts again. */
  take(): number {
    const seconds = Math.round(this.pending * 1000) / 1000;
    this.pending = 0;
    return seconds;
  }

  /** Seconds a failed report took, to send again with the next one. */
  giveBack(seconds: number): void {
    this.pending += seconds;
  }

  /** Seconds waiting to be reported. */
  get waiting(): number {
    return this.pending;
  }
}
