import { type ReactNode, useEffect, useRef, useState } from 'react';
import { loadHls, planSource } from './hls-source.ts';
import { type PlaybackReport, usePlaybackReports } from './use-playback-reports.ts';
import './actions.css';
import './video-player.css';

/** Playback speeds offered, slowest first. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

export type { PlaybackReport } from './use-playback-reports.ts';
export { REPORT_EVERY_MS } from './use-playback-reports.ts';

/**
 * How far behind the live edge a viewer joins with hls.js, in target durations: two segments
 * (12 s with the 6 s segments) is close to the edge and still leaves a segment of buffer.
 */
const LIVE_SYNC_SEGMENTS = 2;

/**
 * The address with a media fragment (`#t=`) that starts playback at `seconds`, when there is a
 * position to start at and the address has no fragment of its own.
 */
export function withStartFragment(url: string, seconds: number): string {
  if (!(seconds > 0) || url.includes('#')) return url;
  return `${url}#t=${Math.round(seconds * 10) / 10}`;
}

/** The most seconds of a lesson video hls.js downloads ahead of the playing position. */
export const MAX_BUFFER_AHEAD_SECONDS = 30;

/** The speed chosen last, kept for the next video or audio in this visit. */
let chosenRate = 1;

/** The speed chosen last in this visit (1 at first). */
export const chosenPlaybackRate = () => chosenRate;

/** Large speed buttons in one row, the chosen one pressed; the choice is kept for the visit. */
export function SpeedButtons({ rate, onRate }: { rate: number; onRate: (rate: number) => void }) {
  return (
    <fieldset className="video-speeds">
      <legend className="video-speeds-label">倍速</legend>
      {PLAYBACK_RATES.map((value) => (
        <button
          key={value}
          type="button"
          className="tool-button speed-button"
          aria-pressed={rate === value}
          onClick={() => {
            chosenRate = value;
            onRate(value);
          }}
        >
          {value}倍
        </button>
      ))}
    </fieldset>
  );
}

export interface VideoPlayerProps {
  src: string;
  /** Names the player's region, e.g. 课时播放. */
  label: string;
  /** Names the video for assistive technology. */
  title: string;
  poster?: string | undefined;
  /** The stored position to resume at, in seconds (not for a live stream). */
  startAt: number;
  /** The video's duration as the catalogue gives it (a resume near the end restarts). */
  durationHint?: number | undefined;
  /** Start playing once loaded (the learner chose it just now). */
  autoPlay: boolean;
  /** A live stream: joins at the live edge, no resume point and no speeds. */
  live?: boolean;
  /** Sends a report; a rejection gives its watching time back to the next report. */
  onReport?: ((report: PlaybackReport) => Promise<void>) | undefined;
  /** Sends a report as the page is hidden or left (`keepalive`); false when it was not sent. */
  onReportOnLeave?: ((report: PlaybackReport) => boolean) | undefined;
  /** Reports at once when the position reaches this share of the duration (completion). */
  reportAtRatio?: number;
  /** Told when playback starts or stops (e.g. to send heartbeats while playing). */
  onPlayingChange?: (playing: boolean) => void;
  /** Told where playback is, once positioned (each `timeupdate` and seek). */
  onPosition?: ((seconds: number) => void) | undefined;
  /** Shown under the video: its title bar. */
  bar?: ReactNode;
  /** Shown over the video's top corner (e.g. the 直播中 badge). */
  overlay?: ReactNode;
}

/**
 * A video (lesson, live stream, replay): HTML5 video (hls.js only for an HLS source the browser
 * cannot play itself, loaded on demand) that resumes at the stored position, or joins a live
 * stream near its live edge; reports the position and real watching time every
 * {@link REPORT_EVERY_MS} while playing, on pause and end, and when the page is hidden or left;
 * and offers large speed buttons (not while live).
 */
export function VideoPlayer({
  src,
  label,
  title,
  poster,
  startAt,
  durationHint,
  autoPlay,
  live = false,
  onReport,
  onReportOnLeave,
  reportAtRatio,
  onPlayingChange,
  onPosition,
  bar,
  overlay,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(live ? 1 : chosenRate);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reports = usePlaybackReports(videoRef, {
    live,
    startAt,
    durationHint,
    autoPlay,
    onReport,
    onReportOnLeave,
    reportAtRatio,
    onPlayingChange,
    onPosition,
    onPositioned: (video) => {
      video.playbackRate = rate;
    },
  });
  const reloading = useRef(reports.reloading);
  reloading.current = reports.reloading;

  // The source: native where the browser plays it, else hls.js (its own chunk).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads on purpose
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    const startAt = reloading.current();
    const plan = planSource(src, (type) => video.canPlayType(type));
    if (plan.kind === 'native') {
      // A media fragment: the browser starts loading at the resume point, not at 0.
      video.src = withStartFragment(plan.src, startAt);
      return () => {
        // Stops the download of a video the learner left.
        video.removeAttribute('src');
        video.load();
      };
    }
    let cancelled = false;
    let destroy: (() => void) | null = null;
    loadHls()
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        // A ladder (VOD) starts at its lowest rung, climbs with the measured bandwidth and
        // never above what the player's size shows (a phone pays for every byte).
        const hls = new Hls(
          live
            ? { liveSyncDurationCount: LIVE_SYNC_SEGMENTS, maxBufferLength: 20 }
            : {
                maxBufferLength: 20,
                // Never more than 30 s ahead: by default hls.js fills up to 60 MB (minutes of
                // 720p), which a learner who stops after a minute has paid for.
                maxMaxBufferLength: MAX_BUFFER_AHEAD_SECONDS,
                startLevel: 0,
                capLevelToPlayerSize: true,
                // The first segment fetched is the one the learner resumes in.
                startPosition: startAt > 0 ? startAt : -1,
              },
        );
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(plan.src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src, live, attempt]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.playbackRate = rate;
    video.defaultPlaybackRate = rate;
  }, [rate]);

  const handleRetry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };

  return (
    <section className="video-stage" aria-label={label}>
      <div className="video-box">
        <video
          ref={videoRef}
          className="video-player"
          controls
          playsInline
          // WeChat's and older in-app browsers on Android and iOS play inline only with these.
          x5-playsinline="true"
          webkit-playsinline="true"
          preload="metadata"
          poster={poster}
          aria-label={title}
          {...reports.handlers}
          onError={() => setFailed(true)}
        />
        {overlay ? <div className="video-overlay">{overlay}</div> : null}
        {failed ? (
          <div className="video-failed" role="alert">
            <p>
              {live
                ? '直播没有加载出来，请检查网络后重试。'
                : '视频没有加载出来，请检查网络后重试。'}
            </p>
            <button type="button" className="link-button primary" onClick={handleRetry}>
              重试
            </button>
          </div>
        ) : null}
      </div>
      {bar}
      {live ? null : <SpeedButtons rate={rate} onRate={setRate} />}
    </section>
  );
}
