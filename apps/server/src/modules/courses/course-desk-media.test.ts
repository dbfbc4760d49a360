import {
  type AdminAudioUpload,
  type AdminCourse,
  type AdminCourseChoices,
  type AdminCourseFormInput,
  type AdminPdfUpload,
  type CourseDetail,
  ErrorCode,
  type LessonContent,
  type ProgressResult,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import { silentMp3 } from '../../seed/lesson-media.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import {
  adminCall,
  adminUpload,
  createOperator,
  reviewStep,
} from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';

/** A small real PDF of `pages` pages. */
async function pdfOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) doc.addPage([420, 595]);
  return Buffer.from(await doc.save());
}

describeEachEngine('the console’s audio and PDF lessons, to the learner', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let learner: TestLearner;
  let choices: AdminCourseChoices;
  let audio: AdminAudioUpload;
  let pdf: AdminPdfUpload;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const upload = <T>(url: string, name: string, content: Buffer, fields = {}) =>
    adminUpload<T>(app, editor.token, SITE, url, { name, content }, fields);
  const asLearner = async <T>(url: string, payload?: unknown) =>
    body<T>(
      await app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { 'x-site': SITE, authorization: `Bearer ${learner.token}` },
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      }),
    );
  type LessonInput = AdminCourseFormInput['chapters'][number]['lessons'][number];
  const form = (title: string, lessons: LessonInput[]): AdminCourseFormInput => ({
    categoryId: choices.categories[0]?.id ?? 0,
    teacherId: choices.teachers[0]?.id ?? 0,
    title,
    cover: '/files/covers/jingan-category-1-a.svg',
    chapters: [{ title: '第一章 听与读', lessons }],
  });
  const step = (who: TestLearner, action: string, course: AdminCourse) =>
    reviewStep(app, who.token, SITE, 'courses', action, course);
  const create = (title: string, lessons: LessonInput[]) =>
    as<AdminCourse>(editor, 'POST', '/api/admin/courses/create', form(title, lessons));

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    [learner] = (await createLearners(app.database.db, 1)) as [TestLearner];
    choices = (await as<AdminCourseChoices>(editor, 'GET', '/api/admin/courses/choices')).data;
    const mp3 = await upload<AdminAudioUpload>(
      '/api/admin/uploads/audio',
      '导读.mp3',
      Buffer.from(silentMp3(20)),
    );
    expect(mp3.code, mp3.message).toBe(0);
    audio = mp3.data;
    const handout = await upload<AdminPdfUpload>(
      '/api/admin/uploads/pdf',
      '讲义.pdf',
      await pdfOf(3),
      { use: 'lesson' },
    );
    expect(handout.code, handout.message).toBe(0);
    pdf = handout.data;
  });

  it('uploads a lesson’s PDF without making a cover, its pages read from the file', () => {
    expect(pdf).toMatchObject({ pageCount: 3, cover: null });
    expect(pdf.url).toMatch(/^\/files\/admin\/jingan\/[A-Za-z0-9_-]{22}\.pdf$/);
  });

  it('publishes a course with an audio and a PDF lesson that a learner hears, reads and completes', async () => {
    const created = await create('听读课程', [
      { title: '听一听', kind: 'audio', audioUrl: audio.url, durationSeconds: 20 },
      // The page count the form claims is not taken: the server reads the file.
      { title: '读一读', kind: 'pdf', pdfUrl: pdf.url, pageCount: 99, durationSeconds: 600 },
    ]);
    expect(created.code, created.message).toBe(0);
    const [heard, read] = created.data.chapters[0]?.lessons ?? [];
    expect(heard).toMatchObject({ kind: 'audio', audioUrl: audio.url, durationSeconds: 20 });
    expect(read).toMatchObject({ kind: 'pdf', pdfUrl: pdf.url, pageCount: 3, durationSeconds: 0 });
    const approved = await step(
      reviewer,
      'approve',
      (await step(editor, 'submit', created.data)).data,
    );
    expect(approved.code, approved.message).toBe(0);

    const detail = await asLearner<CourseDetail>(`/api/courses/detail?id=${created.data.id}`);
    expect(detail.data).toMatchObject({ lessonCount: 2, durationSeconds: 20 });
    expect(detail.data.chapters[0]?.lessons.map((lesson) => lesson.kind)).toEqual(['audio', 'pdf']);
    const heardId = heard?.id ?? 0;
    const readId = read?.id ?? 0;
    const listen = await asLearner<LessonContent>(`/api/study/lesson?id=${heardId}`);
    expect(listen.data).toMatchObject({
      kind: 'audio',
      audioUrl: audio.url,
      videoUrl: null,
      pdfUrl: null,
      pageCount: 0,
      durationSeconds: 20,
    });
    const open = await asLearner<LessonContent>(`/api/study/lesson?id=${readId}`);
    expect(open.data).toMatchObject({
      kind: 'pdf',
      pdfUrl: pdf.url,
      pageCount: 3,
      audioUrl: null,
      videoUrl: null,
      articleHtml: null,
    });

    // Listening counts like watching: the position is kept, time is credited, and reaching 90%
    // of the audio completes it.
    const first = await asLearner<ProgressResult>('/api/study/progress', {
      lessonId: heardId,
      positionSeconds: 8,
      watchedSeconds: 8,
      durationSeconds: 20.016,
    });
    expect(first.data).toMatchObject({ positionSeconds: 8, completed: false });
    expect(first.data.countedSeconds).toBeGreaterThan(0);
    const done = await asLearner<ProgressResult>('/api/study/progress', {
      lessonId: heardId,
      positionSeconds: 18.5,
      watchedSeconds: 0,
      durationSeconds: 20.016,
    });
    expect(done.data).toMatchObject({ positionSeconds: 18.5, completed: true });
    // A PDF is complete once it is opened (reported), like an article.
    const opened = await asLearner<ProgressResult>('/api/study/progress', {
      lessonId: readId,
      positionSeconds: 0,
      watchedSeconds: 0,
    });
    expect(opened.data).toMatchObject({
      completed: true,
      positionSeconds: 0,
      course: { completedLessons: 2, totalLessons: 2, completed: true },
    });
  });

  it('names the lesson when its file is not the site’s, is missing, or its length is out of range', async () => {
    const refusals: Array<[LessonInput, string]> = [
      [
        {
          title: '别站音频',
          kind: 'audio',
          audioUrl: audio.url.replace('/jingan/', '/xuhui/'),
          durationSeconds: 20,
        },
        '第 1 章第 2 节：音频不是本站上传的 MP3 或 M4A 文件，请重新上传',
      ],
      [
        {
          title: '视频当音频',
          kind: 'audio',
          audioUrl: '/media/demo/lesson.mp4',
          durationSeconds: 60,
        },
        '第 1 章第 2 节：音频不是本站上传的 MP3 或 M4A 文件，请重新上传',
      ],
      [
        {
          title: '不存在的音频',
          kind: 'audio',
          audioUrl: '/media/uploads/jingan/AAAAAAAAAAAAAAAAAAAAAA.mp3',
          durationSeconds: 20,
        },
        '第 1 章第 2 节：音频文件不存在，请重新上传',
      ],
      [
        { title: '没有时长', kind: 'audio', audioUrl: audio.url, durationSeconds: 0 },
        '第 1 章第 2 节：音频时长不合理，请重新上传音频',
      ],
      [
        { title: '别站讲义', kind: 'pdf', pdfUrl: pdf.url.replace('/jingan/', '/xuhui/') },
        '第 1 章第 2 节的 PDF 文件：不是本站上传的文件，请重新上传',
      ],
      [
        {
          title: '不存在的讲义',
          kind: 'pdf',
          pdfUrl: '/files/admin/jingan/AAAAAAAAAAAAAAAAAAAAAA.pdf',
        },
        '第 1 章第 2 节的 PDF 文件：文件不存在，请重新上传',
      ],
    ];
    const draft = await create('改不动的课程', [
      { title: '第一课', kind: 'audio', audioUrl: audio.url, durationSeconds: 20 },
    ]);
    expect(draft.code, draft.message).toBe(0);
    for (const [lesson, message] of refusals) {
      const ok = { title: '第一课', kind: 'article' as const, articleHtml: '<p>好</p>' };
      const created = await create(`拒绝：${lesson.title}`, [ok, lesson]);
      expect(created, lesson.title).toMatchObject({ code: ErrorCode.invalid, message });
      const updated = await as(editor, 'POST', '/api/admin/courses/update', {
        ...form('改过的名字', [ok, lesson]),
        id: draft.data.id,
        version: draft.data.version,
      });
      expect(updated, lesson.title).toMatchObject({ code: ErrorCode.invalid, message });
    }
    // Nothing was written: no refused course, and the draft is as it was.
    const written = await app.database.db
      .selectFrom('courses')
      .select('id')
      .where('title', 'like', '拒绝：%')
      .execute();
    expect(written).toEqual([]);
    const now = await as<AdminCourse>(
      editor,
      'GET',
      `/api/admin/courses/detail?id=${draft.data.id}`,
    );
    expect(now.data).toMatchObject({ title: '改不动的课程', version: draft.data.version });
  });

  it('keeps a course whose audio or PDF lesson lacks its file from being published', async () => {
    for (const [lesson, message] of [
      [{ title: '待录音', kind: 'audio' }, '课时“待录音”还没有音频'],
      [{ title: '待上传讲义', kind: 'pdf' }, '课时“待上传讲义”还没有 PDF 文件'],
    ] as Array<[LessonInput, string]>) {
      const draft = await create(`缺文件：${lesson.title}`, [lesson]);
      expect(draft.code, draft.message).toBe(0);
      const sent = await step(editor, 'submit', draft.data);
      expect(await step(reviewer, 'approve', sent.data)).toMatchObject({
        code: ErrorCode.conflict,
        message,
      });
    }
  });
});
