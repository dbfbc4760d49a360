import { describe, expect, it } from 'vitest';
import { liveTimeText } from './live-time.ts';

describe('liveTimeText', () => {
  it('reads one day with its hours', () => {
    expect(liveTimeText({ startsAt: '2026-11-25T14:00:00', endsAt: '2026-11-25T16:30:00' })).toBe(
      '2026.11.25 14:00-16:30',
    );
  });

  it('reads a session across days with both dates', () => {
    expect(liveTimeText({ startsAt: '2026-11-25T23:00:00', endsAt: '2026-11-26T01:00:00' })).toBe(
      '2026.11.25 23:00-11.26 01:00',
    );
  });
});
