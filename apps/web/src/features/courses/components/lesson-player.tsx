import type { LessonContent, ProgressReport, ProgressResult } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { listenPageLeave } from '@/platform/page-leave.ts';
import { RichHtml } from '@/ui/rich-html.tsx';
import { reportProgress, sendProgressOnLeave } from '../api/report-progress.ts';
import { planSource, resumePosition, WatchTracker } from './watch-tracker.ts';

/** Playback speeds offered, slowest first. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/** How often the position is saved while the video plays. */
export const REPORT_EVERY_MS = 5_000;

/**
 * The server completes a lesson at 90% (modules/study, study.rules.ts); the player reports at
 * once when it gets there, so the tick shows without waiting for the next save.
 */
const COMPLETE_RATIO = 0.9;

/** The speed chosen last, kept for the next lesson in this visit. */
let chosenRate = 1;

interface Sent {
  position: number;
}

/** What a lesson view tells the server, and how it learns of the server's answer. */
interface StageProps {
  lesson: LessonContent;
  courseId: number;
  /** The server's answer to each report (completion, the course's counts). */
  onReported: (result: ProgressResult) => void;
}

export interface LessonPlayerProps extends StageProps {
  /** The stored position to resume at, in seconds. */
  startAt: number;
  /** Start playing once loaded (the learner chose the lesson just now). */
  autoPlay: boolean;
  /** The lesson is complete (from the course progress). */
  completed: boolean;
  poster?: string;
}

const mediaDuration = (video: HTMLVideoElement) =>
  Number.isFinite(video.duration) && video.duration > 0 ? video.duration : 0;

/**
 * A video lesson: HTML5 video (hls.js only for an HLS source the browser cannot play itself,
 * loaded on demand) that resumes at the stored position, saves the position every
 * {@link REPORT_EVERY_MS} while playing, on pause and end, and when the page is hidden or left
 * (a `keepalive` fetch), reports real watching time, and offers large speed buttons.
 */
