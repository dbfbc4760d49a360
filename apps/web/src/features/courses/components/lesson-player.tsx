import type { LessonContent, ProgressReport, ProgressResult } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { listenPageLeave } from '@/platform/page-leave.ts';
import { Badge } from '@/ui/badge.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { type PlaybackReport, VideoPlayer } from '@/ui/video-player.tsx';
import { reportProgress, sendProgressOnLeave } from '../api/report-progress.ts';

export { PLAYBACK_RATES, REPORT_EVERY_MS } from '@/ui/video-player.tsx';

/**
 * The server completes a lesson at 90% (modules/study, study.rules.ts); the player reports at
 * once when it gets there, so the tick shows without waiting for the next save.
 */
const COMPLETE_RATIO = 0.9;

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

/**
 * A video lesson in the shared player: resumes at the stored position and reports the position
 * and real watching time to `POST /api/study/progress` (at once on reaching 90%), and when the
 * page is hidden or left (a `keepalive` fetch).
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
  const reportOf = (report: PlaybackReport): ProgressReport => ({
    lessonId: lesson.id,
    courseId,
    ...report,
  });
  const handleReport = async (report: PlaybackReport) => {
    onReported(await reportProgress(reportOf(report)));
  };
  return (
    <VideoPlayer
      src={lesson.videoUrl ?? ''}
      label="课时播放"
      title={lesson.title}
      poster={poster}
      startAt={startAt}
      autoPlay={autoPlay}
      onReport={handleReport}
      onReportOnLeave={(report) => sendProgressOnLeave(reportOf(report))}
      reportAtRatio={COMPLETE_RATIO}
      bar={
        <div className="lesson-stage-bar">
          <h2 className="lesson-stage-title">{lesson.title}</h2>
          {completed ? (
            <Badge tone="green" solid quiet className="lesson-done-badge">
              已学完
            </Badge>
          ) : null}
        </div>
      }
    />
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
