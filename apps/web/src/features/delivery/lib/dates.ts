/** Date helpers of the delivery pages: the pickers give local `Date`s, the API takes Shanghai days. */

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a picked date (its calendar fields as the phone shows them). */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD HH:mm` of a picked date and time. */
export function minuteOf(date: Date): string {
  return `${dayOf(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The picker's `Date` of a `YYYY-MM-DD` day at `hour`:00. */
export function dateOfDay(day: string, hour = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date, hour, 0, 0);
}

/** `2026年12月3日 09:30` of an ISO time, in Asia/Shanghai. */
export function shanghaiText(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 8 * 3_600_000);
  return `${shifted.getUTCFullYear()}年${shifted.getUTCMonth() + 1}月${shifted.getUTCDate()}日 ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}
