/** Shifts a YYYY-MM-DD date by `days` (calendar arithmetic in UTC, so no time zone moves it). */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The heading of a day in the ledger (its Asia/Shanghai date, YYYY-MM-DD): 今天 and 昨天 by
 * the server's `today`, else 11月20日, with the year when it is not this year's.
 */
export function ledgerDayHeading(day: string, today: string): string {
  if (day === today) return '今天';
  if (day === shiftDay(today, -1)) return '昨天';
  const [year, month, date] = day.split('-').map(Number);
  const text = `${month}月${date}日`;
  return day.slice(0, 4) === today.slice(0, 4) ? text : `${year}年${text}`;
}

/** A signed amount: +5, -20. */
export const signedPoints = (amount: number) => (amount > 0 ? `+${amount}` : String(amount));
