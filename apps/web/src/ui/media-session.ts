import { type RefObject, useEffect } from 'react';

/** What the lock screen (and a headset, a car) shows of the playing media. */
export interface MediaSessionInfo {
  title: string;
  /** Shown under the title, e.g. the course's title. */
  artist?: string | undefined;
  /** The picture, e.g. the lesson's poster. */
  artwork?: string | undefined;
  /** How far 后退 / 前进 move when the system does not say, in seconds. */
  skipSeconds: number;
}

const hasMediaSession = () =>
  typeof navigator !== 'undefined' &&
  'mediaSession' in navigator &&
  navigator.mediaSession != null &&
  typeof MediaMetadata === 'function';

/** Sets one action's handler; a browser without that action throws, and is left without it. */
function setAction(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // Not supported here (older browsers know fewer actions).
  }
}

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto'];

/**
 * The Media Session of a playing element, where the browser has it: the title, artist and
 * picture on the lock screen and in the notification, and its play, pause, back and forward
 * buttons acting on the element (so a locked phone still controls it). Cleared on unmount.
 * Browsers without the API (and the test DOM) are left alone.
 */
export function useMediaSession(
  mediaRef: RefObject<HTMLMediaElement | null>,
  { title, artist, artwork, skipSeconds }: MediaSessionInfo,
) {
  useEffect(() => {
    if (!hasMediaSession()) return;
    const session = navigator.mediaSession;
    let metadata: MediaMetadata | null = null;
    try {
      metadata = new MediaMetadata({
        title,
        ...(artist ? { artist } : {}),
        ...(artwork ? { artwork: [{ src: new URL(artwork, document.baseURI).href }] } : {}),
      });
      session.metadata = metadata;
    } catch {
      // A picture address the browser refuses: the controls still work.
    }
    const seekTo = (seconds: number) => {
      const media = mediaRef.current;
      if (!media || !Number.isFinite(seconds)) return;
      const end = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : null;
      media.currentTime = Math.max(0, end === null ? seconds : Math.min(seconds, end));
    };
    const handlers: Record<string, MediaSessionActionHandler> = {
      play: () => {
        const played: Promise<void> | undefined = mediaRef.current?.play();
        played?.catch(() => {});
      },
      pause: () => mediaRef.current?.pause(),
      seekbackward: (details) =>
        seekTo((mediaRef.current?.currentTime ?? 0) - (details.seekOffset ?? skipSeconds)),
      seekforward: (details) =>
        seekTo((mediaRef.current?.currentTime ?? 0) + (details.seekOffset ?? skipSeconds)),
      seekto: (details) => {
        if (details.seekTime !== undefined) seekTo(details.seekTime);
      },
    };
    for (const action of ACTIONS) setAction(action, handlers[action] ?? null);
    return () => {
      for (const action of ACTIONS) setAction(action, null);
      if (metadata && session.metadata === metadata) session.metadata = null;
    };
  }, [mediaRef, title, artist, artwork, skipSeconds]);
}
