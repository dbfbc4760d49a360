import type { LessonContent, ProgressReport, ProgressResult } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { listenPageLeave } from '@/platform/page-leave.ts';
import { AudioPlayer } from '@/ui/audio-player.tsx';
import { Badge } from '@/ui/badge.tsx';
import { usePdfViewer } from '@/ui/pdf-viewer-slot.ts';
import { RichHtml } from '@/ui/rich-html.tsx';
import { type PlaybackReport, VideoPlayer } from '@/ui/video-player.tsx';
import { reportProgress, sendProgressOnLeave } from '../api/report-progress.ts';

export { PLAYBACK_RATES, REPORT_EVERY_MS } from '@/ui/video-player.tsx';

/**
 * The server completes a video or an audio lesson at 90% (modules/study, study.rules.ts); the
 * player reports at once when it gets there, so the tick shows without waiting for the next save.
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

/** The report callbacks of a played lesson (video or audio): sent now, or as the page is left. */
function usePlayedLessonReports({ lesson, courseId, onReported }: StageProps) {
  const reportOf = (report: PlaybackReport): ProgressReport => ({
    lessonId: lesson.id,
    courseId,
    ...report,
  });
  return {
    onReport: async (report: PlaybackReport) => {
      onReported(await reportProgress(reportOf(report)));
    },
    onReportOnLeave: (report: PlaybackReport) => sendProgressOnLeave(reportOf(report)),
  };
}

/** The title bar under a played lesson: its title and, once complete, 已学完. */
function StageBar({ title, completed }: { title: string; completed: boolean }) {
  return (
    <div className="lesson-stage-bar">
      <h2 className="lesson-stage-title">{title}</h2>
      {completed ? (
        <Badge tone="green" solid quiet className="lesson-done-badge">
          已学完
        </Badge>
      ) : null}
    </div>
  );
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
  const reports = usePlayedLessonReports({ lesson, courseId, onReported });
  return (
    <VideoPlayer
      src={lesson.videoUrl ?? ''}
      label="课时播放"
      title={lesson.title}
      poster={poster}
      startAt={startAt}
      autoPlay={autoPlay}
      {...reports}
      reportAtRatio={COMPLETE_RATIO}
      bar={<StageBar title={lesson.title} completed={completed} />}
    />
  );
}

/**
 * An audio lesson in the large audio player, the course's cover as its picture: the same
 * resume position and progress reports as a video lesson (listening counts as watching).
 */
export function LessonAudio({
  lesson,
  courseId,
  onReported,
  startAt,
  autoPlay,
  completed,
  poster,
}: LessonPlayerProps) {
  const reports = usePlayedLessonReports({ lesson, courseId, onReported });
  return (
    <AudioPlayer
      src={lesson.audioUrl ?? ''}
      label="课时播放"
      title={lesson.title}
      picture={poster}
      startAt={startAt}
      autoPlay={autoPlay}
      {...reports}
      reportAtRatio={COMPLETE_RATIO}
      bar={<StageBar title={lesson.title} completed={completed} />}
    />
  );
}

/** Most reading time one opening of an article counts (a tab left open is not studying). */
const READING_MAX_MS = 10 * 60_000;
/** How often reading time is saved while the article is shown. */
const READING_REPORT_EVERY_MS = 30_000;

/**
 * Reports a read lesson (an article, a PDF) opened, at once: opening it completes it. The time
 * it is visible counts as learning time (at most {@link READING_MAX_MS} per opening), saved every
 * {@link READING_REPORT_EVERY_MS} and when the page is hidden or left.
 */
function useReadingReports({ lesson, courseId, onReported }: StageProps) {
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
}

/** An article lesson: its sanitized HTML; opening it completes it ({@link useReadingReports}). */
export function LessonArticle(props: StageProps) {
  useReadingReports(props);
  const { lesson } = props;
  return (
    <article className="lesson-article" aria-labelledby="lesson-article-title">
      <h2 id="lesson-article-title" className="lesson-stage-title">
        {lesson.title}
      </h2>
      <RichHtml html={lesson.articleHtml ?? ''} />
    </article>
  );
}

/**
 * A PDF lesson: its pages one under another in the portal's PDF reader (the e-books' reader,
 * provided by the app and loaded lazily), for the phone; opening it completes it and the time
 * it is shown counts ({@link useReadingReports}).
 */
export function LessonPdf(props: StageProps & { completed: boolean }) {
  useReadingReports(props);
  const { lesson, completed } = props;
  const PdfViewer = usePdfViewer();
  return (
    <section className="lesson-pdf" aria-labelledby="lesson-pdf-title">
      <div className="lesson-stage-bar">
        <h2 id="lesson-pdf-title" className="lesson-stage-title">
          {lesson.title}
        </h2>
        <span className="lesson-pdf-pages">共 {lesson.pageCount} 页</span>
        {completed ? (
          <Badge tone="green" solid quiet className="lesson-done-badge">
            已学完
          </Badge>
        ) : null}
      </div>
      {PdfViewer && lesson.pdfUrl ? (
        <PdfViewer key={lesson.pdfUrl} url={lesson.pdfUrl} />
      ) : (
        <p className="lesson-pdf-missing">这份文档暂时无法显示。</p>
      )}
    </section>
  );
}
