import type { CourseDetail, CourseProgress, ProgressResult } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, use, useEffect, useState } from 'react';
import { loginCheck } from '@/platform/login-check.ts';
import { applyProgressResult } from '@/platform/queries/course-progress.ts';
import { isMissing } from '@/platform/queries/detail.ts';
import { warmHlsFor } from '@/ui/hls-source.ts';
import { ProgressTrack } from '@/ui/progress-bar.tsx';
import { PlayerBoundary, playerChunk, VideoStageBox } from '@/ui/video-stage.tsx';
import { lessonQueryOptions, useLesson } from '../api/get-lesson.ts';

/** The player's chunk: loaded only when a lesson is opened. */
const loadPlayer = playerChunk(() => import('./lesson-player.tsx'));

/** The lesson ids of a course in catalogue order. */
export function lessonIdsOf(course: CourseDetail): number[] {
  return course.chapters.flatMap((chapter) => chapter.lessons.map((lesson) => lesson.id));
}

/**
 * The lesson 开始学习 / 继续学习 opens: the first lesson before any study; the lesson studied
 * last while it is unfinished; else the next unfinished lesson after it (then any unfinished
 * one); the last lesson again when the whole course is complete.
 */
export function lessonToContinue(
  course: CourseDetail,
  progress: CourseProgress | undefined,
): number | null {
  const ids = lessonIdsOf(course);
  const last = progress?.lastLessonId ?? null;
  if (last === null || !ids.includes(last)) return ids[0] ?? null;
  const done = new Set(
    progress?.lessons.filter((lesson) => lesson.completed).map((l) => l.lessonId),
  );
  if (!done.has(last)) return last;
  const after = ids.slice(ids.indexOf(last) + 1).find((id) => !done.has(id));
  return after ?? ids.find((id) => !done.has(id)) ?? last;
}

/** The course progress query, as far as the stage needs it. */
export interface ProgressState {
  data: CourseProgress | undefined;
  isError: boolean;
  refetch: () => unknown;
}

interface StageProps {
  course: CourseDetail;
  lessonId: number;
  progress: CourseProgress;
  autoPlay: boolean;
}

function LoadedStage({ course, lessonId, progress, autoPlay }: StageProps) {
  const { LessonPlayer, LessonAudio, LessonArticle, LessonPdf } = use(loadPlayer());
  const client = useQueryClient();
  const lesson = useLesson(lessonId);
  const handleReported = (result: ProgressResult) => applyProgressResult(client, result);
  if (lesson.isPending) return <VideoStageBox busy />;
  if (lesson.isError) {
    const missing = isMissing(lessonId, lesson.error);
    return (
      <VideoStageBox>
        <p>{missing ? '这个课时不存在或已下线。' : '课时没有加载出来，请检查网络后重试。'}</p>
        {missing ? null : (
          <button
            type="button"
            className="link-button primary"
            onClick={() => void lesson.refetch()}
          >
            重试
          </button>
        )}
      </VideoStageBox>
    );
  }
  const content = lesson.data;
  const stored = progress.lessons.find((item) => item.lessonId === content.id);
  if (content.kind === 'article') {
    return (
      <LessonArticle
        key={content.id}
        lesson={content}
        courseId={course.id}
        onReported={handleReported}
      />
    );
  }
  if (content.kind === 'pdf') {
    return (
      <LessonPdf
        key={content.id}
        lesson={content}
        courseId={course.id}
        onReported={handleReported}
        completed={stored?.completed ?? false}
      />
    );
  }
  const Player = content.kind === 'audio' ? LessonAudio : LessonPlayer;
  return (
    <Player
      key={content.id}
      lesson={content}
      courseId={course.id}
      onReported={handleReported}
      startAt={stored?.positionSeconds ?? 0}
      autoPlay={autoPlay}
      completed={stored?.completed ?? false}
      poster={course.cover}
      courseTitle={course.title}
    />
  );
}

/**
 * The top of `/scourseDetail` when a lesson is chosen: the video or audio player (or the article,
 * or the PDF's pages) for a learner
 * once their progress is known, or the cover with a way to log in for a visitor.
 */
export function LessonStage({
  course,
  lessonId,
  loggedIn,
  progress,
  autoPlay,
}: Omit<StageProps, 'progress'> & { loggedIn: boolean; progress: ProgressState }) {
  const [attempt, setAttempt] = useState(0);
  const client = useQueryClient();
  // The lesson is asked for while the player's chunk downloads, not after it, and hls.js (where
  // the browser needs it for the lesson's video) as soon as the lesson answers: a tap's wait is
  // the longest of the three, not their sum.
  useEffect(() => {
    if (!loggedIn) return;
    client.fetchQuery(lessonQueryOptions(lessonId)).then(
      (lesson) => {
        if (lesson.videoUrl) warmHlsFor(lesson.videoUrl);
      },
      () => {},
    );
  }, [client, loggedIn, lessonId]);
  if (!loggedIn) {
    return (
      <VideoStageBox>
        <p>登录后即可观看本课时，并记录学习进度。</p>
        <button type="button" className="link-button primary" onClick={() => void loginCheck()}>
          登录后学习
        </button>
      </VideoStageBox>
    );
  }
  if (progress.isError) {
    return (
      <VideoStageBox>
        <p>学习进度没有加载出来，请检查网络后重试。</p>
        <button type="button" className="link-button primary" onClick={() => progress.refetch()}>
          重试
        </button>
      </VideoStageBox>
    );
  }
  if (!progress.data) return <VideoStageBox busy />;
  return (
    <PlayerBoundary key={attempt} onRetry={() => setAttempt((count) => count + 1)}>
      <Suspense fallback={<VideoStageBox busy />}>
        <LoadedStage
          course={course}
          lessonId={lessonId}
          progress={progress.data}
          autoPlay={autoPlay}
        />
      </Suspense>
    </PlayerBoundary>
  );
}

/**
 * The learner's place in the course under its facts: 已学 x/y 课时 with a bar, and the primary
 * button 开始学习 (before any study) or 继续学习, which runs the login check for a visitor and
 * then opens {@link lessonToContinue} and plays it.
 */
export function StudyBar({
  course,
  loggedIn,
  progress,
  lessonChosen,
  onChoose,
}: {
  course: CourseDetail;
  loggedIn: boolean;
  progress: CourseProgress | undefined;
  /** A lesson is open above: the button is not needed. */
  lessonChosen: boolean;
  /** Opens a lesson (and plays it): the page puts it in the address. */
  onChoose: (lessonId: number) => void;
}) {
  const total = progress?.totalLessons ?? lessonIdsOf(course).length;
  const done = progress?.completedLessons ?? 0;
  const handleStart = async () => {
    if (!(await loginCheck())) return;
    const target = lessonToContinue(course, progress);
    if (target !== null) onChoose(target);
  };
  if (total === 0) return null;
  return (
    <div className="study-bar">
      {loggedIn && progress ? (
        <div className="study-progress">
          <span>
            {progress.completed ? '已学完 ' : '已学 '}
            <strong>
              {done}/{total}
            </strong>{' '}
            课时
          </span>
          <ProgressTrack
            classPrefix="progress"
            label="课程学习进度"
            percent={total > 0 ? Math.round((done / total) * 100) : 0}
            valueText={`已学 ${done}/${total} 课时`}
          />
        </div>
      ) : null}
      {lessonChosen ? null : (
        <button
          type="button"
          className="link-button primary block study-start"
          disabled={loggedIn && !progress}
          onClick={() => void handleStart()}
        >
          {progress?.lastLessonId ? '继续学习' : '开始学习'}
        </button>
      )}
    </div>
  );
}
