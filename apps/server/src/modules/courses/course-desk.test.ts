import {
  type AdminCourse,
  type AdminCourseChoices,
  type AdminCourseFormInput,
  type AdminCourseRow,
  type CourseDetail,
  type CourseSummary,
  ErrorCode,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator, reviewStep } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';

describeEachEngine('the console’s courses: chapters, lessons and review', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let choices: AdminCourseChoices;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const phone = async <T>(url: string) =>
    body<T>(await app.inject({ url, headers: { 'x-site': SITE } }));
  const form = (title: string): AdminCourseFormInput => ({
    categoryId: choices.categories[0]?.id ?? 0,
    teacherId: choices.teachers[0]?.id ?? 0,
    title,
    summary: '从零开始学用智能手机',
    introductionHtml: '<p>适合<strong>老年朋友</strong>。</p><img src=x onerror=alert(1)>',
    cover: '/files/covers/jingan-category-1-a.svg',
    tags: ['智能手机', '智能手机', '银龄'],
    chapters: [
      {
        title: '第一章 认识手机',
        lessons: [
          {
            title: '开机与解锁',
            kind: 'video',
            videoUrl: '/media/demo/lesson.mp4',
            durationSeconds: 300,
          },
          {
            title: '常用设置',
            kind: 'article',
            articleHtml: '<p>打开设置</p><script>x()</script>',
          },
        ],
      },
    ],
  });
  const step = (who: TestLearner, action: string, course: AdminCourse) =>
    reviewStep(app, who.token, SITE, 'courses', action, course);
  const publish = async (title: string) => {
    const created = await as<AdminCourse>(editor, 'POST', '/api/admin/courses/create', form(title));
    expect(created.code, created.message).toBe(0);
    const submitted = await step(editor, 'submit', created.data);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    choices = (await as<AdminCourseChoices>(editor, 'GET', '/api/admin/courses/choices')).data;
  });

  it('keeps a new course from the phone until it is approved, then shows it first with its lessons', async () => {
    const created = await as<AdminCourse>(
      editor,
      'POST',
      '/api/admin/courses/create',
      form('智能手机入门'),
    );
    expect(created.data).toMatchObject({ status: 'draft', tags: ['智能手机', '银龄'] });
    // Stored sanitized: no handler, no script.
    expect(created.data.introductionHtml).not.toContain('onerror');
    expect(created.data.chapters[0]?.lessons[1]?.articleHtml).toBe('<p>打开设置</p>');
    expect((await phone(`/api/courses/detail?id=${created.data.id}`)).code).toBe(
      ErrorCode.notFound,
    );

    const submitted = await step(editor, 'submit', created.data);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.data.status).toBe('published');
    const newest = await phone<Page<CourseSummary>>('/api/courses?sort=newest&size=5');
    expect(newest.data.list[0]).toMatchObject({
      id: created.data.id,
      title: '智能手机入门',
      lessonCount: 2,
      durationSeconds: 300,
    });
    const detail = await phone<CourseDetail>(`/api/courses/detail?id=${created.data.id}`);
    expect(detail.data.chapters).toEqual([
      {
        id: created.data.chapters[0]?.id,
        title: '第一章 认识手机',
        lessons: [
          expect.objectContaining({ title: '开机与解锁', kind: 'video', durationSeconds: 300 }),
          expect.objectContaining({ title: '常用设置', kind: 'article' }),
        ],
      },
    ]);
  });

  it('refuses to publish a chapter without lessons or a video lesson without its video', async () => {
    const empty = await as<AdminCourse>(editor, 'POST', '/api/admin/courses/create', {
      ...form('空章节的课程'),
      chapters: [{ title: '第一章', lessons: [] }],
    });
    const submitted = await step(editor, 'submit', empty.data);
    const approve = await step(reviewer, 'approve', submitted.data);
    expect(approve).toMatchObject({
      code: ErrorCode.conflict,
      message: '章节“第一章”还没有课时，不能发布',
    });
    const noVideo = await as<AdminCourse>(editor, 'POST', '/api/admin/courses/create', {
      ...form('缺视频的课程'),
      chapters: [{ title: '第一章', lessons: [{ title: '第一课', kind: 'video' }] }],
    });
    const sent = await step(editor, 'submit', noVideo.data);
    expect((await step(reviewer, 'approve', sent.data)).message).toBe('课时“第一课”还没有视频');
  });

  it('keeps the live course while an edit waits, and keeps the ids of kept lessons when it lands', async () => {
    const live = await publish('书法入门');
    const [first, second] = live.chapters[0]?.lessons ?? [];
    if (!first?.id || !second?.id) throw new Error('no lessons');
    const edited = await as<AdminCourse>(editor, 'POST', '/api/admin/courses/update', {
      ...form('书法入门（第二版）'),
      id: live.id,
      version: live.version,
      chapters: [
        {
          id: live.chapters[0]?.id,
          title: '第一章 握笔',
          lessons: [
            { ...first, title: '开机与解锁（重录）' },
            { title: '新的一课', kind: 'article', articleHtml: '<p>新内容</p>' },
          ],
        },
      ],
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
    expect((await phone<CourseDetail>(`/api/courses/detail?id=${live.id}`)).data.title).toBe(
      '书法入门',
    );
    const submitted = await step(editor, 'submit', edited.data);
    const queue = await as<Page<AdminCourseRow>>(
      reviewer,
      'GET',
      '/api/admin/courses?status=pending',
    );
    expect(queue.data.list.find((row) => row.id === live.id)?.editStatus).toBe('pending');
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    const detail = (await phone<CourseDetail>(`/api/courses/detail?id=${live.id}`)).data;
    expect(detail.title).toBe('书法入门（第二版）');
    const lessons = detail.chapters[0]?.lessons ?? [];
    expect(lessons.map((lesson) => lesson.title)).toEqual(['开机与解锁（重录）', '新的一课']);
    // The kept lesson kept its id (learners' progress stays with it); the dropped one is gone.
    expect(lessons[0]?.id).toBe(first.id);
    expect(lessons.map((lesson) => lesson.id)).not.toContain(second.id);
    expect(detail.lessonCount).toBe(2);
  });

  it('refuses another site’s category, another course’s lesson and a stale version, writing nothing', async () => {
    const draft = await as<AdminCourse>(
      editor,
      'POST',
      '/api/admin/courses/create',
      form('拒绝的修改'),
    );
    const otherCategory = await app.database.db
      .selectFrom('course_categories')
      .select('id')
      .where('site_key', '<>', SITE)
      .executeTakeFirstOrThrow();
    const foreign = await as(editor, 'POST', '/api/admin/courses/update', {
      ...form('别站分类'),
      categoryId: otherCategory.id,
      id: draft.data.id,
      version: draft.data.version,
    });
    expect(foreign).toMatchObject({
      code: ErrorCode.invalid,
      message: '课程分类：本站没有这个分类',
    });
    const otherLesson = await app.database.db
      .selectFrom('course_lessons')
      .select('id')
      .where('course_id', '<>', draft.data.id)
      .executeTakeFirstOrThrow();
    const stolen = await as(editor, 'POST', '/api/admin/courses/update', {
      ...form('借用课时'),
      id: draft.data.id,
      version: draft.data.version,
      chapters: [
        {
          title: '第一章',
          lessons: [
            { id: otherLesson.id, title: '别人的课时', kind: 'article', articleHtml: '<p>x</p>' },
          ],
        },
      ],
    });
    expect(stolen).toMatchObject({
      code: ErrorCode.invalid,
      message: '课时：不属于这门课程，请刷新后再改',
    });
    const stale = await as(editor, 'POST', '/api/admin/courses/update', {
      ...form('过期的版本'),
      id: draft.data.id,
      version: draft.data.version - 1 || 99,
    });
    expect(stale.code).toBe(ErrorCode.conflict);
    const now = await as<AdminCourse>(
      editor,
      'GET',
      `/api/admin/courses/detail?id=${draft.data.id}`,
    );
    expect(now.data).toMatchObject({ title: '拒绝的修改', version: draft.data.version });
    const lesson = await app.database.db
      .selectFrom('course_lessons')
      .select('title')
      .where('id', '=', otherLesson.id)
      .executeTakeFirstOrThrow();
    expect(lesson.title).not.toBe('别人的课时');
  });
});
