import type { LiveSessionDetail } from '@portal/contract';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasVideo } from './live-stage.tsx';
import { useRefreshAtEnd } from './use-refresh-at-end.ts';

const base = {
  id: 5,
  title: '唐诗里的长安与江南',
  cover: '/files/covers/live-session-3.svg',
  channelId: 1,
  channelName: '合作高校公开课',
  speaker: '刘若愚',
  speakerTitle: '',
  startsAt: '2026-11-26T00:35:00.000Z',
  endsAt: '2026-11-26T02:49:00.000Z',
  hasReplay: false,
  introduction: '',
  channel: { id: 1, name: '合作高校公开课', cover: '' },
  streamUrl: null,
  replayUrl: null,
  viewers: 0,
  courseId: null,
  reserved: false,
} satisfies Omit<LiveSessionDetail, 'state'>;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('hasVideo', () => {
  it('is the stream while live and the replay once ended, nothing before', () => {
    expect(hasVideo({ ...base, state: 'live', streamUrl: '/media/live/x.m3u8' })).toBe(true);
    expect(hasVideo({ ...base, state: 'live' })).toBe(false);
    expect(hasVideo({ ...base, state: 'ended', replayUrl: '/media/demo/lesson.mp4' })).toBe(true);
    expect(hasVideo({ ...base, state: 'ended' })).toBe(false);
    expect(hasVideo({ ...base, state: 'upcoming', streamUrl: '/x.m3u8' })).toBe(false);
  });
});

describe('useRefreshAtEnd', () => {
  it('refreshes the page a moment after a live session ends, and never before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.parse(base.endsAt) - 60_000);
    const onEnd = vi.fn();
    renderHook(() => useRefreshAtEnd({ state: 'live', endsAt: base.endsAt }, onEnd));
    vi.advanceTimersByTime(60_000);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('waits for nothing when the session is not live', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.parse(base.endsAt) - 60_000);
    const onEnd = vi.fn();
    renderHook(() => useRefreshAtEnd({ state: 'upcoming', endsAt: base.endsAt }, onEnd));
    vi.advanceTimersByTime(600_000);
    expect(onEnd).not.toHaveBeenCalled();
  });
});
