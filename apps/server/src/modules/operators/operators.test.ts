import fs from 'node:fs';
import path from 'node:path';
import {
  type AdminArticle,
  type AdminSession,
  type AdminUpload,
  type AdminVideoUpload,
  type AuditEntry,
  type AuditExport,
  ErrorCode,
  type Operator,
  type Page,
  pictureSrcSet,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_ROLES } from '../../http/admin-route.ts';
import { BUNDLED_MEDIA_DIR } from '../../http/media-host.ts';
import { DEMO_OPERATORS } from '../../seed/operators.ts';
import { createActivity, FULL_FORM, multipart } from '../../testing/activity-factory.ts';
import type { TestLearner } from '../../testing/class-factory.ts';
import { createLearners } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';
import { erasePersonalData } from '../account-settings/account-settings.queries.ts';
import type { ReviewTable } from '../content/review-desk.ts';

/** The table of each reviewed kind, by its path under `/api/admin/`. */
const TABLES = {
  articles: 'articles',
  courses: 'courses',
  activities: 'activities',
  classes: 'classes',
  ebooks: 'ebooks',
  live: 'live_sessions',
  topics: 'topics',
  delivery: 'delivery_resources',
  banners: 'home_banners',
  programmes: 'base_programmes',
  places: 'map_places',
  walks: 'walks',
} as const satisfies Record<string, ReviewTable>;

/** The column naming a record of a kind whose table has no `title` (a place's `name`). */
const TITLE_COLUMNS: Partial<Record<keyof typeof TABLES, 'name'>> = { places: 'name' };

/** A form each kind's create and update accept in shape. */
const FORMS: Record<string, object> = {
  articles: { channelId: 1, title: '标题', bodyHtml: '<p>正文</p>' },
  courses: { categoryId: 1, teacherId: 1, title: '课程', cover: '/files/c.png', chapters: [] },
  activities: {
    kind: '讲座',
    organiserId: 1,
    title: '活动',
    cover: '/files/c.png',
    place: '地点',
    contact: '021-62561234',
    capacity: 10,
    signupStart: '2026-12-01T10:00:00.000Z',
    signupEnd: '2026-12-02T10:00:00.000Z',
    startAt: '2026-12-03T10:00:00.000Z',
    endAt: '2026-12-03T11:00:00.000Z',
  },
  classes: {
    title: '班级',
    cover: '/files/c.png',
    term: '2026年秋季',
    classTime: '每周二 9:30-11:00',
    place: '地点',
    teacherName: '教师',
    capacity: 10,
    signupStart: '2026-12-01T10:00:00.000Z',
    signupEnd: '2026-12-02T10:00:00.000Z',
    startAt: '2026-12-03T10:00:00.000Z',
    endAt: '2027-01-03T10:00:00.000Z',
  },
  ebooks: { categoryId: 1, title: '电子书', author: '作者', publishedYear: 2024 },
  live: {
    channelId: 1,
    title: '直播',
    cover: '/files/c.png',
    speaker: '主讲人',
    startsAt: '2026-12-01T10:00:00.000Z',
    endsAt: '2026-12-01T11:00:00.000Z',
  },
  topics: { title: '专题', slug: '2026/sweep', banner: '/files/c.png', sections: [] },
  delivery: { kind: 'kit', title: '配送资源', audienceMin: 10, audienceMax: 30, leadDays: 7 },
  banners: { title: '轮播图', label: '推荐', linkKind: 'course', linkId: 1, position: 0 },
  programmes: {
    placeId: 1,
    title: '参观项目',
    durationMinutes: 60,
    audience: '老年学员',
    maxParty: 5,
    slots: [],
  },
  places: { category: 'point', kind: '学习点', name: '学习点', street: '街道', address: '地址' },
  walks: { title: '行走路线', distanceM: 1200, durationMinutes: 60, stops: [], sessions: [] },
};

/** The kind an operation acts on: `courses` for `POST /api/admin/courses/update`. */
const kindOf = (operation: string) => /\/api\/admin\/([a-z-]+)/.exec(operation)?.[1] ?? '';

