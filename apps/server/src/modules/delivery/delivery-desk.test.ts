import {
  type AdminDelivery,
  type AdminDeliveryFormInput,
  type AdminDeliveryRow,
  type DeliveryResourceCard,
  type DeliveryResourceDetail,
  ErrorCode,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator, reviewStep } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';

describeEachEngine('the console’s delivery catalogue: resources and their review', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const phone = async <T>(url: string) =>
    body<T>(await app.inject({ url, headers: { 'x-site': SITE } }));
  /** A lecturer with everything the catalogue shows. */
  const form = (title: string): AdminDeliveryFormInput => ({
    kind: 'lecturer',
    title,
    introductionHtml: '<p>讲讲<strong>老房子</strong>的故事。</p><img src=x onerror=alert(1)>',
    cover: '/files/covers/delivery-1.svg',
    tags: [' 海派文化 ', '讲座', '讲座'],
    audienceMin: 20,
    audienceMax: 80,
    room: '可容纳 80 人的活动室',
    equipment: '投影仪、话筒',
    leadDays: 10,
    lecturerName: '沈立群',
    lecturerTitle: '副研究员',
    lecturerTopics: ['城市记忆', '老字号'],
  });
  const step = (who: TestLearner, action: string, resource: AdminDelivery) =>
    reviewStep(app, who.token, SITE, 'delivery', action, resource);
  const create = async (input: AdminDeliveryFormInput) => {
    const created = await as<AdminDelivery>(editor, 'POST', '/api/admin/delivery/create', input);
    expect(created.code, created.message).toBe(0);
    return created.data;
  };
  const publish = async (input: AdminDeliveryFormInput) => {
    const submitted = await step(editor, 'submit', await create(input));
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };
  const catalogue = () => phone<Page<DeliveryResourceCard>>('/api/delivery/resources?size=50');
  const count = async (table: 'delivery_resources' | 'audit_log' | 'content_edits') =>
    Number(
      (
        await app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
  });

  it('keeps a new resource from the portal until a reviewer approves it, then lists it at once', async () => {
    // The catalogue is asked (and kept by the visitors' cache) before the resource exists.
    const before = await catalogue();
    const draft = await create(form('海派建筑里的城市记忆'));
    expect(draft).toMatchObject({
      status: 'draft',
      kind: 'lecturer',
      tags: ['海派文化', '讲座'],
      lecturerName: '沈立群',
    });
    // Stored sanitized: no handler.
    expect(draft.introductionHtml).toContain('<strong>老房子</strong>');
    expect(draft.introductionHtml).not.toContain('onerror');
    const hidden = await phone(`/api/delivery/resources/detail?id=${draft.id}`);
    expect(hidden.code).toBe(ErrorCode.notFound);

    const submitted = await step(editor, 'submit', draft);
    expect(submitted.data.status).toBe('pending');
    const queue = await as<Page<AdminDeliveryRow>>(
      reviewer,
      'GET',
      '/api/admin/delivery?status=pending',
    );
    expect(queue.data.list.find((row) => row.id === draft.id)).toMatchObject({
      title: '海派建筑里的城市记忆',
      kind: 'lecturer',
      audienceMin: 20,
      audienceMax: 80,
      leadDays: 10,
    });
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    expect(approved.data.status).toBe('published');
    expect(approved.data.publishedAt).not.toBeNull();

    const after = await catalogue();
    expect(after.data.total).toBe(before.data.total + 1);
    expect(after.data.list.find((row) => row.id === draft.id)).toMatchObject({
      kind: 'lecturer',
      title: '海派建筑里的城市记忆',
      cover: '/files/covers/delivery-1.svg',
      tags: ['海派文化', '讲座'],
      audienceMin: 20,
      audienceMax: 80,
      leadDays: 10,
      lecturerName: '沈立群',
    });
    const detail = await phone<DeliveryResourceDetail>(
      `/api/delivery/resources/detail?id=${draft.id}`,
    );
    expect(detail.code, detail.message).toBe(0);
    expect(detail.data).toMatchObject({
      room: '可容纳 80 人的活动室',
      equipment: '投影仪、话筒',
      lecturerTitle: '副研究员',
      lecturerTopics: ['城市记忆', '老字号'],
    });
    expect(detail.data.intro).toContain('<strong>老房子</strong>');

    // Taken down: gone from the portal at once.
    const down = await as(reviewer, 'POST', '/api/admin/delivery/take-down', { ids: [draft.id] });
    expect(down.code, down.message).toBe(0);
    expect((await catalogue()).data.total).toBe(before.data.total);
    const gone = await phone(`/api/delivery/resources/detail?id=${draft.id}`);
    expect(gone.code).toBe(ErrorCode.notFound);
  });

  it('keeps the published resource on the portal while an edit of it waits', async () => {
    const live = await publish({ ...form('社区摄影展'), kind: 'exhibition' });
    // Not a lecturer: no lecturer kept.
    expect(live).toMatchObject({ lecturerName: '', lecturerTitle: '', lecturerTopics: [] });
    const edited = await as<AdminDelivery>(editor, 'POST', '/api/admin/delivery/update', {
      ...form('社区摄影展（第二季）'),
      kind: 'exhibition',
      leadDays: 21,
      id: live.id,
      version: live.version,
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
    expect(edited.data.live?.title).toBe('社区摄影展');
    const submitted = await step(editor, 'submit', edited.data);
    const queue = await as<Page<AdminDeliveryRow>>(
      reviewer,
      'GET',
      `/api/admin/delivery?status=pending&q=${encodeURIComponent('摄影展')}`,
    );
    expect(queue.data.list.find((row) => row.id === live.id)).toMatchObject({
      title: '社区摄影展（第二季）',
      status: 'published',
      editStatus: 'pending',
      leadDays: 21,
    });
    const seen = await phone<DeliveryResourceDetail>(
      `/api/delivery/resources/detail?id=${live.id}`,
    );
    expect(seen.data).toMatchObject({ title: '社区摄影展', leadDays: 10, lecturerName: null });

    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    const now = await phone<DeliveryResourceDetail>(`/api/delivery/resources/detail?id=${live.id}`);
    expect(now.data).toMatchObject({ title: '社区摄影展（第二季）', leadDays: 21 });
  });

  it('refuses a bad audience range, a lecturer without a name and negative lead days, writing nothing', async () => {
    const draft = await create(form('拒绝的修改'));
    const rows = await count('delivery_resources');
    const audited = await count('audit_log');
    const update = (changes: Partial<AdminDeliveryFormInput>) =>
      as(editor, 'POST', '/api/admin/delivery/update', {
        ...form('不该写入的名称'),
        ...changes,
        id: draft.id,
        version: draft.version,
      });
    expect(await update({ audienceMin: 50, audienceMax: 30 })).toMatchObject({
      code: ErrorCode.invalid,
      message: '最多人数：不能少于最少人数（50 人）',
    });
    expect(await update({ lecturerName: '  ' })).toMatchObject({
      code: ErrorCode.invalid,
      message: '讲师姓名：讲师须填写姓名',
    });
    expect((await update({ lecturerTopics: [] })).message).toBe(
      '主讲方向：讲师须填写至少一个主讲方向',
    );
    expect(await update({ leadDays: -1 })).toMatchObject({
      code: ErrorCode.invalid,
      message: '提前预约天数：不能为负数',
    });
    expect((await update({ leadDays: 400 })).message).toBe('提前预约天数：最多 90 天');
    expect((await update({ audienceMin: 0 })).message).toBe('最少人数：至少 1 人');
    expect((await update({ title: '  ' })).message).toBe('资源名称：不能为空');
    expect((await update({ kind: 'robot' as never })).message).toBe('资源类型：请选择资源类型');
    expect((await update({ tags: ['一', '二', '三', '四', '五', '六'] })).message).toBe(
      '标签：最多 5 个标签',
    );
    expect((await update({ cover: 'javascript:alert(1)' })).message).toBe('封面：请上传封面图片');
    const refusedCreate = await as(editor, 'POST', '/api/admin/delivery/create', {
      ...form('不该新建'),
      lecturerName: '',
    });
    expect(refusedCreate).toMatchObject({
      code: ErrorCode.invalid,
      message: '讲师姓名：讲师须填写姓名',
    });

    expect(await count('delivery_resources')).toBe(rows);
    expect(await count('audit_log')).toBe(audited);
    const now = await as<AdminDelivery>(editor, 'GET', `/api/admin/delivery/detail?id=${draft.id}`);
    expect(now.data).toMatchObject({ title: '拒绝的修改', version: draft.version });
    // A kit needs no lecturer: the same form without one is saved.
    const kit = await update({ kind: 'kit', lecturerName: '', lecturerTopics: [] });
    expect(kit.code, kit.message).toBe(0);
  });

  it('answers 409 to a stale version and to publishing without a cover or an introduction', async () => {
    const draft = await create(form('过期的版本'));
    const saved = await as<AdminDelivery>(editor, 'POST', '/api/admin/delivery/update', {
      ...form('第二次保存'),
      id: draft.id,
      version: draft.version,
    });
    expect(saved.code, saved.message).toBe(0);
    const audited = await count('audit_log');
    const stale = await as(editor, 'POST', '/api/admin/delivery/update', {
      ...form('基于旧版本的修改'),
      id: draft.id,
      version: draft.version,
    });
    expect(stale).toMatchObject({
      code: ErrorCode.conflict,
      message: '已被他人修改，请刷新后再改',
    });
    expect(await count('audit_log')).toBe(audited);
    const kept = await as<AdminDelivery>(
      editor,
      'GET',
      `/api/admin/delivery/detail?id=${draft.id}`,
    );
    expect(kept.data.title).toBe('第二次保存');

    const bare = await create({ ...form('没有封面的资源'), cover: null });
    expect(bare.cover).toBeNull();
    const waiting = await step(editor, 'submit', bare);
    expect(await step(reviewer, 'approve', waiting.data)).toMatchObject({
      code: ErrorCode.conflict,
      message: '配送资源还没有封面，不能发布',
    });
    const silent = await create({ ...form('没有介绍的资源'), introductionHtml: '<p> </p>' });
    const sent = await step(editor, 'submit', silent);
    expect((await step(reviewer, 'approve', sent.data)).message).toBe(
      '配送资源还没有介绍，不能发布',
    );
  });

  it('lets no one approve their own submission', async () => {
    const both = await createOperator(app, [
      { site: SITE, role: 'editor' },
      { site: SITE, role: 'reviewer' },
    ]);
    const draft = await create(form('自己审核自己'));
    const submitted = await step(both, 'submit', draft);
    expect(submitted.code, submitted.message).toBe(0);
    const own = await step(both, 'approve', submitted.data);
    expect(own).toMatchObject({
      code: ErrorCode.forbidden,
      message: '不能审核自己提交的内容，请由另一位审核员审核',
    });
    const detail = await as<AdminDelivery>(
      editor,
      'GET',
      `/api/admin/delivery/detail?id=${draft.id}`,
    );
    expect(detail.data.status).toBe('pending');
    // An editor alone may not approve at all.
    expect((await step(editor, 'approve', detail.data)).code).toBe(ErrorCode.forbidden);
  });

  it('opens a seeded resource and lists by status, kind and title words, newest change first', async () => {
    const seeded = await app.database.db
      .selectFrom('delivery_resources')
      .select('id')
      .where('site_key', '=', SITE)
      .where('kind', '=', 'lecturer')
      .where('author_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const opened = await as<AdminDelivery>(
      editor,
      'GET',
      `/api/admin/delivery/detail?id=${seeded.id}`,
    );
    expect(opened.code, opened.message).toBe(0);
    expect(opened.data.status).toBe('published');
    expect(opened.data.lecturerName).not.toBe('');

    const made = await create({ ...form('筛选用的活动套件'), kind: 'kit' });
    const list = (query: string) =>
      as<Page<AdminDeliveryRow>>(editor, 'GET', `/api/admin/delivery?size=50&${query}`);
    const all = await list('');
    expect(all.data.list[0]?.id).toBe(made.id);
    const found = await list(`kind=kit&q=${encodeURIComponent('筛选用')}`);
    expect(found.data.list.map((row) => row.id)).toEqual([made.id]);
    expect(found.data.list[0]).toMatchObject({ status: 'draft', kind: 'kit' });
    expect((await list(`kind=course&q=${encodeURIComponent('筛选用')}`)).data.total).toBe(0);
    const published = await list('status=published');
    expect(published.data.list.every((row) => row.status === 'published')).toBe(true);
    expect(published.data.list.some((row) => row.id === made.id)).toBe(false);
    const refused = await list('kind=robot');
    expect(refused).toMatchObject({ code: ErrorCode.invalid, message: '资源类型：请选择资源类型' });
  });
});
