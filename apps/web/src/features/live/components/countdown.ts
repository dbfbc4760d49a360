/** What is left until a time, in whole days, hours and minutes (never below zero). */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
}

const MINUTE = 60_000;

/**
 * The time left from `now` to `target` (epoch ms), rounded up to the minute, so a session starting
 * in 30 seconds still reads 1 分钟 and only 0 once it has started.
 */
export function countdownParts(target: number, now: number): CountdownParts {
  const left = Math.max(0, Math.ceil((target - now) / MINUTE));
  return {
    days: Math.floor(left / 1440),
    hours: Math.floor((left % 1440) / 60),
    minutes: left % 60,
  };
}

/** `2 天 3 小时 5 分钟`; the leading zero units are left out (`5 分钟`, `1 小时 0 分钟`). */
export function countdownText({ days, hours, minutes }: CountdownParts): string {
  if (days > 0) return `${days} 天 ${hours} 小时 ${minutes} 分钟`;
  if (hours > 0) return `${hours} 小时 ${minutes} 分钟`;
  return `${minutes} 分钟`;
}
