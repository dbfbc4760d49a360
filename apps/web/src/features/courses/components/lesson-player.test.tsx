import type { LessonContent, ProgressResult } from '@portal/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOutbox } from '@/platform/outbox/outbox-lazy.ts';
import { StorageKey } from '@/platform/storage.ts';
import { PdfViewerSlot, type PdfViewerSlotProps } from '@/ui/pdf-viewer-slot.ts';
import {
  LessonArticle,
  LessonAudio,
  LessonPdf,
  LessonPlayer,
  REPORT_EVERY_MS,
} from './lesson-player.tsx';

const hls = vi.hoisted(() => ({
  instances: [] as Array<{
    source: string | null;
    media: HTMLMediaElement | null;
    config: { startPosition?: number; startLevel?: number; maxMaxBufferLength?: number };
  }>,
  supported: true,
}));

vi.mock('hls.js/light', () => {
  class FakeHls {
    static isSupported = () => hls.supported;
    static Events = { ERROR: 'hlsError' };
    state: (typeof hls.instances)[number];
    constructor(config: (typeof hls.instances)[number]['config'] = {}) {
      this.state = { source: null, media: null, config };
      hls.instances.push(this.state);
    }
    on() {}
    loadSource(source: string) {
      this.state.source = source;
    }
    attachMedia(media: HTMLMediaElement) {
      this.state.media = media;
    }
    destroy() {}
  }
  return { default: FakeHls };
});

const video: LessonContent = {
  id: 31,
  courseId: 7,
  title: '开机与解锁',
  kind: 'video',
  durationSeconds: 300,
  videoUrl: '/media/demo/lesson.mp4',
  listenUrl: null,
  posterUrl: null,
  articleHtml: null,
  audioUrl: null,
  pdfUrl: null,
  pageCount: 0,
};

interface Call {
  url: string;
  init: RequestInit | undefined;
  request: Request | null;
  body: Record<string, unknown>;
}

let calls: Call[];

