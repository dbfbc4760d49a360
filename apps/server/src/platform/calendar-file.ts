/**
 * An event (an activity, a live session) as an iCalendar file (RFC 5545) a phone's calendar can
 * import: one VEVENT, lines ended by CRLF and folded at 75 octets, text values escaped, times in
 * UTC.
 */

export interface CalendarEvent {
  /** Globally unique, e.g. `activity-12@example.cn`. */
  uid: string;
  /** What the calendar holds, for PRODID, e.g. 活动 or 课程直播. */
  kind: string;
  title: string;
  place: string;
  /** Plain text (see {@link htmlToText}). */
  description: string;
  /** Epoch milliseconds. */
  startAt: number;
  endAt: number;
  /** When the file was made (DTSTAMP), epoch milliseconds. */
  stamp: number;
  /** The event's detail page. */
  url: string;
  /** Who publishes the calendar, for PRODID, e.g. 静安学习网. */
  producer: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** `20261123T013000Z`: a UTC date-time of iCalendar. */
export function icsTime(time: number): string {
  return new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line into lines of at most 75 octets of UTF-8 (RFC 5545 3.1), each
 * continuation starting with a space; never splits a character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      // The leading space of a continuation counts toward its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Decodes the few named entities rich text uses, and numeric ones; unknown ones stay as sent. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      const code = Number.parseInt(name.slice(2), 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    if (name.startsWith('#')) {
      const code = Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Rich HTML as plain text: block ends and `<br>` become line breaks, scripts and styles go
 * with their content, other tags are dropped, entities decoded, blank runs squeezed.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|section)\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '· ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The whole `.ics` file of one event. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(event.producer)}//${escapeText(event.kind)}//ZH`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.startAt)}`,
    `DTEND:${icsTime(event.endAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.place)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/**
 * A `Content-Disposition: attachment` naming the file `name` (any language): an ASCII
 * fallback `filename` for old clients and the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(name: string, fallback: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
