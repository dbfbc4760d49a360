/** Time in the seed: the sites are in Shanghai, and content times fall on its wall clock. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** China Standard Time (Asia/Shanghai, no daylight saving) is UTC+8. */
export const CHINA_OFFSET = 8 * HOUR;

/** Midnight (China time) of the day `offset` days from `now`'s day, plus `hour:minute`. */
export function localDay(now: number, offset: number, hour = 0, minute = 0): number {
  const midnight = Math.floor((now + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;
  return midnight + offset * DAY + hour * HOUR + minute * MINUTE;
}

/** A date whose UTC fields (`getUTCHours()`...) are Shanghai's wall clock at `time`. */
export const chinaDate = (time: number) => new Date(time + CHINA_OFFSET);
