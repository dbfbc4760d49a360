import { describe, expect, it } from 'vitest';
import { hoursLines, photoList } from './place-hours.ts';

describe('hoursLines', () => {
  it('names a run of days by its ends, other days one by one, and every day as 每天', () => {
    const hours = JSON.stringify([
      { days: [1, 2, 3, 4, 5], open: '09:00', close: '17:00' },
      { days: [6, 7], open: '10:00', close: '16:00' },
      { days: [1, 3], open: '18:00', close: '20:00' },
      { days: [1, 2, 3, 4, 5, 6, 7], open: '08:30', close: '16:00' },
    ]);
    expect(hoursLines(hours)).toEqual([
      '周一至周五 09:00-17:00',
      '周六、周日 10:00-16:00',
      '周一、周三 18:00-20:00',
      '每天 08:30-16:00',
    ]);
  });

  it('shows nothing for malformed hours or photos rather than failing the page', () => {
    expect(hoursLines('not json')).toEqual([]);
    expect(hoursLines('[{"days":[9]}]')).toEqual([]);
    expect(photoList('{}')).toEqual([]);
    expect(photoList('["/files/a.svg"]')).toEqual(['/files/a.svg']);
  });
});
