import {
  type AdminPlace,
  type AdminPlaceFormInput,
  type AdminPlaceParent,
  type AdminPlaceRow,
  type AdminReviewItem,
  ErrorCode,
  type Page,
  type PlaceDetail,
  type PlaceMarkerView,
  type PlaceSummary,
  type SearchResult,
} from '@portal/contract';
import { isPlaceKindOf } from '@portal/contract/constants';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator, reviewStep } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';

describeEachEngine(
  'the console’s map places: places of the learning map and their review',
  (ctx) => {
    let app: FastifyInstance;
    let editor: TestLearner;
    let reviewer: TestLearner;
    /** A place of the map unlike any seeded one, far enough from them that it is nearest to itself. */
    let spot = 0;
    const nextSpot = () => {
      spot += 1;
      // Along 彭浦's north edge, 300 m apart: inside 静安区, away from the seeded places' streets.
      return { lat: 31.3052, lng: 121.405 + spot * 0.003 };
    };

    const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      adminCall<T>(app, who.token, SITE, method, url, payload);
    /** A learner's phone (no login): what the portal shows, through the visitors' cache. */
    const phone = async <T>(url: string) =>
      body<T>(await app.inject({ url, headers: { 'x-site': SITE } }));
    /** A learning point with everything the map shows. */
    const form = (name: string, at = nextSpot()): AdminPlaceFormInput => ({
      category: 'point',
      kind: '社区文化活动中心',
      parentId: null,
      name,
      street: '彭浦镇',
      address: '上海市静安区沪太路1号',
      lat: at.lat,
      lng: at.lng,
      phone: '021-66281234',
      hours: [
        { days: [5, 1, 2, 3, 4, 1], open: '09:00', close: '11:30' },
        { days: [1, 2, 3, 4, 5], open: '13:30', close: '17:00' },
        { days: [6, 7], open: '09:00', close: '21:00' },
      ],
      introductionHtml: '<p>居民身边的<strong>学习点</strong>。</p><img src=x onerror=alert(1)>',
      cover: '/files/places/point-1.svg',
      photos: [
        '/files/places/point-2.svg',
        '/files/places/point-3.svg',
        '/files/places/point-2.svg',
      ],
    });
    const step = (who: TestLearner, action: string, place: AdminPlace) =>
      reviewStep(app, who.token, SITE, 'places', action, place);
    const create = async (input: AdminPlaceFormInput) => {
      const created = await as<AdminPlace>(editor, 'POST', '/api/admin/places/create', input);
      expect(created.code, created.message).toBe(0);
      return created.data;
    };
    const publish = async (input: AdminPlaceFormInput) => {
      const submitted = await step(editor, 'submit', await create(input));
      const approved = await step(reviewer, 'approve', submitted.data);
      expect(approved.code, approved.message).toBe(0);
      return approved.data;
    };
    const near = (at: { lat: number; lng: number }) =>
      phone<PlaceSummary[]>(`/api/places/near?lat=${at.lat}&lng=${at.lng}&limit=3`);
    const nearest = (at: { lat: number; lng: number }) =>
      phone<Page<PlaceSummary>>(`/api/places?lat=${at.lat}&lng=${at.lng}&size=3`);
    const markers = () => phone<PlaceMarkerView>('/api/places/markers?zoom=12');
    const search = (words: string) =>
      phone<Page<SearchResult>>(`/api/search?type=place&q=${encodeURIComponent(words)}`);
    const count = async (table: 'map_places' | 'audit_log' | 'content_edits') =>
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

    it('keeps a new place off the map until a reviewer approves it, then shows it at once, and takes it down at once', async () => {
      const at = nextSpot();
      // The map's answers are asked (and kept: the indexes, the visitors' cache) before it exists.
      const before = { near: await near(at), list: await nearest(at), markers: await markers() };
      expect(before.near.code, before.near.message).toBe(0);
      const draft = await create(form('彭浦镇市民学习中心', at));
      expect(draft).toMatchObject({
        status: 'draft',
        category: 'point',
        kind: '社区文化活动中心',
        lat: at.lat,
        lng: at.lng,
        // Days said once each, Monday first; photos once each, in order.
        hours: [
          { days: [1, 2, 3, 4, 5], open: '09:00', close: '11:30' },
          { days: [1, 2, 3, 4, 5], open: '13:30', close: '17:00' },
          { days: [6, 7], open: '09:00', close: '21:00' },
        ],
        photos: ['/files/places/point-2.svg', '/files/places/point-3.svg'],
      });
      // Stored sanitized: no handler.
      expect(draft.introductionHtml).toContain('<strong>学习点</strong>');
      expect(draft.introductionHtml).not.toContain('onerror');
      expect((await phone(`/api/places/detail?id=${draft.id}`)).code).toBe(ErrorCode.notFound);
      expect((await near(at)).data[0]?.id).not.toBe(draft.id);
      expect((await search('彭浦镇市民学习中心')).data.total).toBe(0);

      const submitted = await step(editor, 'submit', draft);
      expect(submitted.data.status).toBe('pending');
      const queue = await as<Page<AdminPlaceRow>>(
        reviewer,
        'GET',
        '/api/admin/places?status=pending',
      );
      expect(queue.data.list.find((row) => row.id === draft.id)).toMatchObject({
        title: '彭浦镇市民学习中心',
        category: 'point',
        kind: '社区文化活动中心',
        located: true,
      });
      // The review inbox names it by its name.
      const inbox = await as<Page<AdminReviewItem>>(
        reviewer,
        'GET',
        '/api/admin/reviews?entity=place',
      );
      expect(inbox.data.list).toContainEqual(
        expect.objectContaining({ entity: 'place', id: draft.id, title: '彭浦镇市民学习中心' }),
      );
      const approved = await step(reviewer, 'approve', submitted.data);
      expect(approved.code, approved.message).toBe(0);
      expect(approved.data).toMatchObject({ status: 'published' });
      expect(approved.data.publishedAt).not.toBeNull();

      // At once: the near index, the list nearest first, the markers, the detail and search.
      const shown = await near(at);
      expect(shown.data[0]).toMatchObject({
        id: draft.id,
        name: '彭浦镇市民学习中心',
        distance: 0,
      });
      expect((await nearest(at)).data.list[0]?.id).toBe(draft.id);
      expect((await markers()).data.total).toBe(before.markers.data.total + 1);
      const detail = await phone<PlaceDetail>(`/api/places/detail?id=${draft.id}`);
      expect(detail.code, detail.message).toBe(0);
      expect(detail.data).toMatchObject({
        kind: '社区文化活动中心',
        street: '彭浦镇',
        address: '上海市静安区沪太路1号',
        phone: '021-66281234',
        cover: '/files/places/point-1.svg',
        photos: ['/files/places/point-2.svg', '/files/places/point-3.svg'],
      });
      expect(detail.data.hours).toHaveLength(3);
      expect(detail.data.intro).toContain('<strong>学习点</strong>');
      const found = await search('彭浦镇市民学习中心');
      expect(found.data.list.map((hit) => [hit.type, hit.id])).toEqual([['place', draft.id]]);

      // Taken down: gone from every answer at once.
      const down = await as(reviewer, 'POST', '/api/admin/places/take-down', { ids: [draft.id] });
      expect(down).toMatchObject({ code: 0, data: { done: [draft.id], skipped: [] } });
      expect((await near(at)).data.map((place) => place.id)).not.toContain(draft.id);
      expect((await nearest(at)).data.list.map((place) => place.id)).not.toContain(draft.id);
      expect((await markers()).data.total).toBe(before.markers.data.total);
      expect((await phone(`/api/places/detail?id=${draft.id}`)).code).toBe(ErrorCode.notFound);
      expect((await search('彭浦镇市民学习中心')).data.total).toBe(0);
      // Put up again by a reviewer: back at once.
      const again = await as(reviewer, 'POST', '/api/admin/places/publish', { ids: [draft.id] });
      expect(again).toMatchObject({ code: 0, data: { done: [draft.id] } });
      expect((await near(at)).data[0]?.id).toBe(draft.id);
    });

    it('keeps the published place on the map while an edit of it waits, and moves it when approved', async () => {
      const from = nextSpot();
      const live = await publish(form('临汾路学习点', from));
      const to = nextSpot();
      const edited = await as<AdminPlace>(editor, 'POST', '/api/admin/places/update', {
        ...form('临汾路市民学习点', to),
        id: live.id,
        version: live.version,
      });
      expect(edited.code, edited.message).toBe(0);
      expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
      expect(edited.data.live).toMatchObject({ name: '临汾路学习点', lat: from.lat });
      const submitted = await step(editor, 'submit', edited.data);
      const queue = await as<Page<AdminPlaceRow>>(
        reviewer,
        'GET',
        `/api/admin/places?status=pending&q=${encodeURIComponent('临汾路')}`,
      );
      expect(queue.data.list.find((row) => row.id === live.id)).toMatchObject({
        title: '临汾路市民学习点',
        status: 'published',
        editStatus: 'pending',
      });
      const inbox = await as<Page<AdminReviewItem>>(
        reviewer,
        'GET',
        '/api/admin/reviews?entity=place',
      );
      expect(inbox.data.list).toContainEqual(
        expect.objectContaining({ id: live.id, change: 'edit', title: '临汾路市民学习点' }),
      );
      // The learners still see the live version where it was.
      expect((await near(from)).data[0]).toMatchObject({ id: live.id, name: '临汾路学习点' });
      expect((await search('临汾路市民学习点')).data.total).toBe(0);

      const approved = await step(reviewer, 'approve', submitted.data);
      expect(approved.code, approved.message).toBe(0);
      expect((await near(to)).data[0]).toMatchObject({
        id: live.id,
        name: '临汾路市民学习点',
        distance: 0,
      });
      expect((await nearest(to)).data.list[0]).toMatchObject({
        id: live.id,
        name: '临汾路市民学习点',
      });
      expect((await search('临汾路市民学习点')).data.list.map((hit) => hit.id)).toEqual([live.id]);
    });

    it('refuses each bad field with a Chinese message naming it, writing nothing', async () => {
      const draft = await create(form('拒绝的修改'));
      const rows = await count('map_places');
      const edits = await count('content_edits');
      const audited = await count('audit_log');
      const update = (changes: Partial<AdminPlaceFormInput>) =>
        as(editor, 'POST', '/api/admin/places/update', {
          ...form('不该写入的名称'),
          ...changes,
          id: draft.id,
          version: draft.version,
        });
      const refusals: Array<[Partial<AdminPlaceFormInput>, string | RegExp]> = [
        [{ name: '  ' }, '场所名称：不能为空'],
        [{ category: 'robot' as 'point' }, '场所类别：请选择场所类别'],
        [
          { kind: '社区学校' },
          '场所类型：学习点类场所的类型须是：学习点、社区文化活动中心、居民区学习点、图书馆学习点、场馆学习点、户外学习点',
        ],
        [
          { category: 'school', kind: '老年大学分校', parentId: null },
          '所属学校：分校须选择所属学校',
        ],
        [{ lat: 91 }, '纬度：须在 -90 到 90 之间'],
        [{ lng: -181 }, '经度：须在 -180 到 180 之间'],
        [{ lng: null }, '经度：纬度和经度须同时填写'],
        // Hangzhou: far outside 静安区.
        [
          { lat: 30.2741, lng: 120.1551 },
          /^位置：离静安区太远（距区中心约 1\d\d 公里），请核对经纬度（WGS-84）$/,
        ],
        // 张江 in 浦东: in Shanghai, 14 km from 静安's middle.
        [{ lat: 31.2036, lng: 121.5905 }, /^位置：离静安区太远（距区中心约 14\.\d 公里）/],
        [{ phone: '打电话给我' }, '联系电话：请填写带区号的座机（如 021-62561234）或 11 位手机号'],
        [{ phone: '6228' }, '联系电话：请填写带区号的座机（如 021-62561234）或 11 位手机号'],
        [
          { hours: [{ days: [1], open: '17:00', close: '09:00' }] },
          '开放时间：第 1 行的关门时间须晚于开门时间',
        ],
        [
          { hours: [{ days: [1], open: '09:00', close: '09:00' }] },
          '开放时间：第 1 行的关门时间须晚于开门时间',
        ],
        [
          { hours: [{ days: [8], open: '09:00', close: '17:00' }] },
          '开放时间：星期须在 1（周一）到 7（周日）之间',
        ],
        [
          { hours: [{ days: [0], open: '09:00', close: '17:00' }] },
          '开放时间：星期须在 1（周一）到 7（周日）之间',
        ],
        [{ hours: [{ days: [], open: '09:00', close: '17:00' }] }, '开放时间：每行请至少选择一天'],
        [
          { hours: [{ days: [1], open: '9:00', close: '17:00' }] },
          '开放时间：开门时间须为 HH:mm，如 09:00',
        ],
        [
          { hours: [{ days: [1], open: '09:00', close: '24:00' }] },
          '开放时间：关门时间须为 HH:mm，如 17:00',
        ],
        [
          {
            hours: [
              { days: [1, 2], open: '09:00', close: '12:00' },
              { days: [3], open: '09:00', close: '12:00' },
              { days: [2, 4], open: '11:30', close: '13:00' },
            ],
          },
          '开放时间：第 3 行与第 1 行在周二的时间重叠',
        ],
        [{ cover: 'https://example.com/a.png' }, '封面：请上传封面图片'],
        [{ photos: ['/files/../secret.png'] }, '照片：请上传照片'],
        [
          { photos: Array.from({ length: 10 }, (_, n) => `/files/places/p-${n}.png`) },
          '照片：最多 9 张',
        ],
        [{ introductionHtml: 'x'.repeat(100_001) }, '场所介绍：内容过长'],
      ];
      for (const [changes, message] of refusals) {
        const refused = await update(changes);
        expect(refused.code, JSON.stringify(changes).slice(0, 80)).toBe(ErrorCode.invalid);
        expect(refused.message).toMatch(message);
      }
      // A branch's school is a school of the site, not a point, not a branch, not missing.
      const point = await app.database.db
        .selectFrom('map_places')
        .select('id')
        .where('site_key', '=', SITE)
        .where('category', '=', 'point')
        .executeTakeFirstOrThrow();
      const branch = await app.database.db
        .selectFrom('map_places')
        .select('id')
        .where('site_key', '=', SITE)
        .where('kind', '=', '老年大学分校')
        .executeTakeFirstOrThrow();
      for (const parentId of [point.id, branch.id]) {
        expect(await update({ category: 'school', kind: '老年大学分校', parentId })).toMatchObject({
          code: ErrorCode.invalid,
          message: '所属学校：须是本站的学校（不能是分校或其他场所）',
        });
      }
      expect(
        await update({ category: 'school', kind: '老年大学分校', parentId: 999_999 }),
      ).toMatchObject({ code: ErrorCode.invalid, message: '所属学校：本站地图上没有这所学校' });

      expect(await count('map_places')).toBe(rows);
      expect(await count('content_edits')).toBe(edits);
      expect(await count('audit_log')).toBe(audited);
      const now = await as<AdminPlace>(editor, 'GET', `/api/admin/places/detail?id=${draft.id}`);
      expect(now.data).toMatchObject({ name: '拒绝的修改', version: draft.version });
      // The same create refusals: nothing created.
      const made = await as(editor, 'POST', '/api/admin/places/create', {
        ...form('不该新建的场所'),
        lat: 91,
      });
      expect(made).toMatchObject({ code: ErrorCode.invalid, message: '纬度：须在 -90 到 90 之间' });
      expect(await count('map_places')).toBe(rows);
      // A phone with an extension, a mobile and none are all kept.
      for (const phoneNumber of ['021-6228 1234-801', '13812345678', '']) {
        const kept = await update({ phone: phoneNumber });
        expect(kept.code, kept.message).toBe(0);
        draft.version += 1;
      }
    });

    it('answers 409 to a stale version and to approving a place without an address or a position', async () => {
      const draft = await create(form('过期的版本'));
      const saved = await as<AdminPlace>(editor, 'POST', '/api/admin/places/update', {
        ...form('第二次保存'),
        id: draft.id,
        version: draft.version,
      });
      expect(saved.code, saved.message).toBe(0);
      const audited = await count('audit_log');
      const stale = await as(editor, 'POST', '/api/admin/places/update', {
        ...form('基于旧版本的修改'),
        id: draft.id,
        version: draft.version,
      });
      expect(stale).toMatchObject({
        code: ErrorCode.conflict,
        message: '已被他人修改，请刷新后再改',
      });
      expect(await count('audit_log')).toBe(audited);
      const staleStep = await step(editor, 'submit', draft);
      expect(staleStep.code).toBe(ErrorCode.conflict);
      const kept = await as<AdminPlace>(editor, 'GET', `/api/admin/places/detail?id=${draft.id}`);
      expect(kept.data).toMatchObject({ name: '第二次保存', status: 'draft' });

      // A draft may wait for its position; it cannot be published without it, nor its address.
      const unplaced = await create({ ...form('还没有位置的场所'), lat: null, lng: null });
      expect(unplaced).toMatchObject({ lat: null, lng: null });
      const list = await as<Page<AdminPlaceRow>>(
        editor,
        'GET',
        `/api/admin/places?q=${encodeURIComponent('还没有位置')}`,
      );
      expect(list.data.list[0]).toMatchObject({ id: unplaced.id, located: false });
      const waiting = await step(editor, 'submit', unplaced);
      expect(await step(reviewer, 'approve', waiting.data)).toMatchObject({
        code: ErrorCode.conflict,
        message: '地图场所还没有位置（经纬度），不能发布',
      });
      const homeless = await create({ ...form('还没有地址的场所'), address: '' });
      const sent = await step(editor, 'submit', homeless);
      expect((await step(reviewer, 'approve', sent.data)).message).toBe(
        '地图场所还没有地址，不能发布',
      );
      const scheduled = await as(reviewer, 'POST', '/api/admin/places/schedule', {
        id: homeless.id,
        version: sent.data.version,
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(scheduled).toMatchObject({
        code: ErrorCode.conflict,
        message: '地图场所还没有地址，不能发布',
      });
    });

    it('lets no one approve their own submission, and no operator of another site near the places', async () => {
      const both = await createOperator(app, [
        { site: SITE, role: 'editor' },
        { site: SITE, role: 'reviewer' },
      ]);
      const draft = await create(form('自己审核自己'));
      const submitted = await step(both, 'submit', draft);
      expect(submitted.code, submitted.message).toBe(0);
      expect(await step(both, 'approve', submitted.data)).toMatchObject({
        code: ErrorCode.forbidden,
        message: '不能审核自己提交的内容，请由另一位审核员审核',
      });
      expect((await step(editor, 'approve', submitted.data)).code).toBe(ErrorCode.forbidden);

      const xuhui = await createOperator(app, [
        { site: 'xuhui', role: 'editor' },
        { site: 'xuhui', role: 'reviewer' },
      ]);
      const audited = await count('audit_log');
      // Naming 静安: not an operator there.
      const there = await adminCall(
        app,
        xuhui.token,
        SITE,
        'GET',
        `/api/admin/places/detail?id=${draft.id}`,
      );
      expect(there.code).toBe(ErrorCode.forbidden);
      // On 徐汇 with 静安's place: not found, nothing changed.
      for (const [method, url, payload] of [
        ['GET', `/api/admin/places/detail?id=${draft.id}`, undefined],
        [
          'POST',
          '/api/admin/places/update',
          {
            ...form('徐汇改静安', { lat: 31.1925, lng: 121.4365 }),
            id: draft.id,
            version: submitted.data.version,
          },
        ],
        ['POST', '/api/admin/places/approve', { id: draft.id, version: submitted.data.version }],
      ] as const) {
        const answer = await adminCall(app, xuhui.token, 'xuhui', method, url, payload);
        expect(answer.code, url).toBe(ErrorCode.notFound);
      }
      const bulk = await adminCall<{ done: number[] }>(
        app,
        xuhui.token,
        'xuhui',
        'POST',
        '/api/admin/places/take-down',
        {
          ids: [draft.id],
        },
      );
      expect(bulk.data.done).toEqual([]);
      const list = await adminCall<Page<AdminPlaceRow>>(
        app,
        xuhui.token,
        'xuhui',
        'GET',
        '/api/admin/places?size=50',
      );
      expect(list.data.list.map((row) => row.id)).not.toContain(draft.id);
      // A place of 徐汇 lies in 徐汇区 (徐家汇), not in 静安区.
      const own = await adminCall<AdminPlace>(
        app,
        xuhui.token,
        'xuhui',
        'POST',
        '/api/admin/places/create',
        {
          ...form('徐家汇书院学习点', { lat: 31.1925, lng: 121.4365 }),
        },
      );
      expect(own.code, own.message).toBe(0);
      expect(await count('audit_log')).toBe(audited + 1);
      const wrongDistrict = await adminCall(
        app,
        xuhui.token,
        'xuhui',
        'POST',
        '/api/admin/places/create',
        {
          ...form('彭浦的场所', { lat: 31.3, lng: 121.44 }),
        },
      );
      expect(wrongDistrict.message).toMatch(/^位置：离徐汇区太远/);
    });

    it('makes a branch of a school found by name, shown under it on the phone', async () => {
      const university = await app.database.db
        .selectFrom('map_places')
        .select(['id', 'name'])
        .where('site_key', '=', SITE)
        .where('kind', '=', '老年大学')
        .executeTakeFirstOrThrow();
      const schools = await as<AdminPlaceParent[]>(
        editor,
        'GET',
        `/api/admin/places/schools?q=${encodeURIComponent('老年大学')}`,
      );
      expect(schools.code, schools.message).toBe(0);
      expect(schools.data.map((school) => school.id)).toContain(university.id);
      // Branches are not schools a branch may belong to.
      expect(schools.data.every((school) => school.kind !== '老年大学分校')).toBe(true);
      const chosenFirst = await as<AdminPlaceParent[]>(
        editor,
        'GET',
        `/api/admin/places/schools?q=${encodeURIComponent('社区学校')}&id=${university.id}`,
      );
      expect(chosenFirst.data[0]?.id).toBe(university.id);

      const at = nextSpot();
      const branch = await publish({
        ...form('静安区老年大学彭浦北分校', at),
        category: 'school',
        kind: '老年大学分校',
        parentId: university.id,
      });
      expect(branch.parentId).toBe(university.id);
      const detail = await phone<PlaceDetail>(`/api/places/detail?id=${branch.id}`);
      expect(detail.data.parent).toMatchObject({ id: university.id, name: university.name });
      const school = await phone<PlaceDetail>(`/api/places/detail?id=${university.id}`);
      expect(school.data.branches.map((place) => place.id)).toContain(branch.id);
      // Never its own school; a school with branches stays a school.
      const self = await as(editor, 'POST', '/api/admin/places/update', {
        ...form('静安区老年大学彭浦北分校', at),
        category: 'school',
        kind: '老年大学分校',
        parentId: branch.id,
        id: branch.id,
        version: branch.version,
      });
      expect(self.code).toBe(ErrorCode.invalid);
      const seeded = await as<AdminPlace>(
        editor,
        'GET',
        `/api/admin/places/detail?id=${university.id}`,
      );
      expect(seeded.data).toMatchObject({
        status: 'published',
        category: 'school',
        kind: '老年大学',
      });
      const demoted = await as(editor, 'POST', '/api/admin/places/update', {
        ...seeded.data,
        kind: '社区学校',
        category: 'school',
        id: university.id,
        version: seeded.data.version,
      });
      expect(demoted.code, demoted.message).toBe(0);
      const pointed = await as(editor, 'POST', '/api/admin/places/update', {
        ...seeded.data,
        category: 'point',
        kind: '学习点',
        id: university.id,
        version: seeded.data.version + 1,
      });
      expect(pointed).toMatchObject({
        code: ErrorCode.invalid,
        message: '场所类型：还有分校属于这所学校，不能改为分校或其他类型',
      });
    });

    it('opens a seeded place and lists by status, category and name words, newest change first', async () => {
      const seeded = await app.database.db
        .selectFrom('map_places')
        .select('id')
        .where('site_key', '=', SITE)
        .where('category', '=', 'base')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const opened = await as<AdminPlace>(
        editor,
        'GET',
        `/api/admin/places/detail?id=${seeded.id}`,
      );
      expect(opened.code, opened.message).toBe(0);
      expect(opened.data).toMatchObject({
        status: 'published',
        category: 'base',
        kind: '体验基地',
      });
      expect(opened.data.lat).not.toBeNull();
      expect(opened.data.hours.length).toBeGreaterThan(0);

      // Every seeded place's kind is one the form offers for its category.
      const kinds = await app.database.db
        .selectFrom('map_places')
        .select(['category', 'kind'])
        .distinct()
        .execute();
      expect(kinds.filter((row) => !isPlaceKindOf(row.category, row.kind))).toEqual([]);

      const made = await create({
        ...form('筛选用的行走点'),
        category: 'walk',
        kind: '人文行走点',
      });
      const list = (query: string) =>
        as<Page<AdminPlaceRow>>(editor, 'GET', `/api/admin/places?size=50&${query}`);
      expect((await list('')).data.list[0]?.id).toBe(made.id);
      const found = await list(`category=walk&q=${encodeURIComponent('筛选用')}`);
      expect(found.data.list.map((row) => row.id)).toEqual([made.id]);
      expect(found.data.list[0]).toMatchObject({
        status: 'draft',
        category: 'walk',
        kind: '人文行走点',
      });
      expect((await list(`category=school&q=${encodeURIComponent('筛选用')}`)).data.total).toBe(0);
      const published = await list('status=published&category=school');
      expect(published.data.total).toBeGreaterThan(10);
      expect(published.data.list.every((row) => row.status === 'published')).toBe(true);
      expect(published.data.list.every((row) => row.category === 'school')).toBe(true);
      expect(await list('category=robot')).toMatchObject({
        code: ErrorCode.invalid,
        message: '场所类别：请选择场所类别',
      });
    });
  },
);
