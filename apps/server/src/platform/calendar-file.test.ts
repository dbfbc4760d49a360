import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  calendarFile,
  escapeText,
  foldLine,
  htmlToText,
  icsTime,
} from './calendar-file.ts';

const EVENT = {
  uid: 'activity-12@portal.example.cn',
  kind: '活动',
  title: '海派文化讲座',
  place: '静安区图书馆 三楼报告厅',
  description: '主办：静安区图书馆\n了解石库门',
  startAt: Date.UTC(2026, 10, 23, 6, 0),
  endAt: Date.UTC(2026, 10, 23, 8, 0),
  stamp: Date.UTC(2026, 10, 1, 0, 0, 5),
  url: 'https://portal.example.cn/activityDetails?id=12',
  producer: '静安学习网',
};

describe('calendarFile', () => {
  it('writes one VEVENT with CRLF line ends and UTC times', () => {
    expect(calendarFile(EVENT)).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//静安学习网//活动//ZH',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:activity-12@portal.example.cn',
        'DTSTAMP:20261101T000005Z',
        'DTSTART:20261123T060000Z',
        'DTEND:20261123T080000Z',
        'SUMMARY:海派文化讲座',
        'LOCATION:静安区图书馆 三楼报告厅',
        'DESCRIPTION:主办：静安区图书馆\\n了解石库门',
        'URL:https://portal.example.cn/activityDetails?id=12',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('folds long lines to 75 octets without splitting a character', () => {
    const text = calendarFile({ ...EVENT, description: '石库门弄堂生活'.repeat(20) });
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const description = lines.findIndex((line) => line.startsWith('DESCRIPTION:'));
    expect(lines[description + 1]?.startsWith(' ')).toBe(true);
    expect(text.replace(/\r\n /g, '')).toContain(`DESCRIPTION:${'石库门弄堂生活'.repeat(20)}\r\n`);
    expect(text).not.toContain('\uFFFD');
  });
});

describe('ics helpers', () => {
  it('formats UTC date-times', () => {
    expect(icsTime(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe('20260102T030405Z');
  });

  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('leaves short lines alone and folds at exactly 75 octets', () => {
    expect(foldLine('SUMMARY:短')).toBe('SUMMARY:短');
    const folded = foldLine('x'.repeat(160)).split('\r\n');
    expect(folded.map((line) => line.length)).toEqual([75, 75, 12]);
    expect(folded[1]?.startsWith(' ')).toBe(true);
  });

  it('turns rich HTML into plain text', () => {
    expect(
      htmlToText(
        '<p>第一段&nbsp;<strong>重点</strong></p><ul><li>一</li><li>二</li></ul>' +
          '<script>alert(1)</script><p>A &amp; B &lt;3 &#20013;&#x6587;</p>line<br/>next',
      ),
    ).toBe('第一段 重点\n· 一\n· 二\nA & B <3 中文\nline\nnext');
  });

  it('names a download in any language (RFC 5987) with an ASCII fallback', () => {
    expect(attachmentDisposition("讲座 (第1期)'.ics", 'activity-1.ics')).toBe(
      `attachment; filename="activity-1.ics"; filename*=UTF-8''%E8%AE%B2%E5%BA%A7%20%28%E7%AC%AC1%E6%9C%9F%29%27.ics`,
    );
  });
});
