import type { LiveSessionDetail } from '@portal/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@/platform/storage.ts';
import { REPORT_EVERY_MS } from '@/ui/video-player.tsx';
import { CalendarLink } from './calendar-link.tsx';
import { LiveStreamPlayer, ReplayPlayer } from './live-player.tsx';

const hls = vi.hoisted(() => ({
  instances: [] as Array<{ config: Record<string, unknown>; source: string | null }>,
}));

vi.mock('hls.js/light', () => {
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    state: { config: Record<string, unknown>; source: string | null };
    constructor(config: Record<string, unknown>) {
      this.state = { config, source: null };
      hls.instances.push(this.state);
    }
    on() {}
    loadSource(source: string) {
      this.state.source = source;
    }
    attachMedia() {}
    destroy() {}
  }
  return { default: FakeHls };
});

const session: LiveSessionDetail = {
  id: 5,
  title: '唐诗里的长安与江南',
  cover: '/files/covers/live-session-3.svg',
  channelId: 1,
  channelName: '合作高校公开课',
  speaker: '刘若愚',
  speakerTitle: '复旦大学中文系副教授',
  startsAt: '2026-11-26T00:35:00.000Z',
  endsAt: '2026-11-26T02:49:00.000Z',
  state: 'live',
  hasReplay: false,
  introduction: '<p>简介</p>',
  channel: { id: 1, name: '合作高校公开课', cover: '/files/covers/live-channel-3.svg' },
  streamUrl: '/media/live/stream.m3u8?site=jingan&id=5',
  replayUrl: null,
  viewers: 3,
  courseId: null,
  reserved: false,
};

const replay: LiveSessionDetail = {
  ...session,
  state: 'ended',
  hasReplay: true,
  streamUrl: null,
  replayUrl: '/media/demo/lesson.mp4',
  viewers: 0,
};

interface Call {
  path: string;
  body: Record<string, unknown>;
}

let calls: Call[];
let viewersAnswer = 7;

