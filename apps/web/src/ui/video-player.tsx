import { type ReactNode, useEffect, useRef, useState } from 'react';
import { listenPageLeave } from '@/platform/page-leave.ts';
import { planSource, resumePosition, WatchTracker } from './watch-tracker.ts';
import './actions.css';
import './video-player.css';

/** Playback speeds offered, slowest first. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/** How often the position is saved while the video plays. */
export const REPORT_EVERY_MS = 5_000;

/**
 * How far behind the live edge a viewer joins with hls.js, in target durations: two segments
 * (12 s with the 6 s segments) is close to the edge and still leaves a segment of buffer.
 */
const LIVE_SYNC_SEGMENTS = 2;

/** The speed chosen last, kept for the next video in this visit. */
let chosenRate = 1;

/** What the player saw since its previous report. */
export interface PlaybackReport {
  positionSeconds: number;
  /** Real watching time since the previous report (speed and seeks accounted for). */
  watchedSeconds: number;
  /** The media's duration as the player saw it, when known (not for a live stream). */
  durationSeconds?: number;
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
  /** Shown under the video: its title bar. */
  bar?: ReactNode;
  /** Shown over the video's top corner (e.g. the 直播中 badge). */
  overlay?: ReactNode;
}

interface Sent {
  position: number;
}

const mediaDuration = (video: HTMLVideoElement) =>
  Number.isFinite(video.duration) && video.duration > 0 ? video.duration : 0;

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
  autoPlay,
  live = false,
  onReport,
  onReportOnLeave,
  reportAtRatio,
  onPlayingChange,
  bar,
  overlay,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(live ? 1 : chosenRate);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const tracker = useRef<WatchTracker | null>(null);
  tracker.current ??= new WatchTracker();
  // What the event handlers read; refreshed on every render.
  const latest = useRef({ onReport, onReportOnLeave, onPlayingChange, autoPlay });
  latest.current = { onReport, onReportOnLeave, onPlayingChange, autoPlay };
  /** Where to resume after a (re)load: the stored position, then the last one seen. */
  const resumeAt = useRef(live ? 0 : startAt);
  /** True once the resume position is applied: nothing is reported before, so it is kept. */
  const ready = useRef(false);
  const sent = useRef<Sent | null>(null);
  const ratioAsked = useRef(false);

  const buildReport = (video: HTMLVideoElement): PlaybackReport => {
    const duration = live ? 0 : mediaDuration(video);
    return {
      positionSeconds: Math.max(0, Math.round(video.currentTime * 10) / 10),
      watchedSeconds: tracker.current?.take() ?? 0,
      ...(duration > 0 ? { durationSeconds: Math.round(duration * 1000) / 1000 } : {}),
    };
  };

  /** True when there is something the server has not heard yet. */
  const hasNews = (video: HTMLVideoElement) =>
    ready.current &&
    ((tracker.current?.waiting ?? 0) > 0 ||
      (!live && sent.current?.position !== Math.round(video.currentTime * 10) / 10));

  const save = async () => {
    const video = videoRef.current;
    const send = latest.current.onReport;
    if (!video || !send || !hasNews(video)) return;
    const report = buildReport(video);
    sent.current = { position: report.positionSeconds };
    try {
      await send(report);
    } catch {
      tracker.current?.giveBack(report.watchedSeconds);
      sent.current = null;
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  const saveOnLeave = () => {
    const video = videoRef.current;
    const send = latest.current.onReportOnLeave;
    if (!video || !send || !hasNews(video)) return;
    const report = buildReport(video);
    if (send(report)) sent.current = { position: report.positionSeconds };
    else tracker.current?.giveBack(report.watchedSeconds);
  };
  const saveOnLeaveRef = useRef(saveOnLeave);
  saveOnLeaveRef.current = saveOnLeave;

  // The source: native where the browser plays it, else hls.js (its own chunk).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads on purpose
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    ready.current = false;
    const plan = planSource(src, (type) => video.canPlayType(type));
    if (plan.kind === 'native') {
      video.src = plan.src;
      return () => {
        // Stops the download of a video the learner left.
        video.removeAttribute('src');
        video.load();
      };
    }
    let cancelled = false;
    let destroy: (() => void) | null = null;
    import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        const hls = new Hls(
          live
            ? { liveSyncDurationCount: LIVE_SYNC_SEGMENTS, maxBufferLength: 20 }
            : { maxBufferLength: 20 },
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

  // Saves: every few seconds while playing, and when the page is hidden, left or unmounted.
  useEffect(() => {
    const timer = window.setInterval(() => {
      const video = videoRef.current;
      if (video && !video.paused) void saveRef.current();
    }, REPORT_EVERY_MS);
    const stopListening = listenPageLeave(() => saveOnLeaveRef.current());
    return () => {
      window.clearInterval(timer);
      stopListening();
      saveOnLeaveRef.current();
    };
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.playbackRate = rate;
    video.defaultPlaybackRate = rate;
  }, [rate]);

  const handleLoadedMetadata = () => {
    const video = videoRef.current;
    if (!video) return;
    const position = live ? 0 : resumePosition(resumeAt.current, mediaDuration(video));
    if (position > 0) video.currentTime = position;
    tracker.current?.jump(live ? video.currentTime : position);
    video.playbackRate = rate;
    ready.current = true;
    if (latest.current.autoPlay) {
      latest.current.autoPlay = false;
      // Blocked without a recent tap (a reload): the learner presses play.
      video.play().catch(() => {});
    }
  };

  const handleTimeUpdate = () => {
    const video = videoRef.current;
    if (!video || !ready.current) return;
    tracker.current?.tick(video.currentTime, video.playbackRate, !video.paused && !video.seeking);
    resumeAt.current = video.currentTime;
    const duration = mediaDuration(video);
    if (
      reportAtRatio !== undefined &&
      !ratioAsked.current &&
      duration > 0 &&
      video.currentTime >= reportAtRatio * duration
    ) {
      ratioAsked.current = true;
      void save();
    }
  };

  const handleSeeked = () => {
    const video = videoRef.current;
    if (video) tracker.current?.jump(video.currentTime);
  };

  const handleStopped = () => {
    latest.current.onPlayingChange?.(false);
    void save();
  };

  const handleRetry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };

  const handleRate = (next: number) => {
    chosenRate = next;
    setRate(next);
  };

  return (
    <section className="video-stage" aria-label={label}>
      <div className="video-box">
        {/* biome-ignore lint/a11y/useMediaCaption: the videos carry no caption track yet; the title names the video */}
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
          onLoadedMetadata={handleLoadedMetadata}
          onTimeUpdate={handleTimeUpdate}
          onSeeked={handleSeeked}
          onPlaying={() => latest.current.onPlayingChange?.(true)}
          onPause={handleStopped}
          onEnded={handleStopped}
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
      {live ? null : (
        <fieldset className="video-speeds">
          <legend className="video-speeds-label">倍速</legend>
          {PLAYBACK_RATES.map((value) => (
            <button
              key={value}
              type="button"
              className="tool-button speed-button"
              aria-pressed={rate === value}
              onClick={() => handleRate(value)}
            >
              {value}倍
            </button>
          ))}
        </fieldset>
      )}
    </section>
  );
}