/** The network edge: every call answers a stored state for what was reported. */
function stubNetwork() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = request ? request.url : String(input);
      const text = request ? await request.clone().text() : String(init?.body ?? '{}');
      const body = JSON.parse(text) as Record<string, unknown>;
      calls.push({ url, init, request, body });
      const data: ProgressResult = {
        lessonId: Number(body.lessonId),
        courseId: 7,
        positionSeconds: Number(body.positionSeconds),
        watchedSeconds: Number(body.watchedSeconds),
        completed: Number(body.positionSeconds) >= 54,
        countedSeconds: Number(body.watchedSeconds),
        course: { completedLessons: 0, totalLessons: 3, completed: false },
      };
      return new Response(JSON.stringify({ code: 0, message: '', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

/** Gives the rendered video element the media state a browser would have. */
function mediaOf(element: HTMLMediaElement) {
  const state = { currentTime: 0, duration: 60, paused: true, seeking: false };
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
  element.play = vi.fn(async () => {
    state.paused = false;
  });
  return state;
}

/** Plays from the current time to `to` in `timeupdate` steps of a quarter second. */
function playTo(element: HTMLMediaElement, state: { currentTime: number }, to: number) {
  while (state.currentTime < to - 1e-9) {
    state.currentTime = Math.min(to, state.currentTime + 0.25);
    fireEvent.timeUpdate(element);
  }
}

const flush = () => act(async () => {});

function renderPlayer(overrides: Partial<Parameters<typeof LessonPlayer>[0]> = {}) {
  const onReported = vi.fn();
  render(
    <LessonPlayer
      lesson={video}
      courseId={7}
      onReported={onReported}
      startAt={8.4}
      autoPlay={false}
      completed={false}
      {...overrides}
    />,
  );
  const element = screen.getByLabelText<HTMLVideoElement>('开机与解锁');
  return { element, state: mediaOf(element), onReported };
}

// The outbox's code (loaded on demand in the app) is there before the first report.
beforeAll(() => loadOutbox());

beforeEach(() => {
  localStorage.setItem(StorageKey.token, 'token-abc');
  localStorage.setItem(StorageKey.userInfo, '{"id":1}');
  localStorage.setItem(StorageKey.finger, 'finger-1');
  stubNetwork();
  hls.instances.length = 0;
  hls.supported = true;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LessonPlayer', () => {
  it('is an inline HTML5 video with controls that loads only metadata first, from the resume point', () => {
    const { element } = renderPlayer();
    expect(element.tagName).toBe('VIDEO');
    expect(element.hasAttribute('controls')).toBe(true);
    expect(element.hasAttribute('playsinline')).toBe(true);
    expect(element.getAttribute('preload')).toBe('metadata');
    // A media fragment: the browser fetches the part it resumes in, not the first seconds.
    expect(element.getAttribute('src')).toBe('/media/demo/lesson.mp4#t=8.4');
  });

  it('loads a first viewing, and a finished one, from the start', () => {
    renderPlayer({ startAt: 0 });
    expect(screen.getByLabelText('开机与解锁').getAttribute('src')).toBe('/media/demo/lesson.mp4');
    cleanup();
    // Stopped 2 s before the end of a 300 s lesson: it restarts rather than ends at once.
    const { element, state } = renderPlayer({ startAt: 298 });
    expect(element.getAttribute('src')).toBe('/media/demo/lesson.mp4');
    state.duration = 300;
    fireEvent.loadedMetadata(element);
    expect(state.currentTime).toBe(0);
  });

  it('does not seek again when the browser already started at the resume point', () => {
    const { element, state } = renderPlayer();
    const seeks: number[] = [];
    state.currentTime = 8.4;
    Object.defineProperty(element, 'currentTime', {
      configurable: true,
      get: () => state.currentTime,
      set: (value: number) => {
        seeks.push(value);
        state.currentTime = value;
      },
    });
    fireEvent.loadedMetadata(element);
    expect(seeks).toEqual([]);
    expect(state.currentTime).toBe(8.4);
  });

  it('resumes at the stored position once the metadata is known, and plays when asked', async () => {
    const { element, state } = renderPlayer({ autoPlay: true });
    fireEvent.loadedMetadata(element);
    expect(state.currentTime).toBe(8.4);
    expect(element.play).toHaveBeenCalledTimes(1);
  });

  it('offers five speeds as pressed buttons and applies the chosen one', () => {
    const { element } = renderPlayer();
    const group = screen.getByRole('group', { name: '倍速' });
    const buttons = screen.getAllByRole('button').filter((button) => group.contains(button));
    expect(buttons.map((button) => button.textContent)).toEqual([
      '0.75倍',
      '1倍',
      '1.25倍',
      '1.5倍',
      '2倍',
    ]);
    expect(screen.getByRole('button', { name: '1倍' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '1.5倍' }));
    expect(screen.getByRole('button', { name: '1.5倍' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '1倍' }).getAttribute('aria-pressed')).toBe('false');
    expect(element.playbackRate).toBe(1.5);
  });

  it('saves the position and the real watching time every few seconds while playing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // Speed 2 was chosen in the previous test and is kept for the visit: choose 1 again.
    const { element, state, onReported } = renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: '1倍' }));
    fireEvent.loadedMetadata(element);
    await element.play();
    playTo(element, state, 13.4);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    await flush();
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toMatch(/\/api\/study\/progress$/);
    expect(call?.request?.method).toBe('POST');
    expect(call?.request?.headers.get('authorization')).toBe('Bearer token-abc');
    expect(call?.body).toEqual({
      lessonId: 31,
      courseId: 7,
      positionSeconds: 13.4,
      watchedSeconds: 5,
      durationSeconds: 60,
    });
    expect(onReported).toHaveBeenCalledWith(expect.objectContaining({ positionSeconds: 13.4 }));

    // A seek forward is not watching.
    state.currentTime = 40;
    fireEvent.seeked(element);
    playTo(element, state, 42);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    await flush();
    expect(calls[1]?.body).toMatchObject({ positionSeconds: 42, watchedSeconds: 2 });
  });

  it('reports at once on reaching 90%, so the lesson shows complete', async () => {
    const { element, state, onReported } = renderPlayer({ startAt: 50 });
    fireEvent.loadedMetadata(element);
    await element.play();
    playTo(element, state, 54);
    await flush();
    expect(calls.map((call) => call.body.positionSeconds)).toEqual([54]);
    expect(onReported).toHaveBeenCalledWith(expect.objectContaining({ completed: true }));
  });

  it('saves with a keepalive fetch carrying the login when the page is hidden', async () => {
    const { element, state } = renderPlayer();
    fireEvent.loadedMetadata(element);
    await element.play();
    playTo(element, state, 11.4);
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/api/study/progress');
    expect(call?.init?.keepalive).toBe(true);
    expect(call?.init?.method).toBe('POST');
    expect(call?.init?.headers).toMatchObject({
      Authorization: 'Bearer token-abc',
      'X-Site': 'jingan',
      'X-Finger': 'finger-1',
    });
    expect(call?.body).toMatchObject({ lessonId: 31, positionSeconds: 11.4, watchedSeconds: 3 });
    // Nothing new since: leaving the page sends nothing more.
    cleanup();
    expect(calls).toHaveLength(1);
  });

  it('reports nothing before the stored position is applied', () => {
    renderPlayer();
    window.dispatchEvent(new Event('pagehide'));
    cleanup();
    expect(calls).toHaveLength(0);
  });

  it('plays HLS through hls.js where the browser cannot', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    renderPlayer({ lesson: { ...video, videoUrl: '/media/demo/lesson.m3u8' } });
    await vi.waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(hls.instances[0]?.source).toBe('/media/demo/lesson.m3u8');
    expect(hls.instances[0]?.media?.tagName).toBe('VIDEO');
    // Its first segment is the one the learner resumes in.
    expect(hls.instances[0]?.config.startPosition).toBe(8.4);
    // From the lowest rung, and never more than half a minute ahead (a phone pays for it).
    expect(hls.instances[0]?.config.startLevel).toBe(0);
    expect(hls.instances[0]?.config.maxMaxBufferLength).toBe(30);
  });

  it('offers a retry when the video cannot be loaded', async () => {
    hls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    renderPlayer({ lesson: { ...video, videoUrl: '/media/demo/lesson.m3u8' } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('LessonPlayer: 只听声音', () => {
  const listenable: LessonContent = {
    ...video,
    videoUrl: '/media/ladder/31/master.m3u8',
    listenUrl: '/media/ladder/31/audio.m4a',
    posterUrl: '/media/ladder/31/poster.webp',
  };

  /** Plays the video from the stored 8.4 s to `to`, at speed 1. */
  function watchTo(to: number, overrides: Partial<ComponentProps<typeof LessonPlayer>> = {}) {
    const rendered = renderPlayer({
      lesson: listenable,
      poster: '/files/covers/a.svg',
      ...overrides,
    });
    fireEvent.click(screen.getByRole('button', { name: '1倍' }));
    fireEvent.loadedMetadata(rendered.element);
    rendered.state.paused = false;
    playTo(rendered.element, rendered.state, to);
    return rendered;
  }

  /** The lesson's media element now shown (the video and the audio carry the lesson's title). */
  const shown = () => screen.getByLabelText<HTMLMediaElement>('开机与解锁');

  it('is offered only when the lesson has a sound-only rendition', () => {
    renderPlayer();
    expect(screen.queryByRole('button', { name: /只听声音/ })).toBeNull();
    cleanup();
    renderPlayer({ lesson: listenable });
    expect(screen.getByRole('button', { name: /只听声音/ })).toBeTruthy();
  });

  it('uses the lesson poster for the video, else the course cover', () => {
    const { element } = renderPlayer({ lesson: listenable, poster: '/files/covers/a.svg' });
    expect(element.getAttribute('poster')).toBe('/media/ladder/31/poster.webp');
    cleanup();
    const plain = renderPlayer({ poster: '/files/covers/a.svg' });
    expect(plain.element.getAttribute('poster')).toBe('/files/covers/a.svg');
  });

  it('swaps the video for the audio player at the position reached, playing at once', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    watchTo(20.4);
    fireEvent.click(screen.getByRole('button', { name: /只听声音/ }));
    const element = shown();
    expect(element.tagName).toBe('AUDIO');
    expect(element.getAttribute('src')).toBe('/media/ladder/31/audio.m4a#t=20.4');
    expect(play).toHaveBeenCalledTimes(1);
    const region = screen.getByRole('region', { name: '课时播放' });
    expect(region.querySelector('img')?.getAttribute('src')).toBe('/media/ladder/31/poster.webp');
    expect(region.querySelector('video')).toBeNull();
    const state = mediaOf(element);
    fireEvent.loadedMetadata(element);
    expect(state.currentTime).toBe(20.4);
    expect(screen.getByRole('button', { name: /看视频/ })).toBeTruthy();
  });

  it('keeps reporting the same lesson, without losing or counting twice a second at the swap', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { onReported } = watchTo(20.4);
    fireEvent.click(screen.getByRole('button', { name: /只听声音/ }));
    // The video sends what it had not reported as it goes.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init?.keepalive).toBe(true);
    expect(calls[0]?.body).toEqual({
      lessonId: 31,
      courseId: 7,
      positionSeconds: 20.4,
      watchedSeconds: 12,
      durationSeconds: 60,
    });
    const element = shown();
    const state = mediaOf(element);
    fireEvent.loadedMetadata(element);
    state.paused = false;
    playTo(element, state, 25.4);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({
      lessonId: 31,
      courseId: 7,
      positionSeconds: 25.4,
      watchedSeconds: 5,
      durationSeconds: 60,
    });
    expect(onReported).toHaveBeenCalledWith(expect.objectContaining({ lessonId: 31 }));
  });

  it('swaps back with 看视频, resuming the video where the audio got to', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    watchTo(20.4);
    fireEvent.click(screen.getByRole('button', { name: /只听声音/ }));
    const audioElement = shown();
    const audioState = mediaOf(audioElement);
    fireEvent.loadedMetadata(audioElement);
    audioState.paused = false;
    playTo(audioElement, audioState, 31);
    fireEvent.click(screen.getByRole('button', { name: /看视频/ }));
    const element = shown();
    expect(element.tagName).toBe('VIDEO');
    expect(play).toHaveBeenCalledTimes(2);
    const state = mediaOf(element);
    fireEvent.loadedMetadata(element);
    expect(state.currentTime).toBe(31);
    expect(screen.getByRole('button', { name: /只听声音/ })).toBeTruthy();
    // The audio's listening went with it.
    expect(calls.at(-1)?.body).toMatchObject({
      lessonId: 31,
      positionSeconds: 31,
      watchedSeconds: 10.6,
    });
  });

  it('opens the next video lesson with a sound track listening, once chosen on the device', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderPlayer({ lesson: listenable });
    fireEvent.click(screen.getByRole('button', { name: /只听声音/ }));
    cleanup();
    renderPlayer({ lesson: { ...listenable, id: 34, listenUrl: '/media/ladder/34/audio.m4a' } });
    expect(shown().tagName).toBe('AUDIO');
    expect(shown().getAttribute('src')).toBe('/media/ladder/34/audio.m4a#t=8.4');
    cleanup();
    // A lesson without one still shows its video.
    renderPlayer();
    expect(shown().tagName).toBe('VIDEO');
    cleanup();
    // 看视频 is remembered too.
    renderPlayer({ lesson: listenable });
    fireEvent.click(screen.getByRole('button', { name: /看视频/ }));
    cleanup();
    renderPlayer({ lesson: listenable });
    expect(shown().tagName).toBe('VIDEO');
  });

  it('shows the video, and still swaps, when the device storage is unavailable', () => {
    const refuse = () => {
      throw new Error('SecurityError');
    };
    vi.stubGlobal('localStorage', {
      getItem: refuse,
      setItem: refuse,
      removeItem: refuse,
      clear: () => {},
    });
    renderPlayer({ lesson: listenable });
    expect(shown().tagName).toBe('VIDEO');
    fireEvent.click(screen.getByRole('button', { name: /只听声音/ }));
    expect(shown().tagName).toBe('AUDIO');
  });

  it('puts the lesson on the lock screen and lets its buttons control the audio', () => {
    localStorage.setItem(StorageKey.lessonListenOnly, '1');
    const handlers = new Map<string, MediaSessionActionHandler | null>();
    const session = {
      metadata: null as unknown,
      setActionHandler: (action: string, handler: MediaSessionActionHandler | null) => {
        handlers.set(action, handler);
      },
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaSession: session }));
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(public init: MediaMetadataInit) {}
      },
    );
    render(
      <LessonPlayer
        lesson={listenable}
        courseId={7}
        onReported={vi.fn()}
        startAt={30}
        autoPlay={false}
        completed={false}
        poster="/files/covers/a.svg"
        courseTitle="智能手机入门"
      />,
    );
    const metadata = session.metadata as { init: MediaMetadataInit };
    expect(metadata.init).toMatchObject({
      title: '开机与解锁',
      artist: '智能手机入门',
      artwork: [{ src: expect.stringMatching(/\/media\/ladder\/31\/poster\.webp$/) }],
    });
    const element = shown();
    const state = mediaOf(element);
    fireEvent.loadedMetadata(element);
    handlers.get('seekbackward')?.({ action: 'seekbackward' });
    expect(state.currentTime).toBe(15);
    handlers.get('seekforward')?.({ action: 'seekforward', seekOffset: 10 });
    expect(state.currentTime).toBe(25);
    handlers.get('play')?.({ action: 'play' });
    expect(element.play).toHaveBeenCalled();
    const pause = vi.spyOn(element, 'pause').mockImplementation(() => {});
    handlers.get('pause')?.({ action: 'pause' });
    expect(pause).toHaveBeenCalled();
    cleanup();
    expect(session.metadata).toBeNull();
    expect(handlers.get('play')).toBeNull();
  });
});