export function LessonPlayer({
  lesson,
  courseId,
  onReported,
  startAt,
  autoPlay,
  completed,
  poster,
}: LessonPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(chosenRate);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const tracker = useRef<WatchTracker | null>(null);
  tracker.current ??= new WatchTracker();
  // What the event handlers read; refreshed on every render.
  const latest = useRef({ onReported, autoPlay });
  latest.current = { onReported, autoPlay };
  /** Where to resume after a (re)load: the stored position, then the last one seen. */
  const resumeAt = useRef(startAt);
  /** True once the resume position is applied: nothing is reported before, so it is kept. */
  const ready = useRef(false);
  const sent = useRef<Sent | null>(null);
  const completeAsked = useRef(false);

  const buildReport = (video: HTMLVideoElement): ProgressReport => {
    const duration = mediaDuration(video);
    return {
      lessonId: lesson.id,
      courseId,
      positionSeconds: Math.max(0, Math.round(video.currentTime * 10) / 10),
      watchedSeconds: tracker.current?.take() ?? 0,
      ...(duration > 0 ? { durationSeconds: Math.round(duration * 1000) / 1000 } : {}),
    };
  };

  /** True when there is something the server has not heard yet. */
  const hasNews = (video: HTMLVideoElement) =>
    ready.current &&
    ((tracker.current?.waiting ?? 0) > 0 ||
      sent.current?.position !== Math.round(video.currentTime * 10) / 10);

  const save = async () => {
    const video = videoRef.current;
    if (!video || !hasNews(video)) return;
    const report = buildReport(video);
    sent.current = { position: report.positionSeconds };
    try {
      latest.current.onReported(await reportProgress(report));
    } catch {
      tracker.current?.giveBack(report.watchedSeconds);
      sent.current = null;
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  const saveOnLeave = () => {
    const video = videoRef.current;
    if (!video || !hasNews(video)) return;
    const report = buildReport(video);
    if (sendProgressOnLeave(report)) sent.current = { position: report.positionSeconds };
    else tracker.current?.giveBack(report.watchedSeconds);
  };
  const saveOnLeaveRef = useRef(saveOnLeave);
  saveOnLeaveRef.current = saveOnLeave;

  // The source: native where the browser plays it, else hls.js (its own chunk).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads on purpose
  useEffect(() => {
    const video = videoRef.current;
    const url = lesson.videoUrl;
    if (!video || !url) return;
    ready.current = false;
    const plan = planSource(url, (type) => video.canPlayType(type));
    if (plan.kind === 'native') {
      video.src = plan.src;
      return () => {
        // Stops the download of a lesson the learner left.
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
        const hls = new Hls({ maxBufferLength: 20 });
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
  }, [lesson.videoUrl, attempt]);

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
    const position = resumePosition(resumeAt.current, mediaDuration(video));
    if (position > 0) video.currentTime = position;
    tracker.current?.jump(position);
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
    if (!completeAsked.current && duration > 0 && video.currentTime >= COMPLETE_RATIO * duration) {
      completeAsked.current = true;
      void save();
    }
  };

  const handleSeeked = () => {
    const video = videoRef.current;
    if (video) tracker.current?.jump(video.currentTime);
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
    <section className="lesson-stage" aria-label="课时播放">
      <div className="lesson-video-box">
        {/* biome-ignore lint/a11y/useMediaCaption: lessons carry no caption track yet; the title names the video */}
        <video
          ref={videoRef}
          className="lesson-video"
          controls
          playsInline
          // WeChat's and older in-app browsers on Android and iOS play inline only with these.
          x5-playsinline="true"
          webkit-playsinline="true"
          preload="metadata"
          poster={poster}
          aria-label={lesson.title}
          onLoadedMetadata={handleLoadedMetadata}
          onTimeUpdate={handleTimeUpdate}
          onSeeked={handleSeeked}
          onPause={() => void save()}
          onEnded={() => void save()}
          onError={() => setFailed(true)}
        />
        {failed ? (
          <div className="lesson-video-failed" role="alert">
            <p>视频没有加载出来，请检查网络后重试。</p>
            <button type="button" className="link-button primary" onClick={handleRetry}>
              重试
            </button>
          </div>
        ) : null}
      </div>
      <div className="lesson-stage-bar">
        <h2 className="lesson-stage-title">{lesson.title}</h2>
        {completed ? <span className="lesson-done-badge">已学完</span> : null}
      </div>
      <fieldset className="lesson-speeds">
        <legend className="lesson-speeds-label">倍速</legend>
        {PLAYBACK_RATES.map((value) => (
          <button
            key={value}
            type="button"
            className="speed-button"
            aria-pressed={rate === value}
            onClick={() => handleRate(value)}
          >
            {value}倍
          </button>
        ))}
      </fieldset>
    </section>
  );
}

/** Most reading time one opening of an article counts (a tab left open is not studying). */
const READING_MAX_MS = 10 * 60_000;
/** How often reading time is saved while the article is shown. */
const READING_REPORT_EVERY_MS = 30_000;

/**
 * An article lesson: its sanitized HTML. Opening it completes it (reported at once); the time it
 * is visible counts as learning time (at most {@link READING_MAX_MS} per opening), saved every
 * {@link READING_REPORT_EVERY_MS} and when the page is hidden or left.
 */
export function LessonArticle({ lesson, courseId, onReported }: StageProps) {
  const latest = useRef(onReported);
  latest.current = onReported;

  useEffect(() => {
    let counted = 0;
    let visibleSince: number | null =
      document.visibilityState === 'visible' ? performance.now() : null;
    const take = () => {
      const now = performance.now();
      const elapsed = visibleSince === null ? 0 : now - visibleSince;
      if (visibleSince !== null) visibleSince = now;
      const ms = Math.max(0, Math.min(elapsed, READING_MAX_MS - counted));
      counted += ms;
      return Math.round(ms) / 1000;
    };
    const report = (watchedSeconds: number): ProgressReport => ({
      lessonId: lesson.id,
      courseId,
      positionSeconds: 0,
      watchedSeconds,
    });
    const save = (watchedSeconds: number) =>
      reportProgress(report(watchedSeconds))
        .then((result) => latest.current(result))
        .catch(() => {});
    void save(0);
    const timer = window.setInterval(() => {
      const seconds = take();
      if (seconds > 0) void save(seconds);
    }, READING_REPORT_EVERY_MS);
    const leave = () => {
      const seconds = take();
      if (seconds > 0) sendProgressOnLeave(report(seconds));
    };
    const stopListening = listenPageLeave(leave, (visible) => {
      visibleSince = visible ? performance.now() : null;
    });
    return () => {
      window.clearInterval(timer);
      stopListening();
      leave();
    };
  }, [lesson.id, courseId]);

  return (
    <article className="lesson-article" aria-labelledby="lesson-article-title">
      <h2 id="lesson-article-title" className="lesson-stage-title">
        {lesson.title}
      </h2>
      <RichHtml html={lesson.articleHtml ?? ''} />
    </article>
  );
}
