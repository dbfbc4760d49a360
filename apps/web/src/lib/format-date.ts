/**
 * A date the formatters accept: a Date, epoch milliseconds, or a string `new Date` reads (mind
 * that a bare ISO date such as '2026-11-22' reads as UTC midnight).
 */
export type DateInput = Date | number | string;

const TOKEN = /y+|M+|d+|h+|m+|s+|q+|S+/g;

interface Segment {
  text: string;
  token: boolean;
}

/**
 * A date in local time by a pattern of `yyyy` (shorter runs keep the last digits), `MM`/`M`,
 * `dd`/`d`, `hh`/`h` (0-23), `mm`/`m`, `ss`/`s`, `q` (quarter) and `S` (milliseconds), other
 * characters kept as they are; '' for an invalid date.
 */
export function formatDate(value: DateInput, pattern = 'yyyy-MM-dd'): string {
  const date = toDate(value);
  if (!date) return '';
  return pattern.replace(TOKEN, (token) => formatToken(date, token));
}

/**
 * A date range as `start<separator>end`, the end without its year when both fall in the same
 * year; only the valid one when the other is invalid, '' when neither is valid.
 */
export function formatDateRange(
  start: DateInput,
  end: DateInput,
  pattern = 'yyyy.MM.dd',
  separator = '-',
): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from) return to ? formatDate(to, pattern) : '';
  if (!to) return formatDate(from, pattern);
  const startText = formatDate(from, pattern);
  if (from.getFullYear() !== to.getFullYear()) {
    return `${startText}${separator}${formatDate(to, pattern)}`;
  }
  const endPattern = withoutYear(pattern);
  // A pattern of nothing but the year: the whole range is that one year.
  if (endPattern.search(TOKEN) === -1) return startText;
  return `${startText}${separator}${formatDate(to, endPattern)}`;
}

function toDate(value: DateInput): Date | null {
  const date = new Date(value instanceof Date ? value.getTime() : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatToken(date: Date, token: string): string {
  const letter = token[0];
  if (letter === 'y') return formatYear(date.getFullYear(), token.length);
  if (letter === 'S') return String(date.getMilliseconds());
  const value = fieldOf(date, letter);
  return token.length === 1 ? String(value) : String(value).padStart(2, '0');
}

function fieldOf(date: Date, letter: string | undefined): number {
  switch (letter) {
    case 'M':
      return date.getMonth() + 1;
    case 'd':
      return date.getDate();
    case 'h':
      return date.getHours();
    case 'm':
      return date.getMinutes();
    case 's':
      return date.getSeconds();
    default:
      return Math.floor(date.getMonth() / 3) + 1;
  }
}

/** The year padded to four digits; a run shorter than four keeps that many last digits. */
function formatYear(year: number, length: number): string {
  const digits = String(Math.abs(year)).padStart(4, '0');
  const shown = length >= 4 ? digits : digits.slice(-length);
  return year < 0 ? `-${shown}` : shown;
}

/**
 * The pattern without its year runs: each goes with the literal text after it up to the next
 * token ('yyyy.MM.dd' -> 'MM.dd'); a year at the end goes with the literal text around it
 * ('MM/dd/yyyy' -> 'MM/dd').
 */
function withoutYear(pattern: string): string {
  const segments = splitPattern(pattern);
  const drop = new Set<number>();
  segments.forEach((segment, i) => {
    if (!segment.token || !segment.text.startsWith('y')) return;
    drop.add(i);
    const next = segments[i + 1];
    if (next && !next.token) drop.add(i + 1);
    const tokenFollows = segments.slice(i + 1).some((later) => later.token);
    const previous = segments[i - 1];
    if (!tokenFollows && previous && !previous.token) drop.add(i - 1);
  });
  return segments
    .filter((_, i) => !drop.has(i))
    .map((segment) => segment.text)
    .join('');
}

function splitPattern(pattern: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    if (match.index > last) segments.push({ text: pattern.slice(last, match.index), token: false });
    segments.push({ text: match[0], token: true });
    last = match.index + match[0].length;
  }
  if (last < pattern.length) segments.push({ text: pattern.slice(last), token: false });
  return segments;
}