describe('LessonArticle', () => {
  it('shows the article and reports it opened', async () => {
    const onReported = vi.fn();
    render(
      <LessonArticle
        lesson={{
          ...video,
          kind: 'article',
          videoUrl: null,
          articleHtml: '<p>要点</p>',
        }}
        courseId={7}
        onReported={onReported}
      />,
    );
    expect(screen.getByRole('heading', { name: '开机与解锁' })).toBeTruthy();
    expect(await screen.findByText('要点')).toBeTruthy();
    await vi.waitFor(() => expect(onReported).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({
      lessonId: 31,
      courseId: 7,
      positionSeconds: 0,
      watchedSeconds: 0,
    });
  });
});

const audio: LessonContent = {
  ...video,
  id: 32,
  title: '听一听：课程导读',
  kind: 'audio',
  durationSeconds: 60,
  videoUrl: null,
  audioUrl: '/media/uploads/jingan/demo-lesson-audio.mp3',
};

function renderAudio(overrides: Partial<ComponentProps<typeof LessonAudio>> = {}) {
  const onReported = vi.fn();
  render(
    <LessonAudio
      lesson={audio}
      courseId={7}
      onReported={onReported}
      startAt={8.4}
      autoPlay={false}
      completed={false}
      poster="/files/covers/a.svg"
      {...overrides}
    />,
  );
  const element = screen.getByLabelText<HTMLAudioElement>('听一听：课程导读');
  return { element, state: mediaOf(element), onReported };
}

describe('LessonAudio', () => {
  it('is a large audio player with the course cover, one play button and a progress slider', () => {
    const { element } = renderAudio();
    expect(element.tagName).toBe('AUDIO');
    expect(element.getAttribute('src')).toBe('/media/uploads/jingan/demo-lesson-audio.mp3#t=8.4');
    expect(element.getAttribute('preload')).toBe('metadata');
    const region = screen.getByRole('region', { name: '课时播放' });
    expect(region.querySelector('img')?.getAttribute('src')).toBe('/files/covers/a.svg');
    expect(screen.getByRole('button', { name: /播放/ })).toBeTruthy();
    expect(screen.getByRole('slider', { name: '播放进度' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '听一听：课程导读' })).toBeTruthy();
  });

  it('resumes at the stored position, shows it, and plays and pauses with the big button', async () => {
    const { element, state } = renderAudio();
    fireEvent.loadedMetadata(element);
    expect(state.currentTime).toBe(8.4);
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: '播放进度' });
    expect(slider.value).toBe('8');
    expect(slider.getAttribute('aria-valuetext')).toBe('已播放 0:00:08，共 0:01:00');
    fireEvent.click(screen.getByRole('button', { name: /播放/ }));
    expect(element.play).toHaveBeenCalledTimes(1);
    fireEvent.playing(element);
    expect(screen.getByRole('button', { name: /暂停/ }).getAttribute('aria-pressed')).toBe('true');
    // Moving the slider seeks.
    fireEvent.change(slider, { target: { value: '30' } });
    expect(state.currentTime).toBe(30);
  });

  it('says 暂停 from the moment playing is asked, so a tap while it starts pauses as it says', async () => {
    const { element, state } = renderAudio({ autoPlay: true });
    fireEvent.loadedMetadata(element);
    // Asked to play (autoplay), the sound not yet arrived: no \`playing\` yet.
    expect(state.paused).toBe(false);
    fireEvent.play(element);
    const button = screen.getByRole('button', { name: /暂停/ });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    element.pause = vi.fn(() => {
      state.paused = true;
    });
    fireEvent.click(button);
    expect(element.pause).toHaveBeenCalledTimes(1);
    fireEvent.pause(element);
    expect(screen.getByRole('button', { name: /播放/ })).toBeTruthy();
  });

  it('reports listening like watching: position and real time every few seconds, at once at 90%', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { element, state, onReported } = renderAudio();
    fireEvent.click(screen.getByRole('button', { name: '1倍' }));
    fireEvent.loadedMetadata(element);
    await element.play();
    playTo(element, state, 13.4);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    await flush();
    expect(calls.map((call) => call.body)).toEqual([
      { lessonId: 32, courseId: 7, positionSeconds: 13.4, watchedSeconds: 5, durationSeconds: 60 },
    ]);
    expect(onReported).toHaveBeenCalledWith(expect.objectContaining({ positionSeconds: 13.4 }));
    state.currentTime = 50;
    fireEvent.seeked(element);
    playTo(element, state, 54);
    await flush();
    expect(calls[1]?.body).toMatchObject({ positionSeconds: 54, watchedSeconds: 4 });
    expect(onReported).toHaveBeenLastCalledWith(expect.objectContaining({ completed: true }));
  });

  it('saves with a keepalive fetch when the page is hidden', async () => {
    const { element, state } = renderAudio();
    fireEvent.loadedMetadata(element);
    await element.play();
    playTo(element, state, 11.4);
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init?.keepalive).toBe(true);
    expect(calls[0]?.body).toMatchObject({ lessonId: 32, positionSeconds: 11.4 });
  });
});

