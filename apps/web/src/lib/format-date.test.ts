import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange } from './format-date.ts';

// Dates are built from local parts, so these tests hold in any timezone.
const sample = new Date(2026, 10, 22, 8, 5, 3, 7);
const arbitraryDate = fc.date({
  min: new Date(1970, 0, 1),
  max: new Date(2100, 11, 31, 23, 59, 59, 999),
  noInvalidDate: true,
});

describe('formatDate', () => {
  it('shows yyyy-MM-dd by default', () => {
    expect(formatDate(sample)).toBe('2026-11-22');
  });

  it('pads double letters and leaves single letters unpadded', () => {
    expect(formatDate(sample, 'yyyy-MM-dd hh:mm:ss')).toBe('2026-11-22 08:05:03');
    expect(formatDate(sample, 'M/d h:m:s')).toBe('11/22 8:5:3');
    expect(formatDate(new Date(2026, 0, 2), 'MM-dd M-d')).toBe('01-02 1-2');
  });

  it('shows hours on a 24-hour clock', () => {
    expect(formatDate(new Date(2026, 0, 1, 23, 0), 'hh:mm')).toBe('23:00');
    expect(formatDate(new Date(2026, 0, 1, 0, 0), 'h:mm')).toBe('0:00');
  });

  it('keeps the characters that are not tokens', () => {
    expect(formatDate(sample, 'yyyy年MM月dd日 hh:mm')).toBe('2026年11月22日 08:05');
  });

  it('keeps the last digits of the year for shorter y runs', () => {
    expect(formatDate(sample, 'yy')).toBe('26');
    expect(formatDate(sample, 'yyy')).toBe('026');
    expect(formatDate(sample, 'y')).toBe('6');
  });

  it('shows the quarter and unpadded milliseconds', () => {
    expect(formatDate(sample, 'q')).toBe('4');
    expect(formatDate(new Date(2026, 0, 1), 'q')).toBe('1');
    expect(formatDate(new Date(2026, 5, 30), 'q')).toBe('2');
    expect(formatDate(new Date(2026, 6, 1), 'q')).toBe('3');
    expect(formatDate(sample, 'ss.S')).toBe('03.7');
    expect(formatDate(new Date(2026, 0, 1, 0, 0, 0, 123), 'S')).toBe('123');
  });

  it('reads epoch milliseconds and date strings', () => {
    expect(formatDate(sample.getTime(), 'yyyy-MM-dd hh:mm:ss')).toBe('2026-11-22 08:05:03');
    // A date-time string without an offset is local time.
    expect(formatDate('2026-11-22T08:05:03', 'yyyy-MM-dd hh:mm:ss')).toBe('2026-11-22 08:05:03');
  });

  it('shows nothing for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDateRange', () => {
  it('leaves the year off the end within one year', () => {
    expect(formatDateRange(new Date(2026, 10, 22), new Date(2026, 11, 1))).toBe('2026.11.22-12.01');
  });

  it('keeps both years across a new year', () => {
    expect(formatDateRange(new Date(2026, 11, 30), new Date(2027, 0, 2))).toBe(
      '2026.12.30-2027.01.02',
    );
  });

  it('drops the year with the text after it from a Chinese pattern', () => {
    expect(
      formatDateRange(
        new Date(2026, 10, 22, 9, 0),
        new Date(2026, 10, 23, 17, 30),
        'yyyy年MM月dd日 hh:mm',
        ' 至 ',
      ),
    ).toBe('2026年11月22日 09:00 至 11月23日 17:30');
  });

  it('drops a year at the end with the text before it', () => {
    expect(formatDateRange(new Date(2026, 0, 5), new Date(2026, 1, 6), 'MM/dd/yyyy')).toBe(
      '01/05/2026-02/06',
    );
  });

  it('shows a single year once when the pattern is only the year', () => {
    expect(formatDateRange(new Date(2026, 0, 5), new Date(2026, 1, 6), 'yyyy年')).toBe('2026年');
  });

  it('shows only the valid date when the other one is invalid', () => {
    expect(formatDateRange('nope', new Date(2026, 11, 1))).toBe('2026.12.01');
    expect(formatDateRange(new Date(2026, 10, 22), Number.NaN)).toBe('2026.11.22');
    expect(formatDateRange('nope', Number.NaN)).toBe('');
  });
});

describe('formatDate properties', () => {
  it('reads back as the same local date and time', () => {
    fc.assert(
      fc.property(arbitraryDate, (date) => {
        const text = formatDate(date, 'yyyy-MM-dd hh:mm:ss.S');
        const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{1,3})$/.exec(text);
        expect(match).not.toBeNull();
        expect(match?.slice(1).map(Number)).toEqual([
          date.getFullYear(),
          date.getMonth() + 1,
          date.getDate(),
          date.getHours(),
          date.getMinutes(),
          date.getSeconds(),
          date.getMilliseconds(),
        ]);
      }),
    );
  });

  it('gives the same text for a Date and its epoch milliseconds', () => {
    fc.assert(
      fc.property(arbitraryDate, (date) => {
        const pattern = 'yyyy年M月d日 h:m:s q S';
        expect(formatDate(date.getTime(), pattern)).toBe(formatDate(date, pattern));
      }),
    );
  });
});

describe('formatDateRange properties', () => {
  it('leaves the year off the end exactly when both years are equal', () => {
    fc.assert(
      fc.property(arbitraryDate, arbitraryDate, (start, end) => {
        const sameYear = start.getFullYear() === end.getFullYear();
        const endText = formatDate(end, sameYear ? 'MM.dd' : 'yyyy.MM.dd');
        expect(formatDateRange(start, end)).toBe(`${formatDate(start, 'yyyy.MM.dd')}-${endText}`);
        expect(formatDateRange(start, end).split('-')[1]?.length).toBe(sameYear ? 5 : 10);
      }),
    );
  });

  it('leaves the year off the end within one year, whatever the days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2100 }),
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: 0, max: 364 }),
        (year, a, b) => {
          const range = formatDateRange(
            new Date(year, 0, 1 + a),
            new Date(year, 0, 1 + b),
            'yyyy年MM月dd日',
            '~',
          );
          expect(range).toMatch(new RegExp(`^${year}年\\d{2}月\\d{2}日~\\d{2}月\\d{2}日$`));
        },
      ),
    );
  });
});
