import type { LessonContent, ProgressReport, ProgressResult } from '@portal/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { listenPageLeave } from '@/platform/page-leave.ts';
import { local, StorageKey } from '@/platform/storage.ts';
import { AudioPlayer } from '@/ui/audio-player.tsx';
import { Badge } from '@/ui/badge.tsx';
import { LineIcon } from '@/ui/line-icon.tsx';
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
  /** The course's cover: the picture when the lesson has no poster of its own. */
  poster?: string;
  /** The course's title, under the lesson's on the lock screen. */
  courseTitle?: string;
}

/** The report callbacks of a played lesson (video or audio): sent now, or as the page is left. */
/** The lesson's duration from the catalogue, when it has one (0 is unknown). */
const durationHintOf = (lesson: LessonContent) =>
  lesson.durationSeconds > 0 ? lesson.durationSeconds : undefined;

function usePlayedLessonReports({ lesson, courseId, onReported }: StageProps) {
  const reportOf = (report: PlaybackReport): ProgressReport => ({
    lessonId: lesson.id,
    courseId,
    ...report,
  });
  return {
    onReport: async (report: PlaybackReport) => {
      // Null: kept in the outbox (offline), the state shown stays as it is.
      const result = await reportProgress(reportOf(report));
      if (result) onReported(result);
    },
    onReportOnLeave: (report: PlaybackReport) => sendProgressOnLeave(reportOf(report)),
  };
}

/** The title bar under a played lesson: its title, once complete 已学完, and `action`. */
function StageBar({
  title,
  completed,
  action,
}: {
  title: string;
  completed: boolean;
  action?: ReactNode;
}) {
  return (
    <div className={action ? 'lesson-stage-bar with-action' : 'lesson-stage-bar'}>
      <h2 className="lesson-stage-title">{title}</h2>
      {completed ? (
        <Badge tone="green" solid quiet className="lesson-done-badge">
          已学完
        </Badge>
      ) : null}
      {action}
    </div>
  );
}

/** 只听声音 chosen last on this device (storage may be unavailable: then not). */
const prefersListening = () => local.get(StorageKey.lessonListenOnly) === '1';

/** Keeps the choice for the next video lesson on this device. */
function rememberListening(listening: boolean) {
  if (listening) local.set(StorageKey.lessonListenOnly, '1');
  else local.remove(StorageKey.lessonListenOnly);
}

/** Starts a media element the learner asked for just now (inside the tap, as iOS requires). */
function playNow(media: HTMLMediaElement | null | undefined) {
  try {
    const played: Promise<void> | undefined = media?.play();
    played?.catch(() => {});
  } catch {
    // Older browsers: the player's own start once loaded, or its play button.
  }
}

/** Headphones, for 只听声音. */
const HEADPHONES =
  'M4 16v-4a8 8 0 0 1 16 0v4M4 16a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2zM20 16a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2z';
/** A screen with the play sign, for 看视频. */
const SCREEN = 'M3 5h18v13H3zM10 8.5v6l5-3z';

/** The large button that swaps a video lesson between the video and its sound only. */
function ListenToggle({ listening, onToggle }: { listening: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="pill-button quiet lesson-listen-toggle"
      data-listen-toggle=""
      onClick={onToggle}
    >
      <LineIcon d={listening ? SCREEN : HEADPHONES} size={22} />
      {listening ? '看视频' : '只听声音'}
    </button>
  );
}

/**
 * A video lesson in the shared player: resumes at the stored position and reports the position
 * and real watching time to `POST /api/study/progress` (at once on reaching 90%), and when the
 * page is hidden or left (a `keepalive` fetch).
 *
 * With a sound-only rendition (`listenUrl`), 只听声音 swaps the video for the large audio player
 * (the lesson's poster as its picture) and 看视频 swaps back; each resumes where the other had
 * got to and plays at once. The player that goes away sends what it has not reported yet as it
 * unmounts, and the other counts from its own start, so no second is lost or counted twice; both
 * report the same lesson. The choice is kept on the device for the next video lesson.
 */
export function LessonPlayer({
  lesson,
  courseId,
  onReported,
  startAt,
  autoPlay,
  completed,
  poster,
  courseTitle,
}: LessonPlayerProps) {
  const reports = usePlayedLessonReports({ lesson, courseId, onReported });
  const stage = useRef<HTMLDivElement>(null);
  const listenUrl = lesson.listenUrl;
  const [listening, setListening] = useState(() => Boolean(listenUrl) && prefersListening());
  /** Where the player on show has got to: the next one resumes there. */
  const position = useRef(startAt);
  const [start, setStart] = useState({ at: startAt, autoPlay });
  const picture = lesson.posterUrl ?? poster;

  const handleToggle = () => {
    const next = !listening;
    rememberListening(next);
    // Mounted now, so the new player starts inside the learner's tap.
    flushSync(() => {
      setStart({ at: position.current, autoPlay: true });
      setListening(next);
    });
    const root = stage.current;
    playNow(root?.querySelector<HTMLMediaElement>(next ? 'audio' : 'video'));
    root?.querySelector<HTMLButtonElement>('[data-listen-toggle]')?.focus();
  };
  const handlePosition = (seconds: number) => {
    position.current = seconds;
  };
  const bar = (
    <StageBar
      title={lesson.title}
      completed={completed}
      action={listenUrl ? <ListenToggle listening={listening} onToggle={handleToggle} /> : null}
    />
  );

  // What either player takes: the same lesson, reports and hand-over of the position.
  const shared = {
    label: '课时播放',
    title: lesson.title,
    startAt: start.at,
    durationHint: durationHintOf(lesson),
    autoPlay: start.autoPlay,
    ...reports,
    reportAtRatio: COMPLETE_RATIO,
    onPosition: handlePosition,
    bar,
  };
  return (
    <div ref={stage} className="lesson-player">
      {listening && listenUrl ? (
        <AudioPlayer src={listenUrl} picture={picture} artist={courseTitle} {...shared} />
      ) : (
        <VideoPlayer src={lesson.videoUrl ?? ''} poster={picture} {...shared} />
      )}
    </div>
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
  courseTitle,
}: LessonPlayerProps) {
  const reports = usePlayedLessonReports({ lesson, courseId, onReported });
  return (
    <AudioPlayer
      src={lesson.audioUrl ?? ''}
      label="课时播放"
      title={lesson.title}
      picture={lesson.posterUrl ?? poster}
      artist={courseTitle}
      startAt={startAt}
      durationHint={durationHintOf(lesson)}
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
        .then((result) => result && latest.current(result))
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