describe('LessonPdf', () => {
  const pdf: LessonContent = {
    ...video,
    id: 33,
    title: '读一读：课程讲义',
    kind: 'pdf',
    durationSeconds: 0,
    videoUrl: null,
    pdfUrl: '/files/admin/jingan/demo-lesson-handout.pdf',
    pageCount: 6,
  };

  it('shows the PDF in the reader the app provides and reports the lesson opened', async () => {
    const shown: PdfViewerSlotProps[] = [];
    const FakeViewer = (props: PdfViewerSlotProps) => {
      shown.push(props);
      return <div role="img" aria-label="第 1 页" />;
    };
    const loaded = Promise.resolve(FakeViewer);
    const loadFake = () => loaded;
    const onReported = vi.fn();
    await act(async () => {
      render(
        <PdfViewerSlot value={loadFake}>
          <LessonPdf lesson={pdf} courseId={7} onReported={onReported} completed={false} />
        </PdfViewerSlot>,
      );
    });
    expect(screen.getByRole('heading', { name: '读一读：课程讲义' })).toBeTruthy();
    expect(screen.getByText('共 6 页')).toBeTruthy();
    expect(screen.getByRole('img', { name: '第 1 页' })).toBeTruthy();
    expect(shown.at(-1)?.url).toBe('/files/admin/jingan/demo-lesson-handout.pdf');
    await vi.waitFor(() => expect(onReported).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({
      lessonId: 33,
      courseId: 7,
      positionSeconds: 0,
      watchedSeconds: 0,
    });
  });
});
