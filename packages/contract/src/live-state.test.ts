import { describe, expect, it } from 'vitest';
import { LIVE_STATE_LABELS, liveStateAt } from './live-state.ts';

describe('liveStateAt', () => {
  const session = { startsAt: 1_000_000, endsAt: 2_000_000 };

  it('is upcoming until the start, live from the start, ended from the end', () => {
    expect(liveStateAt(session, 999_999)).toBe('upcoming');
    expect(liveStateAt(session, 1_000_000)).toBe('live');
    expect(liveStateAt(session, 1_999_999)).toBe('live');
    expect(liveStateAt(session, 2_000_000)).toBe('ended');
    expect(liveStateAt(session, 9_000_000)).toBe('ended');
  });

  it('reads ISO 8601 times the same as epoch milliseconds', () => {
    const iso = {
      startsAt: new Date(1_000_000).toISOString(),
      endsAt: new Date(2_000_000).toISOString(),
    };
    expect(liveStateAt(iso, 999_999)).toBe('upcoming');
    expect(liveStateAt(iso, 1_000_000)).toBe('live');
    expect(liveStateAt(iso, 2_000_000)).toBe('ended');
  });

  it('has a Chinese label for every state', () => {
    expect(LIVE_STATE_LABELS).toEqual({ upcoming: '预告', live: '直播中', ended: '已结束' });
  });
});
