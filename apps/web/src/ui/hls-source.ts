/**
 * Which way a video source plays (the browser itself, or hls.js over Media Source Extensions), and
 * hls.js downloaded once, early when it will be needed.
 */

type HlsModule = typeof import('hls.js/light');

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** How the player plays a source: the browser itself, or hls.js over Media Source Extensions. */
export interface SourcePlan {
  kind: 'native' | 'hls.js';
  src: string;
}

/** Whether the browser has Media Source Extensions, which hls.js plays through. */
export const hasMediaSource = () => typeof window !== 'undefined' && 'MediaSource' in window;

/**
 * An HLS playlist (`.m3u8`) plays through hls.js wherever Media Source Extensions exist (Chrome
 * and the WeChat browser on Android, desktops, iPad): it starts at the lowest rung, at the resume
 * point, and climbs with the measured bandwidth, as the browsers' own players do not all do
 * (Chrome's probes the first segments, then resumes at a high rung). Where only the browser
 * plays HLS (Safari on the iPhone, which has no MediaSource) it plays natively. Everything else
 * (MP4) plays natively.
 */
export function planSource(
  url: string,
  canPlayType: (type: string) => string,
  mediaSource = hasMediaSource(),
): SourcePlan {
  const path = (url.split(/[?#]/)[0] ?? url).toLowerCase();
  if (!path.endsWith('.m3u8')) return { kind: 'native', src: url };
  if (mediaSource) return { kind: 'hls.js', src: url };
  return { kind: canPlayType(HLS_TYPE) === '' ? 'hls.js' : 'native', src: url };
}

let loading: Promise<HlsModule> | null = null;

/** hls.js (its own chunk), downloaded once; a failed download is tried again next time. */
export function loadHls(): Promise<HlsModule> {
  loading ??= import('hls.js/light').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Starts downloading hls.js as soon as a video's address is known, when this browser will need it
 * for that address: the player's own chunk and hls.js then arrive side by side.
 */
export function warmHlsFor(url: string): void {
  const video = document.createElement('video');
  if (planSource(url, (type) => video.canPlayType(type)).kind === 'hls.js') {
    loadHls().catch(() => {});
  }
}
