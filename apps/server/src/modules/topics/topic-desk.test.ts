import {
  type AdminTopic,
  type AdminTopicContent,
  type AdminTopicFormInput,
  type AdminTopicRow,
  ErrorCode,
  type Page,
  type Topic,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { createCourse } from '../../testing/course-factory.ts';
import { createEbook, createEbookCategory } from '../../testing/ebook-factory.ts';
import { adminCall, createOperator, reviewStep } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';

describeEachEngine('the console’s topics: sections, chosen content and review', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  /** Published courses and e-books of 静安, made for these tests. */
  const courses: number[] = [];
  const ebooks: number[] = [];
  let hiddenCourse = 0;
  let foreignCourse = 0;
  let slugs = 0;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const phone = async <T>(url: string) =>
    body<T>(await app.inject({ url, headers: { 'x-site': SITE } }));
  const course = (id: number | undefined) => ({ contentType: 'course', contentId: id ?? 0 });
  const ebook = (id: number | undefined) => ({ contentType: 'ebook', contentId: id ?? 0 });
  const form = (title: string): AdminTopicFormInput => {
    slugs += 1;
    return {
      title,
      slug: `2026/desk-${slugs}`,
      subtitle: '2026年专题',
      banner: '/files/covers/topic-jingan-2024-jtjy.svg',
      introduction: '  专题简介  ',
      sort: 3,
      sections: [
        {
          kind: 'courses',
          name: '精品课程',
          itemLimit: 4,
          items: [course(courses[2]), course(courses[0])],
        },
        { kind: 'ebooks', name: '推荐书目', itemLimit: 2, items: [ebook(ebooks[1])] },
      ] as AdminTopicFormInput['sections'],
    };
  };
  const step = (who: TestLearner, action: string, topic: AdminTopic) =>
    reviewStep(app, who.token, SITE, 'topics', action, topic);
  const publish = async (input: AdminTopicFormInput) => {
    const created = await as<AdminTopic>(editor, 'POST', '/api/admin/topics/create', input);
    expect(created.code, created.message).toBe(0);
    const submitted = await step(editor, 'submit', created.data);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };
  const counts = async () =>
    Promise.all(
      (['topics', 'topic_sections', 'topic_items', 'audit_log'] as const).map(async (table) =>
        Number(
          (
            await app.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );

  beforeAll(async () => {
    app = ctx().app;
    const { db } = app.database;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    for (const title of ['专题课一', '专题课二', '专题课三']) {
      courses.push((await createCourse(db, { title })).id);
    }
    hiddenCourse = (await createCourse(db, { title: '专题课未发布', published: 0 })).id;
    foreignCourse = (await createCourse(db, { site_key: 'xuhui', title: '徐汇的专题课' })).id;
    const category = await createEbookCategory(db, { siteKey: SITE, name: '专题书类' });
    for (const title of ['专题书一', '专题书二']) {
      ebooks.push(await createEbook(db, { site_key: SITE, category_id: category, title }));
    }
  });

  it('publishes a topic with two sections, which the phone then shows with its cards in order', async () => {
    // Control characters are dropped from the plain text.
    const input = { ...form('社区教育专题'), subtitle: '2026年\u0000专题' };
    const created = await as<AdminTopic>(editor, 'POST', '/api/admin/topics/create', input);
    expect(created.code, created.message).toBe(0);
    expect(created.data).toMatchObject({
      status: 'draft',
      subtitle: '2026年专题',
      introduction: '专题简介',
      sections: [
        {
          kind: 'courses',
          name: '精品课程',
          itemLimit: 4,
          items: [course(courses[2]), course(courses[0])],
        },
        { kind: 'ebooks', name: '推荐书目', itemLimit: 2, items: [ebook(ebooks[1])] },
      ],
    });
    expect(created.data.sections.every((section) => typeof section.id === 'number')).toBe(true);
    const page = `/api/topics/detail?slug=${encodeURIComponent(input.slug)}`;
    expect((await phone(page)).code).toBe(ErrorCode.notFound);

    const submitted = await step(editor, 'submit', created.data);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.data).toMatchObject({ status: 'published' });
    expect(approved.data.publishedAt).not.toBeNull();
    const topic = await phone<Topic>(page);
    expect(topic.code, topic.message).toBe(0);
    expect(topic.data).toMatchObject({ title: '社区教育专题', subtitle: '2026年专题' });
    expect(
      topic.data.sections.map((section) => [
        section.kind,
        section.title,
        section.items.map((item) => item.title),
      ]),
    ).toEqual([
      ['courses', '精品课程', ['专题课三', '专题课一']],
      ['ebooks', '推荐书目', ['专题书二']],
    ]);

    const listed = await as<Page<AdminTopicRow>>(editor, 'GET', '/api/admin/topics?q=社区教育');
    expect(listed.data.list).toEqual([
      expect.objectContaining({
        id: created.data.id,
        slug: input.slug,
        sectionCount: 2,
        itemCount: 3,
        status: 'published',
      }),
    ]);
  });

  it('keeps the live topic while an edit waits, and the ids of kept sections when it lands', async () => {
    const input = form('家门口的学习');
    const live = await publish(input);
    const [courseSection, ebookSection] = live.sections;
    if (!courseSection?.id || !ebookSection?.id) throw new Error('no sections');
    const edited = await as<AdminTopic>(editor, 'POST', '/api/admin/topics/update', {
      ...input,
      title: '家门口的学习（新版）',
      id: live.id,
      version: live.version,
      sections: [
        {
          id: courseSection.id,
          kind: 'courses',
          name: '推荐课程',
          itemLimit: 2,
          items: [course(courses[0]), course(courses[1]), course(courses[2])],
        },
      ],
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
    expect(edited.data.live?.title).toBe('家门口的学习');
    const page = `/api/topics/detail?slug=${encodeURIComponent(input.slug)}`;
    expect((await phone<Topic>(page)).data.sections.map((section) => section.title)).toEqual([
      '精品课程',
      '推荐书目',
    ]);

    const submitted = await step(editor, 'submit', edited.data);
    const queue = await as<Page<AdminTopicRow>>(
      reviewer,
      'GET',
      '/api/admin/topics?status=pending',
    );
    expect(queue.data.list.find((row) => row.id === live.id)).toMatchObject({
      editStatus: 'pending',
      title: '家门口的学习（新版）',
      sectionCount: 1,
      itemCount: 3,
    });
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    const topic = (await phone<Topic>(page)).data;
    expect(topic.title).toBe('家门口的学习（新版）');
    expect(topic.sections).toEqual([
      expect.objectContaining({
        id: courseSection.id,
        kind: 'courses',
        title: '推荐课程',
        total: 3,
      }),
    ]);
    expect(topic.sections[0]?.items.map((item) => item.title)).toEqual(['专题课一', '专题课二']);
    // The dropped section is gone, and so are its items.
    const left = await app.database.db
      .selectFrom('topic_items')
      .select('content_type')
      .where('topic_id', '=', live.id)
      .execute();
    expect(left.map((row) => row.content_type)).toEqual(['course', 'course', 'course']);
  });

  it('refuses bad sections and items, naming the field, and writes nothing', async () => {
    const draft = await as<AdminTopic>(
      editor,
      'POST',
      '/api/admin/topics/create',
      form('待修改的专题'),
    );
    expect(draft.code, draft.message).toBe(0);
    const before = await counts();
    const withSections = (sections: unknown[]) => ({ ...form('不合规的专题'), sections });
    const cases: Array<[object, string]> = [
      [
        withSections([
          { kind: 'courses', name: '课程', itemLimit: 4, items: [course(hiddenCourse)] },
        ]),
        '栏目内容：“课程”的第 1 项不是本站已发布的课程，请重新选择',
      ],
      [
        withSections([
          {
            kind: 'courses',
            name: '课程',
            itemLimit: 4,
            items: [course(courses[0]), course(foreignCourse)],
          },
        ]),
        '栏目内容：“课程”的第 2 项不是本站已发布的课程，请重新选择',
      ],
      [
        withSections([{ kind: 'courses', name: '课程', itemLimit: 4, items: [ebook(ebooks[0])] }]),
        '栏目内容：“课程”是课程栏目，第 1 项须为课程',
      ],
      [
        withSections([
          {
            kind: 'courses',
            name: '课程',
            itemLimit: 4,
            items: [course(courses[0]), course(courses[0])],
          },
        ]),
        '栏目内容：“课程”的第 2 项与前面重复',
      ],
      [
        withSections([
          { kind: 'courses', name: '课程', itemLimit: 4, items: [] },
          { kind: 'courses', name: '更多课程', itemLimit: 4, items: [] },
        ]),
        '栏目类型：已有一个课程栏目，每种内容只能有一个栏目',
      ],
      [
        withSections([{ kind: 'courses', name: '课程', itemLimit: 0, items: [] }]),
        '展示数量：至少 1 个',
      ],
      [
        withSections([{ kind: 'courses', name: '课程', itemLimit: 51, items: [] }]),
        '展示数量：最多 50 个',
      ],
      [
        withSections([{ kind: 'news', name: '资讯', itemLimit: 4, items: [] }]),
        '栏目类型：请选择栏目类型',
      ],
      [
        withSections([{ kind: 'courses', name: ' ', itemLimit: 4, items: [] }]),
        '栏目名称：不能为空',
      ],
      [
        { ...form('地址不对'), slug: 'jtjy' },
        '专题地址：须为“年份/英文名”，如 2024/jtjy（小写字母、数字或连字符）',
      ],
      [{ ...form('外站横幅'), banner: 'https://example.com/a.png' }, '横幅图片：请上传横幅图片'],
      [{ ...form('地址重复'), slug: '2024/jtjy' }, '专题地址：本站已有地址为 2024/jtjy 的专题'],
    ];
    for (const [payload, message] of cases) {
      const created = await as(editor, 'POST', '/api/admin/topics/create', payload);
      expect(created, message).toMatchObject({ code: ErrorCode.invalid, message });
      const updated = await as(editor, 'POST', '/api/admin/topics/update', {
        ...payload,
        id: draft.data.id,
        version: draft.data.version,
      });
      expect(updated, message).toMatchObject({ code: ErrorCode.invalid, message });
    }
    expect(await counts()).toEqual(before);
    expect(
      (await as<AdminTopic>(editor, 'GET', `/api/admin/topics/detail?id=${draft.data.id}`)).data
        .version,
    ).toBe(draft.data.version);
  });

  it('refuses to publish a topic whose sections show nothing', async () => {
    const empty = await as<AdminTopic>(editor, 'POST', '/api/admin/topics/create', {
      ...form('空专题'),
      sections: [{ kind: 'courses', name: '课程', itemLimit: 4, items: [] }],
    });
    const submitted = await step(editor, 'submit', empty.data);
    expect(await step(reviewer, 'approve', submitted.data)).toMatchObject({
      code: ErrorCode.conflict,
      message: '专题至少要有一个栏目选了内容，才能发布',
    });
  });

  it('refuses a stale save and an editor approving their own change', async () => {
    const draft = await as<AdminTopic>(
      editor,
      'POST',
      '/api/admin/topics/create',
      form('过期的专题'),
    );
    const saved = await as<AdminTopic>(editor, 'POST', '/api/admin/topics/update', {
      ...form('第一次修改'),
      id: draft.data.id,
      version: draft.data.version,
    });
    expect(saved.code, saved.message).toBe(0);
    const stale = await as(editor, 'POST', '/api/admin/topics/update', {
      ...form('过期的修改'),
      id: draft.data.id,
      version: draft.data.version,
    });
    expect(stale).toMatchObject({
      code: ErrorCode.conflict,
      message: '已被他人修改，请刷新后再改',
    });

    const both = await createOperator(app, [
      { site: SITE, role: 'editor' },
      { site: SITE, role: 'reviewer' },
    ]);
    const own = await adminCall<AdminTopic>(
      app,
      both.token,
      SITE,
      'POST',
      '/api/admin/topics/create',
      form('自己审自己'),
    );
    const sent = await adminCall<AdminTopic>(
      app,
      both.token,
      SITE,
      'POST',
      '/api/admin/topics/submit',
      {
        id: own.data.id,
        version: own.data.version,
      },
    );
    const self = await adminCall(app, both.token, SITE, 'POST', '/api/admin/topics/approve', {
      id: sent.data.id,
      version: sent.data.version,
    });
    expect(self.code).toBe(ErrorCode.forbidden);
  });

  it('finds the site’s published content of a section’s kind, the chosen ones first', async () => {
    const found = await as<AdminTopicContent[]>(
      editor,
      'GET',
      `/api/admin/topics/content?kind=courses&q=${encodeURIComponent('专题课')}`,
    );
    expect(found.code, found.message).toBe(0);
    expect(found.data.map((item) => item.title)).toEqual(['专题课三', '专题课二', '专题课一']);
    expect(found.data[0]?.subtitle).toContain(' · ');
    const chosen = await as<AdminTopicContent[]>(
      editor,
      'GET',
      `/api/admin/topics/content?kind=courses&q=${encodeURIComponent('没有这样的课')}&ids=${hiddenCourse},${courses[0]},${foreignCourse}`,
    );
    expect(chosen.data).toEqual([
      { id: hiddenCourse, title: '专题课未发布', subtitle: '', visible: false },
      expect.objectContaining({ id: courses[0], title: '专题课一', visible: true }),
    ]);
    const books = await as<AdminTopicContent[]>(
      editor,
      'GET',
      '/api/admin/topics/content?kind=ebooks&q=专题书',
    );
    expect(books.data.map((item) => item.id)).toEqual([ebooks[1], ebooks[0]]);
    const bad = await as(editor, 'GET', '/api/admin/topics/content?kind=news');
    expect(bad).toMatchObject({ code: ErrorCode.invalid, message: '栏目类型：请选择栏目类型' });
  });
});