/** A request each console operation accepts in shape (ids of nothing: refused after the role). */
function sample(operation: string): unknown {
  if (operation.endsWith('/grant') || operation.endsWith('/revoke')) {
    return { username: '13800000001', role: 'editor' };
  }
  const kind = kindOf(operation);
  if (operation.endsWith('/create')) return FORMS[kind];
  if (operation.endsWith('/update')) return { id: 1, version: 1, ...FORMS[kind] };
  if (operation.endsWith('/reject')) return { id: 1, version: 1, reason: '理由' };
  if (operation.endsWith('/schedule')) {
    return { id: 1, version: 1, publishAt: new Date(Date.now() + 86_400_000).toISOString() };
  }
  if (operation.endsWith('/publish') || operation.endsWith('/take-down')) return { ids: [1] };
  return { id: 1, version: 1 };
}

const urlOf = (operation: string) => {
  const [, path = ''] = operation.split(' ');
  return path.endsWith('/detail') ? `${path}?id=1` : path;
};

describeEachEngine('operators: roles, sites and the audit log', (ctx) => {
  let app: FastifyInstance;
  let learner: TestLearner;
  let editor: TestLearner;
  let siteAdmin: TestLearner;

  const call = <T>(who: TestLearner | null, site: string, operation: string, payload?: unknown) => {
    const [method] = operation.split(' ') as ['GET' | 'POST'];
    return adminCall<T>(
      app,
      who?.token ?? null,
      site,
      method,
      urlOf(operation),
      payload ?? sample(operation),
    );
  };

  beforeAll(async () => {
    app = ctx().app;
    learner = await createOperator(app, []);
    editor = await createOperator(app, [{ site: 'jingan', role: 'editor' }]);
    siteAdmin = await createOperator(app, [{ site: 'jingan', role: 'site_admin' }]);
  });

  it('answers each account its sites and roles, through the real login', async () => {
    const token = await loginAs(app, '13800000012', 'Demo@2026');
    const session = await adminCall<AdminSession>(
      app,
      token,
      'jingan',
      'GET',
      '/api/admin/session',
    );
    expect(session.data).toMatchObject({
      nickname: '静安编辑小陈',
      superAdmin: false,
      sites: [{ key: 'jingan', name: '静安学习网', roles: ['editor'] }],
    });
    // A 站点管理员 holds every role of their site.
    const admin = await adminCall<AdminSession>(
      app,
      siteAdmin.token,
      'jingan',
      'GET',
      '/api/admin/session',
    );
    expect(admin.data.sites[0]?.roles).toEqual([
      'site_admin',
      'editor',
      'reviewer',
      'checkin',
      'delivery',
    ]);
    const nobody = await adminCall<AdminSession>(
      app,
      learner.token,
      'jingan',
      'GET',
      '/api/admin/session',
    );
    expect(nobody.data.sites).toEqual([]);
    const superToken = await loginAs(app, '13800000010', 'Demo@2026');
    const all = await adminCall<AdminSession>(
      app,
      superToken,
      'xuhui',
      'GET',
      '/api/admin/session',
    );
    expect(all.data.superAdmin).toBe(true);
    expect(all.data.sites.map((site) => site.key)).toEqual(['jingan', 'xuhui']);
    const visitor = await adminCall(app, null, 'jingan', 'GET', '/api/admin/session');
    expect(visitor.code).toBe(ErrorCode.loginRequired);
  });

  it('declares a role on every console operation and refuses visitors, learners and the wrong role', async () => {
    const operations = [...ADMIN_ROUTE_ROLES.keys()];
    expect(operations.length).toBeGreaterThanOrEqual(14);
    const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      path.startsWith('/api/admin/') && path !== '/api/admin/session'
        ? Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)
        : [],
    );
    expect(documented.sort()).toEqual([...operations].sort());
    for (const operation of operations) {
      expect((await call(null, 'jingan', operation)).code, operation).toBe(ErrorCode.loginRequired);
      const refused = await call(learner, 'jingan', operation);
      expect(refused.code, operation).toBe(ErrorCode.forbidden);
      expect(refused.message, operation).toMatch(/操作员|权限/);
      const roles = ADMIN_ROUTE_ROLES.get(operation) ?? [];
      if (!roles.includes('editor')) {
        const byEditor = await call(editor, 'jingan', operation);
        expect(byEditor.code, `${operation} as an editor`).toBe(ErrorCode.forbidden);
      }
    }
  });

  it('keeps an operator of one site out of every record of another', async () => {
    const [xuhuiEditor, xuhuiReviewer, xuhuiAdmin] = await Promise.all(
      (['editor', 'reviewer', 'site_admin'] as const).map((role) =>
        createOperator(app, [{ site: 'xuhui', role }]),
      ),
    );
    // A draft of 静安 sent for review, beside the published records of every other kind.
    const draft = await adminCall<AdminArticle>(
      app,
      editor.token,
      'jingan',
      'POST',
      '/api/admin/articles/create',
      {
        channelId: (
          await app.database.db
            .selectFrom('article_channels')
            .select('id')
            .where('site_key', '=', 'jingan')
            .executeTakeFirstOrThrow()
        ).id,
        title: '静安的文章',
        bodyHtml: '<p>正文</p>',
      },
    );
    expect(draft.code).toBe(0);
    /** The 静安 record each kind's operations aim at. */
    const targets = new Map<string, { id: number; version: number; title: string }>();
    for (const [kind, table] of Object.entries(TABLES)) {
      const named = TITLE_COLUMNS[kind as keyof typeof TABLES] ?? 'title';
      const row = await app.database.db
        // Typed as one table: the columns read are on every reviewed one (the title by its name).
        .selectFrom(table as 'articles')
        .select(['id', 'version', sql<string>`${sql.ref(named)}`.as('title')])
        .where('site_key', '=', 'jingan')
        .$if(kind === 'articles', (query) => query.where('id', '=', draft.data.id))
        .orderBy('id')
        .executeTakeFirstOrThrow();
      // Seeded titles repeat across sites (live sessions): the target gets one only 静安 has,
      // so a 徐汇 answer naming it is a leak, not a record of 徐汇's own.
      const title = `静安·${row.title}`;
      await app.database.db
        .updateTable(table as 'articles')
        .set({ [named]: title })
        .where('id', '=', row.id)
        .execute();
      targets.set(kind, { ...row, title, version: Number(row.version) });
    }
    const fingerprint = async () =>
      JSON.stringify(
        await Promise.all(
          Object.entries(TABLES).map(([kind, table]) =>
            app.database.db
              .selectFrom(table as 'articles')
              .select([
                'id',
                sql<string>`${sql.ref(TITLE_COLUMNS[kind as keyof typeof TABLES] ?? 'title')}`.as(
                  'title',
                ),
                'status',
                'version',
                'published',
              ])
              .where('site_key', '=', 'jingan')
              .orderBy('id')
              .execute(),
          ),
        ),
      );
    const before = await fingerprint();
    let aimed = 0;
    for (const operation of ADMIN_ROUTE_ROLES.keys()) {
      const target = targets.get(kindOf(operation));
      const [method, path = ''] = operation.split(' ') as ['GET' | 'POST', string];
      const at = (site: string, who: TestLearner) =>
        adminCall<unknown>(
          app,
          who.token,
          site,
          method,
          target && path.endsWith('/detail') ? `${path}?id=${target.id}` : urlOf(operation),
          target
            ? {
                ...(sample(operation) as object),
                id: target.id,
                ids: [target.id],
                version: target.version,
              }
            : sample(operation),
        );
      if (target) aimed += 1;
      for (const who of [xuhuiEditor, xuhuiReviewer, xuhuiAdmin] as TestLearner[]) {
        // Naming 静安 in X-Site: not an operator there.
        const there = await at('jingan', who);
        expect(there.code, `${operation} on jingan`).toBe(ErrorCode.forbidden);
        // On 徐汇 with 静安's record: it is not found there (or refused by role).
        const here = await at('xuhui', who);
        if (here.code === 0) {
          // A bulk action answers, but acts on nothing of 静安; lists show only 徐汇's rows.
          if (target) expect(JSON.stringify(here.data), operation).not.toContain(target.title);
        } else {
          expect(
            [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.invalid, ErrorCode.conflict],
            operation,
          ).toContain(here.code);
        }
      }
    }
    // Every kind's operations aimed at a real record of 静安.
    expect(aimed).toBeGreaterThanOrEqual(Object.keys(TABLES).length * 9);
    const detail = await adminCall(
      app,
      xuhuiEditor?.token ?? null,
      'xuhui',
      'GET',
      `/api/admin/articles/detail?id=${draft.data.id}`,
    );
    expect(detail.code).toBe(ErrorCode.notFound);
    expect(await fingerprint()).toBe(before);
  });

  describe('roles granted by a 站点管理员', () => {
    it('grants and takes back a role of their own site, logged, and never their own', async () => {
      const newcomer = await createOperator(app, []);
      const username = (
        await app.database.db
          .selectFrom('users')
          .select('username')
          .where('id', '=', newcomer.id)
          .executeTakeFirstOrThrow()
      ).username;
      // Accounts are phone numbers in the form; a test account is not one: give it one.
      const phone = `1360000${String(newcomer.id).padStart(4, '0')}`;
      await app.database.db
        .updateTable('users')
        .set({ username: phone })
        .where('id', '=', newcomer.id)
        .execute();
      expect(username).not.toBe(phone);
      const granted = await adminCall<Operator[]>(
        app,
        siteAdmin.token,
        'jingan',
        'POST',
        '/api/admin/operators/grant',
        {
          username: phone,
          role: 'reviewer',
        },
      );
      expect(granted.code, granted.message).toBe(0);
      expect(granted.data.find((entry) => entry.userId === newcomer.id)?.roles).toEqual([
        'reviewer',
      ]);
      const twice = await adminCall(
        app,
        siteAdmin.token,
        'jingan',
        'POST',
        '/api/admin/operators/grant',
        {
          username: phone,
          role: 'reviewer',
        },
      );
      expect(twice.code).toBe(ErrorCode.conflict);
      const session = await adminCall<AdminSession>(
        app,
        newcomer.token,
        'jingan',
        'GET',
        '/api/admin/session',
      );
      expect(session.data.sites).toEqual([
        { key: 'jingan', name: '静安学习网', roles: ['reviewer'] },
      ]);
      const superGrant = await adminCall(
        app,
        siteAdmin.token,
        'jingan',
        'POST',
        '/api/admin/operators/grant',
        {
          username: phone,
          role: 'super_admin',
        },
      );
      expect(superGrant.code).toBe(ErrorCode.invalid);
      const own = (
        await app.database.db
          .selectFrom('users')
          .select('username')
          .where('id', '=', siteAdmin.id)
          .executeTakeFirstOrThrow()
      ).username;
      const selfRevoke = await adminCall(
        app,
        siteAdmin.token,
        'jingan',
        'POST',
        '/api/admin/operators/revoke',
        {
          username: own,
          role: 'site_admin',
        },
      );
      expect(selfRevoke.code).not.toBe(0);
      const revoked = await adminCall<Operator[]>(
        app,
        siteAdmin.token,
        'jingan',
        'POST',
        '/api/admin/operators/revoke',
        {
          username: phone,
          role: 'reviewer',
        },
      );
      expect(revoked.data.some((entry) => entry.userId === newcomer.id)).toBe(false);
      const log = await adminCall<Page<AuditEntry>>(
        app,
        siteAdmin.token,
        'jingan',
        'GET',
        `/api/admin/audit?entity=operator&entityId=${newcomer.id}`,
      );
      expect(log.data.list.map((entry) => entry.action)).toEqual(['revoke', 'grant']);
    });
  });

  describe('the portal’s staff work, opened by a role of the console', () => {
    const call = (
      token: string,
      site: string,
      method: 'GET' | 'POST',
      url: string,
      payload?: unknown,
    ) => adminCall<{ staff?: boolean }>(app, token, site, method, url, payload);

    it('lets a 配送专员 or a 站点管理员 handle the site’s delivery, and nobody elsewhere', async () => {
      const courier = await createOperator(app, [{ site: 'jingan', role: 'delivery' }]);
      expect((await call(courier.token, 'jingan', 'GET', '/api/delivery/staff/role')).data).toEqual(
        { staff: true },
      );
      expect((await call(courier.token, 'xuhui', 'GET', '/api/delivery/staff/role')).data).toEqual({
        staff: false,
      });
      expect(
        (await call(siteAdmin.token, 'jingan', 'GET', '/api/delivery/staff/role')).data,
      ).toEqual({ staff: true });
      expect((await call(editor.token, 'jingan', 'GET', '/api/delivery/staff/role')).data).toEqual({
        staff: false,
      });
      expect(
        (await call(courier.token, 'jingan', 'GET', '/api/delivery/staff/requests')).code,
      ).toBe(0);
      expect((await call(editor.token, 'jingan', 'GET', '/api/delivery/staff/requests')).code).toBe(
        ErrorCode.forbidden,
      );
    });

    it('lets a 签到员 of the site check a learner in, and not one of another site', async () => {
      const db = app.database.db;
      const [attendee] = await createLearners(db, 1);
      if (!attendee) throw new Error('no learner');
      const activityId = await createActivity(db, { title: '签到员签到的活动' });
      await call(attendee.token, 'jingan', 'POST', '/api/activities/apply', {
        activityId,
        form: FULL_FORM,
      });
      const { checkin_code: code } = await db
        .selectFrom('activity_applications')
        .select('checkin_code')
        .where('activity_id', '=', activityId)
        .executeTakeFirstOrThrow();
      const elsewhere = await createOperator(app, [{ site: 'xuhui', role: 'checkin' }]);
      expect(
        (await call(elsewhere.token, 'jingan', 'POST', '/api/activities/checkin', { code })).code,
      ).toBe(ErrorCode.forbidden);
      const desk = await createOperator(app, [{ site: 'jingan', role: 'checkin' }]);
      const done = await call(desk.token, 'jingan', 'POST', '/api/activities/checkin', { code });
      expect(done.code, JSON.stringify(done)).toBe(0);
    });

    it('takes every role away from an account deleted by its owner', async () => {
      const leaving = await createOperator(app, [{ site: 'jingan', role: 'editor' }]);
      // What deleting an account erases (`DELETE` of 账号设置 runs it in its transaction).
      await erasePersonalData(app.database.db, leaving.id);
      const left = await app.database.db
        .selectFrom('operator_roles')
        .select('id')
        .where('user_id', '=', leaving.id)
        .execute();
      expect(left).toEqual([]);
    });
  });

  describe('uploads', () => {
    const upload = (token: string, url: string, name: string, content: Buffer) => {
      const form = multipart({}, [{ name, content, field: 'file' }]);
      return app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, 'x-site': 'jingan', authorization: `Bearer ${token}` },
      });
    };

    it('keeps an editor’s picture resized as WebP and a lesson video as it came, by content', async () => {
      const png = await sharp({
        create: { width: 2400, height: 1200, channels: 3, background: '#1664ff' },
      })
        .png()
        .toBuffer();
      const picture = body<AdminUpload>(
        await upload(editor.token, '/api/admin/uploads/image', 'a.png', png),
      );
      expect(picture.data).toMatchObject({ width: 1600, height: 800 });
      expect(picture.data.url).toMatch(/^\/files\/admin\/jingan\/[A-Za-z0-9_-]{22}\.w1600\.webp$/);
      // Each width of the srcset is served, as WebP of that width.
      const widths = (pictureSrcSet(picture.data.url) ?? '').split(', ');
      expect(widths.map((entry) => entry.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
      for (const entry of widths) {
        const [url = '', width = ''] = entry.split(' ');
        const served = await app.inject({ url });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect((await sharp(served.rawPayload).metadata()).width).toBe(Number.parseInt(width, 10));
      }
      // The original is kept as it came, privately: never under a served folder.
      const id = picture.data.url.split('/').at(-1)?.split('.')[0];
      const original = `originals/files/admin/jingan/${id}.png`;
      expect(await app.files.sizeOf(original)).toBe(png.length);
      expect((await app.inject({ url: `/${original}` })).statusCode).toBe(404);

      const mp4 = fs.readFileSync(path.join(BUNDLED_MEDIA_DIR, 'demo/lesson.mp4'));
      const video = body<AdminVideoUpload>(
        await upload(editor.token, '/api/admin/uploads/video', '第一课.mp4', mp4),
      );
      expect(video.data).toMatchObject({ bytes: mp4.length });
      expect(video.data.url).toMatch(/^\/media\/uploads\/jingan\/[A-Za-z0-9_-]{22}\.mp4$/);
      const range = await app.inject({ url: video.data.url, headers: { range: 'bytes=0-99' } });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.equals(mp4.subarray(0, 100))).toBe(true);
    });

    it('refuses what is not what it claims to be, a learner, and another role', async () => {
      const fake = Buffer.from('MZ this is no picture and no video at all, whatever its name says');
      const picture = body(await upload(editor.token, '/api/admin/uploads/image', 'a.png', fake));
      expect(picture).toMatchObject({
        code: ErrorCode.invalid,
        message: '图片：只能上传 JPG、PNG 或 WebP 图片',
      });
      const video = body(await upload(editor.token, '/api/admin/uploads/video', 'a.mp4', fake));
      expect(video).toMatchObject({
        code: ErrorCode.invalid,
        message: '视频：只能上传 MP4 或 WebM 视频',
      });
      expect(
        body(await upload(learner.token, '/api/admin/uploads/video', 'a.mp4', fake)).code,
      ).toBe(ErrorCode.forbidden);
    });
  });

  describe('the audit log', () => {
    it('is append-only in the database', async () => {
      await adminCall(app, siteAdmin.token, 'jingan', 'POST', '/api/admin/operators/grant', {
        username: DEMO_OPERATORS[4]?.username,
        role: 'checkin',
      });
      const row = await app.database.db
        .selectFrom('audit_log')
        .select('id')
        .executeTakeFirstOrThrow();
      await expect(
        sql`update audit_log set summary = 'changed' where id = ${row.id}`.execute(app.database.db),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql`delete from audit_log where id = ${row.id}`.execute(app.database.db),
      ).rejects.toThrow(/append-only/);
    });

    it('exports the filtered log as CSV a spreadsheet reads, formulas neutralised', async () => {
      const exported = await adminCall<AuditExport>(
        app,
        siteAdmin.token,
        'jingan',
        'GET',
        '/api/admin/audit/export?entity=operator',
      );
      expect(exported.code, exported.message).toBe(0);
      const lines = exported.data.csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        '编号,时间,操作人,操作人编号,操作,记录类型,记录编号,内容,修改前,修改后,来源地址',
      );
      expect(lines.length - 1).toBe(exported.data.rows);
      expect(exported.data.rows).toBeGreaterThan(0);
      expect(lines.slice(1).every((line) => line.includes(',操作员权限,'))).toBe(true);
      expect(exported.data.filename).toMatch(/^操作日志-jingan-\d{4}-\d{2}-\d{2}\.csv$/);
      // 徐汇's operators see none of 静安's log.
      const xuhuiAdmin = await createOperator(app, [{ site: 'xuhui', role: 'site_admin' }]);
      const theirs = await adminCall<Page<AuditEntry>>(
        app,
        xuhuiAdmin.token,
        'xuhui',
        'GET',
        '/api/admin/audit',
      );
      expect(theirs.data.list.every((entry) => entry.siteKey === 'xuhui')).toBe(true);
    });
  });
});
