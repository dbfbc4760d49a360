import { type RefObject, useEffect, useRef } from 'react';
import { listenPageLeave } from '@/platform/page-leave.ts';
import { resumePosition, WatchTracker } from './watch-tracker.ts';

/** How often the position is saved while the media plays. */
export const REPORT_EVERY_MS = 5_000;

/** A media clock this close to the resume position is at it (no seek). */
const POSITION_TOLERANCE_SECONDS = 0.5;

/** What the player saw since its previous report. */
export interface PlaybackReport {
  positionSeconds: number;
  /** Real watching (listening) time since the previous report (speed and seeks accounted for). */
  watchedSeconds: number;
  /** The media's duration as the player saw it, when known (not for a live stream). */
  durationSeconds?: number;
}

export interface PlaybackReportOptions {
  /** A live stream: joins at the live edge, no resume point and no duration. */
  live?: boolean;
  /** The stored position to resume at, in seconds (not for a live stream). */
  startAt: number;
  /** Start playing once loaded (the learner chose it just now). */
  autoPlay: boolean;
  /**
   * The media's duration as the catalogue gives it, in seconds: tells before anything loads
   * whether the stored position is a resume or, near the end, a restart.
   */
  durationHint?: number | undefined;
  /** Sends a report; a rejection gives its watching time back to the next report. */
  onReport?: ((report: PlaybackReport) => Promise<void>) | undefined;
  /** Sends a report as the page is hidden or left (`keepalive`); false when it was not sent. */
  onReportOnLeave?: ((report: PlaybackReport) => boolean) | undefined;
  /** Reports at once when the position reaches this share of the duration (completion). */
  reportAtRatio?: number | undefined;
  /** Told when playback starts or stops (e.g. to send heartbeats while playing). */
  onPlayingChange?: ((playing: boolean) => void) | undefined;
  /** Once the media is positioned after (re)loading: the player sets its speed. */
  onPositioned?: (media: HTMLMediaElement) => void;
  /**
   * Where playback is, once positioned: after the resume, each `timeupdate` and each seek (e.g.
   * to hand the position over to another player of the same lesson).
   */
  onPosition?: ((seconds: number) => void) | undefined;
}

/** The media's duration in seconds, 0 while unknown (or endless, live). */
export const mediaDuration = (media: HTMLMediaElement) =>
  Number.isFinite(media.duration) && media.duration > 0 ? media.duration : 0;

/**
 * The progress reports of a lesson's media element, video or audio alike: resumes at the stored
 * position once the metadata is there (nothing is reported before, so it is kept), counts real
 * playing time ({@link WatchTracker}), and reports the position and that time every
 * {@link REPORT_EVERY_MS} while playing, on pause and end, on reaching `reportAtRatio` of the
 * duration, and when the page is hidden, left or the player unmounted. Answers the handlers to
 * put on the element and `reloading`, to call when its source is (re)set.
 */
