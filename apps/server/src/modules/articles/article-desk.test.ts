import {
  type AdminArticle,
  type AdminArticleRow,
  type AdminBulkResult,
  type AdminChannel,
  type ArticleDetail,
  type ArticleSummary,
  type AuditEntry,
  ErrorCode,
  type MessageSummary,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';

describeEachEngine('the console’s articles: review before publication', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let secondEditor: TestLearner;
  let reviewer: TestLearner;
  let editorReviewer: TestLearner;
  let learner: TestLearner;
  let channel: AdminChannel;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const detail = async (id: number) =>
    (await as<AdminArticle>(editor, 'GET', `/api/admin/articles/detail?id=${id}`)).data;
  /** What a visitor's phone sees of the news list (the kept answers included). */
  const phoneList = async () =>
    body<Page<ArticleSummary>>(
      await app.inject({
        url: `/api/articles?kind=${channel.kind}&size=50`,
        headers: { 'x-site': SITE },
      }),
    ).data.list;
  const phoneDetail = async (id: number) =>
    body<ArticleDetail>(
      await app.inject({ url: `/api/articles/detail?id=${id}`, headers: { 'x-site': SITE } }),
    );
  const auditCount = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const form = (title: string) => ({
    channelId: channel.id,
    title,
    summary: '社区学校冬季课程开始报名',
    source: '静安区社区学院',
    bodyHtml: '<p>冬季课程<strong>开始报名</strong>。</p><script>alert(1)</script>',
    pinned: false,
    notify: true,
  });
  const create = async (title: string) => {
    const created = await as<AdminArticle>(
      editor,
      'POST',
      '/api/admin/articles/create',
      form(title),
    );
    expect(created.code, created.message).toBe(0);
    return created.data;
  };

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    secondEditor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    editorReviewer = await createOperator(app, [
      { site: SITE, role: 'editor' },
      { site: SITE, role: 'reviewer' },
    ]);
    learner = await createOperator(app, []);
    const channels = await as<AdminChannel[]>(editor, 'GET', '/api/admin/articles/channels');
    const news = channels.data.find((entry) => entry.kind === 'news');
    if (!news) throw new Error('no news channel');
    channel = news;
  });

  it('keeps a draft from learners until a reviewer other than its submitter publishes it, and tells them', async () => {
    const before = await phoneList();
    const draft = await create('冬季课程报名开始');
    expect(draft).toMatchObject({ status: 'draft', version: 1, edit: null });
    // Stored sanitized: the script is gone, the markup kept.
    expect(draft.bodyHtml).toBe('<p>冬季课程<strong>开始报名</strong>。</p>');
    expect((await phoneList()).map((row) => row.id)).not.toContain(draft.id);
    expect((await phoneDetail(draft.id)).code).toBe(ErrorCode.notFound);

    const submitted = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/submit', {
      id: draft.id,
      version: draft.version,
    });
    expect(submitted.data).toMatchObject({ status: 'pending', submittedBy: editor.id });
    // An editor does not publish; a reviewer does.
    const byEditor = await as(editor, 'POST', '/api/admin/articles/approve', {
      id: draft.id,
      version: submitted.data.version,
    });
    expect(byEditor.code).toBe(ErrorCode.forbidden);
    expect(byEditor.message).toContain('审核员');
    const queue = await as<Page<AdminArticleRow>>(
      reviewer,
      'GET',
      '/api/admin/articles?status=pending',
    );
    expect(queue.data.list.map((row) => row.id)).toContain(draft.id);

    const approved = await as<AdminArticle>(reviewer, 'POST', '/api/admin/articles/approve', {
      id: draft.id,
      version: submitted.data.version,
    });
    expect(approved.data).toMatchObject({ status: 'published' });
    expect(approved.data.publishedAt).not.toBeNull();
    // At once, on the phone: the visitors' kept list was retired.
    const after = await phoneList();
    expect(after.map((row) => row.id)).toContain(draft.id);
    expect(after.length).toBe(before.length + 1);
    expect((await phoneDetail(draft.id)).data.title).toBe('冬季课程报名开始');
    // `notify`: the site's learners get it as a notice in 我的消息.
    const messages = body<Page<MessageSummary>>(
      await app.inject({
        url: '/api/messages?size=50',
        headers: { 'x-site': SITE, authorization: `Bearer ${learner.token}` },
      }),
    );
    expect(messages.data.list.some((message) => message.title.includes('冬季课程报名开始'))).toBe(
      true,
    );
  });

  it('refuses a reviewer their own submission', async () => {
    const own = await as<AdminArticle>(
      editorReviewer,
      'POST',
      '/api/admin/articles/create',
      form('自己写的通知'),
    );
    const submitted = await as<AdminArticle>(editorReviewer, 'POST', '/api/admin/articles/submit', {
      id: own.data.id,
      version: own.data.version,
    });
    const approve = await as(editorReviewer, 'POST', '/api/admin/articles/approve', {
      id: own.data.id,
      version: submitted.data.version,
    });
    expect(approve.code).toBe(ErrorCode.forbidden);
    expect(approve.message).toBe('不能审核自己提交的内容，请由另一位审核员审核');
    expect((await detail(own.data.id)).status).toBe('pending');
    // Nor through a bulk publish: skipped with the reason.
    const bulk = await as<AdminBulkResult>(editorReviewer, 'POST', '/api/admin/articles/publish', {
      ids: [own.data.id],
    });
    expect(bulk.data).toEqual({
      done: [],
      skipped: [{ id: own.data.id, reason: '不能审核自己提交的内容，请由另一位审核员审核' }],
    });
  });

  it('keeps the published version live while an edit waits, and replaces it on approval', async () => {
    const article = await create('旧标题：社区讲座');
    let current = (
      await as<AdminArticle>(editor, 'POST', '/api/admin/articles/submit', {
        id: article.id,
        version: article.version,
      })
    ).data;
    current = (
      await as<AdminArticle>(reviewer, 'POST', '/api/admin/articles/approve', {
        id: article.id,
        version: current.version,
      })
    ).data;

    const edited = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/update', {
      ...form('新标题：社区讲座改期'),
      id: article.id,
      version: current.version,
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({
      status: 'published',
      title: '新标题：社区讲座改期',
      edit: { status: 'draft', authorId: editor.id },
      live: { title: '旧标题：社区讲座' },
    });
    expect((await phoneDetail(article.id)).data.title).toBe('旧标题：社区讲座');
    const submitted = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/submit', {
      id: article.id,
      version: edited.data.version,
    });
    expect(submitted.data.edit?.status).toBe('pending');
    const queue = await as<Page<AdminArticleRow>>(
      reviewer,
      'GET',
      '/api/admin/articles?status=pending',
    );
    expect(queue.data.list.find((row) => row.id === article.id)).toMatchObject({
      status: 'published',
      editStatus: 'pending',
      title: '新标题：社区讲座改期',
    });
    expect((await phoneDetail(article.id)).data.title).toBe('旧标题：社区讲座');

    const approved = await as<AdminArticle>(reviewer, 'POST', '/api/admin/articles/approve', {
      id: article.id,
      version: submitted.data.version,
    });
    expect(approved.data).toMatchObject({ status: 'published', edit: null, live: null });
    expect((await phoneDetail(article.id)).data.title).toBe('新标题：社区讲座改期');

    // Each step is in the audit log, with before and after.
    const log = await as<Page<AuditEntry>>(
      reviewer,
      'GET',
      `/api/admin/audit?entity=article&entityId=${article.id}`,
    );
    expect(log.data.list.map((entry) => entry.action).reverse()).toEqual([
      'create',
      'submit',
      'approve',
      'update',
      'submit',
      'approve',
    ]);
    const lastApproval = log.data.list[0];
    expect(JSON.parse(lastApproval?.before ?? '{}').title).toBe('旧标题：社区讲座');
    expect(JSON.parse(lastApproval?.after ?? '{}').title).toBe('新标题：社区讲座改期');
    expect(lastApproval).toMatchObject({ actorId: reviewer.id, ip: '127.0.0.1' });
  });

  it('sends a refusal back with its reason, and the next save makes a draft again', async () => {
    const article = await create('需要修改的文章');
    const submitted = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/submit', {
      id: article.id,
      version: article.version,
    });
    const empty = await as(reviewer, 'POST', '/api/admin/articles/reject', {
      id: article.id,
      version: submitted.data.version,
      reason: '  ',
    });
    expect(empty.code).toBe(ErrorCode.invalid);
    expect(empty.message).toContain('驳回理由');
    const rejected = await as<AdminArticle>(reviewer, 'POST', '/api/admin/articles/reject', {
      id: article.id,
      version: submitted.data.version,
      reason: '标题请写明时间地点',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', note: '标题请写明时间地点' });
    const saved = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/update', {
      ...form('12 月 5 日 社区学校 需要修改的文章'),
      id: article.id,
      version: rejected.data.version,
    });
    expect(saved.data.status).toBe('draft');
  });

  it('answers 409 to a save over a newer version, and writes nothing', async () => {
    const article = await create('两人同时编辑');
    const first = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/update', {
      ...form('第一位编辑的标题'),
      id: article.id,
      version: article.version,
    });
    expect(first.code).toBe(0);
    const entries = await auditCount();
    const stale = await as(secondEditor, 'POST', '/api/admin/articles/update', {
      ...form('第二位编辑的标题'),
      id: article.id,
      version: article.version,
    });
    expect(stale).toMatchObject({
      code: ErrorCode.conflict,
      message: '已被他人修改，请刷新后再改',
    });
    expect((await detail(article.id)).title).toBe('第一位编辑的标题');
    expect(await auditCount()).toBe(entries);
  });

  it('lets exactly one of concurrent saves at the same version through', async () => {
    const article = await create('并发保存');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        as(index % 2 === 0 ? editor : secondEditor, 'POST', '/api/admin/articles/update', {
          ...form(`并发保存 ${index}`),
          id: article.id,
          version: article.version,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === ErrorCode.conflict)).toHaveLength(5);
    const now = await detail(article.id);
    expect(now.version).toBe(article.version + 1);
    const log = await as<Page<AuditEntry>>(
      reviewer,
      'GET',
      `/api/admin/audit?entity=article&entityId=${article.id}&action=update`,
    );
    expect(log.data.total).toBe(1);
  });

  it('names the field of a refused form, and keeps out another site’s channel', async () => {
    const entries = await auditCount();
    const noTitle = await as(editor, 'POST', '/api/admin/articles/create', {
      ...form(' '),
      title: ' ',
    });
    expect(noTitle.code).toBe(ErrorCode.invalid);
    expect(noTitle.message).toMatch(/^标题：/);
    const otherChannel = await app.database.db
      .selectFrom('article_channels')
      .select('id')
      .where('site_key', '<>', SITE)
      .executeTakeFirstOrThrow();
    const foreign = await as(editor, 'POST', '/api/admin/articles/create', {
      ...form('别站栏目'),
      channelId: otherChannel.id,
    });
    expect(foreign).toMatchObject({ code: ErrorCode.invalid, message: '栏目：本站没有这个栏目' });
    const cover = await as(editor, 'POST', '/api/admin/articles/create', {
      ...form('外链封面'),
      cover: 'https://evil.example/x.png',
    });
    expect(cover.code).toBe(ErrorCode.invalid);
    expect(cover.message).toMatch(/^封面：/);
    expect(await auditCount()).toBe(entries);
  });

  it('publishes and takes down in bulk, skipping what cannot, and the phone follows', async () => {
    const draft = await create('批量：草稿');
    const pending = await create('批量：待审核');
    const submitted = await as<AdminArticle>(editor, 'POST', '/api/admin/articles/submit', {
      id: pending.id,
      version: pending.version,
    });
    expect(submitted.code).toBe(0);
    const published = await as<AdminBulkResult>(reviewer, 'POST', '/api/admin/articles/publish', {
      ids: [draft.id, pending.id],
    });
    expect(published.data).toEqual({
      done: [pending.id],
      skipped: [{ id: draft.id, reason: '尚未提交审核' }],
    });
    expect((await phoneList()).map((row) => row.id)).toContain(pending.id);
    const down = await as<AdminBulkResult>(reviewer, 'POST', '/api/admin/articles/take-down', {
      ids: [pending.id, draft.id],
    });
    expect(down.data).toEqual({
      done: [pending.id],
      skipped: [{ id: draft.id, reason: '未发布' }],
    });
    expect((await phoneList()).map((row) => row.id)).not.toContain(pending.id);
    expect((await detail(pending.id)).status).toBe('offline');
    const again = await as<AdminBulkResult>(reviewer, 'POST', '/api/admin/articles/publish', {
      ids: [pending.id],
    });
    expect(again.data.done).toEqual([pending.id]);
    expect((await phoneList()).map((row) => row.id)).toContain(pending.id);
  });

  describe('the list', () => {
    it('filters by status, words of the title and date, newest change first', async () => {
      const first = await create('筛选用：甲');
      const second = await create('筛选用：乙');
      const found = await as<Page<AdminArticleRow>>(
        editor,
        'GET',
        `/api/admin/articles?q=${encodeURIComponent('筛选用')}&status=draft`,
      );
      expect(found.data.list.map((row) => row.id)).toEqual([second.id, first.id]);
      expect(found.data.list[0]).toMatchObject({ status: 'draft', authorName: '学员0' });
      const future = await as<Page<AdminArticleRow>>(
        editor,
        'GET',
        '/api/admin/articles?from=2099-01-01&to=2099-01-02',
      );
      expect(future.data.total).toBe(0);
      const reversed = await as(editor, 'GET', '/api/admin/articles?from=2026-12-02&to=2026-12-01');
      expect(reversed).toMatchObject({
        code: ErrorCode.invalid,
        message: '截止日期：不能早于起始日期',
      });
      const seeded = await as<Page<AdminArticleRow>>(
        editor,
        'GET',
        '/api/admin/articles?status=published',
      );
      expect(seeded.data.total).toBeGreaterThan(10);
    });
  });
});