/** The network edge: heartbeats answer the viewers, reports the stored watching. */
function stubNetwork() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), 'http://localhost');
      const text = request ? await request.clone().text() : String(init?.body ?? '{}');
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      calls.push({ path: url.pathname, body });
      const data = url.pathname.endsWith('/heartbeat')
        ? { sessionId: body.sessionId, viewers: viewersAnswer }
        : { sessionId: body.sessionId, positionSeconds: 0, watchedSeconds: 0, countedSeconds: 0 };
      return new Response(JSON.stringify({ code: 0, message: '', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

/** Gives the rendered video element the media state a browser would have. */
function mediaOf(element: HTMLVideoElement, duration: number) {
  const state = { currentTime: 0, duration, paused: true, seeking: false };
  Object.defineProperty(element, 'currentTime', {
    configurable: true,
    get: () => state.currentTime,
    set: (value: number) => {
      state.currentTime = value;
    },
  });
  Object.defineProperty(element, 'duration', { configurable: true, get: () => state.duration });
  Object.defineProperty(element, 'paused', { configurable: true, get: () => state.paused });
  Object.defineProperty(element, 'seeking', { configurable: true, get: () => state.seeking });
  return state;
}

/** Plays from the current time to `to` in `timeupdate` steps of a quarter second. */
function playTo(element: HTMLVideoElement, state: { currentTime: number }, to: number) {
  while (state.currentTime < to - 1e-9) {
    state.currentTime = Math.min(to, state.currentTime + 0.25);
    fireEvent.timeUpdate(element);
  }
}

const flush = () => act(async () => {});
const heartbeats = () => calls.filter((call) => call.path === '/api/live/heartbeat');
const reports = () => calls.filter((call) => call.path === '/api/study/live-progress');

beforeEach(() => {
  localStorage.setItem(StorageKey.token, 'token-abc');
  localStorage.setItem(StorageKey.userInfo, '{"id":1}');
  stubNetwork();
  hls.instances.length = 0;
  viewersAnswer = 7;
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LiveStreamPlayer', () => {
  it('plays the live playlist through hls.js, joining near the live edge, without speeds', async () => {
    render(<LiveStreamPlayer session={session} loggedIn />);
    await vi.waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(hls.instances[0]?.source).toBe(session.streamUrl);
    expect(hls.instances[0]?.config.liveSyncDurationCount).toBe(2);
    expect(screen.getByRole('region', { name: '直播播放' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: '倍速' })).toBeNull();
  });

  it('shows 直播中 and the viewers of the detail until a heartbeat answers', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    render(<LiveStreamPlayer session={session} loggedIn={false} />);
    expect(screen.getByText('直播中')).toBeTruthy();
    expect(screen.getByText('3 人在看')).toBeTruthy();
    // Nothing is sent before playback starts.
    expect(heartbeats()).toHaveLength(0);

    const element = screen.getByLabelText<HTMLVideoElement>(session.title);
    fireEvent.playing(element);
    await flush();
    expect(heartbeats()).toEqual([{ path: '/api/live/heartbeat', body: { sessionId: 5 } }]);
    expect(screen.getByText('7 人在看')).toBeTruthy();

    viewersAnswer = 9;
    vi.advanceTimersByTime(15_000);
    await flush();
    expect(heartbeats()).toHaveLength(2);
    expect(screen.getByText('9 人在看')).toBeTruthy();

    // Paused: no more heartbeats.
    fireEvent.pause(element);
    vi.advanceTimersByTime(60_000);
    await flush();
    expect(heartbeats()).toHaveLength(2);
  });

  it("reports a learner's watching time, and nothing of a visitor", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    render(<LiveStreamPlayer session={session} loggedIn />);
    const element = screen.getByLabelText<HTMLVideoElement>(session.title);
    const state = mediaOf(element, Number.POSITIVE_INFINITY);
    state.currentTime = 1200;
    fireEvent.loadedMetadata(element);
    state.paused = false;
    playTo(element, state, 1204);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    await flush();
    expect(reports()).toEqual([
      {
        path: '/api/study/live-progress',
        body: { sessionId: 5, positionSeconds: 1204, watchedSeconds: 4 },
      },
    ]);
    cleanup();
    calls.length = 0;

    render(<LiveStreamPlayer session={session} loggedIn={false} />);
    const visitor = screen.getByLabelText<HTMLVideoElement>(session.title);
    const seen = mediaOf(visitor, Number.POSITIVE_INFINITY);
    fireEvent.loadedMetadata(visitor);
    seen.paused = false;
    playTo(visitor, seen, 6);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    fireEvent.pause(visitor);
    await flush();
    expect(reports()).toEqual([]);
  });
});

describe('ReplayPlayer', () => {
  it('resumes the replay at the stored position and reports where it is', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    render(<ReplayPlayer session={replay} loggedIn startAt={42.5} />);
    const element = screen.getByLabelText<HTMLVideoElement>('唐诗里的长安与江南（回放）');
    // Loaded from where the learner stopped (a media fragment), not from its start.
    expect(element.getAttribute('src')).toBe('/media/demo/lesson.mp4#t=42.5');
    expect(screen.getByText('回放')).toBeTruthy();
    expect(screen.getByRole('group', { name: '倍速' })).toBeTruthy();
    const state = mediaOf(element, 60);
    fireEvent.loadedMetadata(element);
    expect(state.currentTime).toBe(42.5);
    state.paused = false;
    playTo(element, state, 45.5);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    await flush();
    expect(reports()[0]?.body).toEqual({
      sessionId: 5,
      positionSeconds: 45.5,
      watchedSeconds: 3,
      durationSeconds: 60,
    });
  });
});

describe('CalendarLink', () => {
  it('downloads the session’s calendar file', () => {
    render(<CalendarLink sessionId={5} />);
    const link = screen.getByRole('link', { name: '添加到日历' });
    expect(link.getAttribute('href')).toBe('/ics/live-5.ics');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