export function usePlaybackReports(
  mediaRef: RefObject<HTMLMediaElement | null>,
  options: PlaybackReportOptions,
) {
  const { live = false, reportAtRatio } = options;
  const tracker = useRef<WatchTracker | null>(null);
  tracker.current ??= new WatchTracker();
  // What the event handlers read; refreshed on every render.
  const latest = useRef({ ...options });
  latest.current = { ...options };
  /** Where to resume after a (re)load: the stored position, then the last one seen. */
  const resumeAt = useRef(live ? 0 : options.startAt);
  /** True once the resume position is applied: nothing is reported before, so it is kept. */
  const ready = useRef(false);
  const sent = useRef<{ position: number } | null>(null);
  const ratioAsked = useRef(false);

  const buildReport = (media: HTMLMediaElement): PlaybackReport => {
    const duration = live ? 0 : mediaDuration(media);
    return {
      positionSeconds: Math.max(0, Math.round(media.currentTime * 10) / 10),
      watchedSeconds: tracker.current?.take() ?? 0,
      ...(duration > 0 ? { durationSeconds: Math.round(duration * 1000) / 1000 } : {}),
    };
  };

  /** True when there is something the server has not heard yet. */
  const hasNews = (media: HTMLMediaElement) =>
    ready.current &&
    ((tracker.current?.waiting ?? 0) > 0 ||
      (!live && sent.current?.position !== Math.round(media.currentTime * 10) / 10));

  const save = async () => {
    const media = mediaRef.current;
    const send = latest.current.onReport;
    if (!media || !send || !hasNews(media)) return;
    const report = buildReport(media);
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

  /** `media`: the element at unmount, when React has already cleared the ref. */
  const saveOnLeave = (media = mediaRef.current) => {
    const send = latest.current.onReportOnLeave;
    if (!media || !send || !hasNews(media)) return;
    const report = buildReport(media);
    if (send(report)) sent.current = { position: report.positionSeconds };
    else tracker.current?.giveBack(report.watchedSeconds);
  };
  const saveOnLeaveRef = useRef(saveOnLeave);
  saveOnLeaveRef.current = saveOnLeave;

  // Saves: every few seconds while playing, and when the page is hidden, left or unmounted.
  useEffect(() => {
    // React clears the ref before this effect's cleanup runs: the last save needs the element.
    const element = mediaRef.current;
    const timer = window.setInterval(() => {
      const media = mediaRef.current;
      if (media && !media.paused) void saveRef.current();
    }, REPORT_EVERY_MS);
    const stopListening = listenPageLeave(() => saveOnLeaveRef.current());
    return () => {
      window.clearInterval(timer);
      stopListening();
      saveOnLeaveRef.current(mediaRef.current ?? element);
    };
  }, [mediaRef]);

  const handleLoadedMetadata = () => {
    const media = mediaRef.current;
    if (!media) return;
    const position = live ? 0 : resumePosition(resumeAt.current, mediaDuration(media));
    // Already there when the source was loaded from its start position (see \`reloading\`).
    if (!live && Math.abs(media.currentTime - position) > POSITION_TOLERANCE_SECONDS) {
      media.currentTime = position;
    }
    tracker.current?.jump(live ? media.currentTime : position);
    latest.current.onPositioned?.(media);
    ready.current = true;
    latest.current.onPosition?.(media.currentTime);
    if (latest.current.autoPlay) {
      latest.current.autoPlay = false;
      // Blocked without a recent tap (a reload): the learner presses play.
      media.play().catch(() => {});
    }
  };

  const handleTimeUpdate = () => {
    const media = mediaRef.current;
    if (!media || !ready.current) return;
    tracker.current?.tick(media.currentTime, media.playbackRate, !media.paused && !media.seeking);
    resumeAt.current = media.currentTime;
    latest.current.onPosition?.(media.currentTime);
    const duration = mediaDuration(media);
    if (
      reportAtRatio !== undefined &&
      !ratioAsked.current &&
      duration > 0 &&
      media.currentTime >= reportAtRatio * duration
    ) {
      ratioAsked.current = true;
      void save();
    }
  };

  const handleSeeked = () => {
    const media = mediaRef.current;
    if (!media) return;
    tracker.current?.jump(media.currentTime);
    if (ready.current) latest.current.onPosition?.(media.currentTime);
  };

  const handleStopped = () => {
    latest.current.onPlayingChange?.(false);
    void save();
  };

  return {
    /** The element's handlers. */
    handlers: {
      onLoadedMetadata: handleLoadedMetadata,
      onTimeUpdate: handleTimeUpdate,
      onSeeked: handleSeeked,
      onPlaying: () => latest.current.onPlayingChange?.(true),
      onPause: handleStopped,
      onEnded: handleStopped,
    },
    /**
     * The source is being (re)set: nothing is reported until it is positioned again. Answers
     * where the new source should start loading (0: its start), so a resumed lesson fetches the
     * segment it resumes in first rather than the first ones.
     */
    reloading: (): number => {
      ready.current = false;
      return live ? 0 : resumePosition(resumeAt.current, latest.current.durationHint ?? 0);
    },
  };
}
