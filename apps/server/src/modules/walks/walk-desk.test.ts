import {
  type AdminWalk,
  type AdminWalkFormInput,
  type AdminWalkPlace,
  type AdminWalkRow,
  ErrorCode,
  type Page,
  type SearchResult,
  type WalkCard,
  type WalkDetail,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { getAs, postAs } from '../../testing/account-factory.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { createPlace, TEST_STOPS } from '../../testing/walk-factory.ts';

const SITE = 'jingan';
const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describeEachEngine(
  'the console’s humanities walks: routes, stops, sessions and their review',
  (ctx) => {
    let app: FastifyInstance;
    let editor: TestLearner;
    let reviewer: TestLearner;
    let learners: TestLearner[];
    /** Walk places of the site (at the test stops), and a place of another category. */
    let places: number[];
    let basePlace: number;

    const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      adminCall<T>(app, who.token, SITE, method, url, payload);
    const phone = async <T>(url: string) =>
      body<T>(await app.inject({ url, headers: { 'x-site': SITE } }));
    const form = (
      title: string,
      overrides: Partial<AdminWalkFormInput> = {},
    ): AdminWalkFormInput => ({
      title,
      introductionHtml: '<p>沿着<strong>愚园路</strong>走一走。</p><img src=x onerror=alert(1)>',
      cover: '/files/covers/walk-1.svg',
      distanceM: 1800,
      durationMinutes: 90,
      stops: [
        { placeId: places[0] as number, story: '  第一站的故事  ' },
        { placeId: places[1] as number, story: '第二站的故事' },
      ],
      sessions: [
        {
          startAt: later(72),
          endAt: later(74),
          meetingPoint: '静安寺地铁站 1 号口',
          guide: '李老师',
          capacity: 5,
        },
      ],
      ...overrides,
    });
    const step = (who: TestLearner, action: string, walk: { id: number; version: number }) =>
      as<AdminWalk>(who, 'POST', `/api/admin/walks/${action}`, {
        id: walk.id,
        version: walk.version,
      });
    const create = async (input: AdminWalkFormInput) => {
      const created = await as<AdminWalk>(editor, 'POST', '/api/admin/walks/create', input);
      expect(created.code, created.message).toBe(0);
      return created.data;
    };
    const update = (walk: AdminWalk, input: AdminWalkFormInput) =>
      as<AdminWalk>(editor, 'POST', '/api/admin/walks/update', {
        ...input,
        id: walk.id,
        version: walk.version,
      });
    const publish = async (input: AdminWalkFormInput) => {
      const submitted = await step(editor, 'submit', await create(input));
      const approved = await step(reviewer, 'approve', submitted.data);
      expect(approved.code, approved.message).toBe(0);
      return approved.data;
    };
    /** The walk's form as the editor sends it back (its rows by id). */
    const formOf = (walk: AdminWalk): AdminWalkFormInput => ({
      title: walk.title,
      introductionHtml: walk.introductionHtml,
      cover: walk.cover,
      distanceM: walk.distanceM,
      durationMinutes: walk.durationMinutes,
      stops: walk.stops,
      sessions: walk.sessions,
    });
    const count = async (
      table: 'walks' | 'walk_stops' | 'walk_sessions' | 'audit_log' | 'content_edits',
    ) =>
      Number(
        (
          await app.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const walkList = () => phone<Page<WalkCard>>('/api/walks?page=1&size=50');
    const search = (q: string) =>
      phone<Page<SearchResult>>(`/api/search?q=${encodeURIComponent(q)}&size=50`);

    beforeAll(async () => {
      app = ctx().app;
      const { db } = app.database;
      editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
      reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
      learners = await createLearners(db, 6);
      places = [];
      for (const [index, at] of TEST_STOPS.entries()) {
        places.push(
          await createPlace(db, 'walk', at, `行走点${index + 1}号${Date.now() % 100000}`),
        );
      }
      basePlace = await createPlace(db, 'base', { lat: 31.22, lng: 121.44 });
    });

    it('publishes a new walk to the phone at once, where a learner signs up for its session; taking it down hides it', async () => {
      // The list is asked (and kept by the visitors' cache) before the walk exists.
      const before = await walkList();
      const draft = await create(form('愚园路梧桐漫步'));
      expect(draft).toMatchObject({ status: 'draft', title: '愚园路梧桐漫步', distanceM: 1800 });
      expect(draft.introductionHtml).toContain('<strong>愚园路</strong>');
      expect(draft.introductionHtml).not.toContain('onerror');
      expect(draft.stops.map((stop) => [stop.placeId, stop.story])).toEqual([
        [places[0], '第一站的故事'],
        [places[1], '第二站的故事'],
      ]);
      expect(draft.sessions).toHaveLength(1);
      expect((await phone(`/api/walks/detail?id=${draft.id}`)).code).toBe(ErrorCode.notFound);
      expect((await search('梧桐漫步')).data.list.some((hit) => hit.id === draft.id)).toBe(false);

      const submitted = await step(editor, 'submit', draft);
      const queue = await as<Page<AdminWalkRow>>(
        reviewer,
        'GET',
        '/api/admin/walks?status=pending',
      );
      expect(queue.data.list.find((row) => row.id === draft.id)).toMatchObject({
        title: '愚园路梧桐漫步',
        stopCount: 2,
        sessionCount: 1,
        status: 'pending',
      });
      const approved = await step(reviewer, 'approve', submitted.data);
      expect(approved.code, approved.message).toBe(0);
      expect(approved.data.status).toBe('published');

      const after = await walkList();
      expect(after.data.total).toBe(before.data.total + 1);
      expect(after.data.list.find((walk) => walk.id === draft.id)).toMatchObject({
        title: '愚园路梧桐漫步',
        cover: '/files/covers/walk-1.svg',
        distanceM: 1800,
        durationMinutes: 90,
        stopCount: 2,
      });
      const detail = await phone<WalkDetail>(`/api/walks/detail?id=${draft.id}`);
      expect(detail.code, detail.message).toBe(0);
      expect(detail.data.stops.map((stop) => [stop.placeId, stop.position, stop.story])).toEqual([
        [places[0], 1, '第一站的故事'],
        [places[1], 2, '第二站的故事'],
      ]);
      const [session] = detail.data.sessions;
      expect(session).toMatchObject({
        meetingPoint: '静安寺地铁站 1 号口',
        guide: '李老师',
        seatsLeft: 5,
      });
      const learner = learners[0] as TestLearner;
      const signup = await postAs(app, learner.token, '/api/walks/signup', {
        sessionId: session?.id,
      });
      expect(signup.code, signup.message).toBe(0);
      const seen = await getAs<WalkDetail>(app, learner.token, `/api/walks/detail?id=${draft.id}`);
      expect(seen.data.sessions[0]).toMatchObject({ signedUp: true, seatsLeft: 4 });
      // Search follows the published state.
      expect((await search('梧桐漫步')).data.list.some((hit) => hit.id === draft.id)).toBe(true);

      const down = await as(reviewer, 'POST', '/api/admin/walks/take-down', { ids: [draft.id] });
      expect(down.code, down.message).toBe(0);
      expect((await walkList()).data.total).toBe(before.data.total);
      expect((await phone(`/api/walks/detail?id=${draft.id}`)).code).toBe(ErrorCode.notFound);
      expect((await search('梧桐漫步')).data.list.some((hit) => hit.id === draft.id)).toBe(false);
    });

    it('keeps the live walk on the phone while an edit waits, then shows the edit with the same stop rows', async () => {
      const live = await publish(form('张园石库门之旅'));
      const [first, second] = live.stops;
      // A learner checks in at the first stop of the live walk.
      const learner = learners[1] as TestLearner;
      const checkin = await postAs(app, learner.token, '/api/walks/checkin', {
        stopId: first?.id,
        lat: TEST_STOPS[0].lat + 0.0003,
        lng: TEST_STOPS[0].lng,
      });
      expect(checkin.code, checkin.message).toBe(0);

      // Reordered, a story changed and a third stop added.
      const edited = await update(
        live,
        form('张园石库门之旅（新版）', {
          stops: [
            { id: second?.id, placeId: places[1] as number, story: '改写的第二站' },
            { id: first?.id, placeId: places[0] as number, story: '第一站的故事' },
            { placeId: places[2] as number, story: '新加的一站' },
          ],
          sessions: live.sessions,
        }),
      );
      expect(edited.code, edited.message).toBe(0);
      expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
      expect(edited.data.stopCheckins).toContainEqual({ stopId: first?.id, checkins: 1 });
      const waiting = await phone<WalkDetail>(`/api/walks/detail?id=${live.id}`);
      expect(waiting.data.title).toBe('张园石库门之旅');
      expect(waiting.data.stops.map((stop) => stop.id)).toEqual([first?.id, second?.id]);

      const submitted = await step(editor, 'submit', edited.data);
      const approved = await step(reviewer, 'approve', submitted.data);
      expect(approved.code, approved.message).toBe(0);
      const now = await getAs<WalkDetail>(app, learner.token, `/api/walks/detail?id=${live.id}`);
      expect(now.data.title).toBe('张园石库门之旅（新版）');
      expect(now.data.stops.map((stop) => stop.id).slice(0, 2)).toEqual([second?.id, first?.id]);
      expect(now.data.stops.map((stop) => stop.story)).toEqual([
        '改写的第二站',
        '第一站的故事',
        '新加的一站',
      ]);
      expect(now.data.stops.map((stop) => stop.position)).toEqual([1, 2, 3]);
      // The check-in still counts, at its stop.
      expect(now.data.stops[1]?.checkedInAt).not.toBeNull();
      expect(now.data.progress).toEqual({ done: 1, total: 3, completed: false });
      // Search follows the approved edit: its new title and the stop it added.
      const renamed = await search('石库门之旅（新版）');
      expect(renamed.data.list.some((hit) => hit.type === 'walk' && hit.id === live.id)).toBe(true);
      const byStop = await search(`行走点3号`);
      expect(byStop.data.list.filter((hit) => hit.type === 'walk').map((hit) => hit.id)).toEqual([
        live.id,
      ]);

      // The stop checked in at cannot be removed: refused, nothing written.
      const current = approved.data;
      const audited = await count('audit_log');
      const removing = await update(current, {
        ...formOf(current),
        stops: current.stops.filter((stop) => stop.id !== first?.id),
      });
      expect(removing.code).toBe(ErrorCode.invalid);
      expect(removing.message).toMatch(/^站点：“行走点1号\d+”已有 1 人打卡，不能移除$/);
      // Nor may a kept stop change its place.
      const moving = await update(current, {
        ...formOf(current),
        stops: current.stops.map((stop) =>
          stop.id === first?.id ? { ...stop, placeId: places[3] as number } : stop,
        ),
      });
      expect(moving.message).toBe('第 2 站：已有站点不能更换地点，请移除后另加一站');
      expect(await count('audit_log')).toBe(audited);
      const kept = await as<AdminWalk>(editor, 'GET', `/api/admin/walks/detail?id=${live.id}`);
      expect(kept.data).toMatchObject({ version: current.version, edit: null });

      // The stop nobody checked in at is removed: gone from the walk and from its search text.
      const shorter = await update(current, {
        ...formOf(current),
        stops: current.stops.filter((stop) => stop.placeId !== places[2]),
      });
      expect(shorter.code, shorter.message).toBe(0);
      const shorterSent = await step(editor, 'submit', shorter.data);
      expect((await step(reviewer, 'approve', shorterSent.data)).code).toBe(0);
      const two = await phone<WalkDetail>(`/api/walks/detail?id=${live.id}`);
      expect(two.data.stops.map((stop) => stop.id)).toEqual([second?.id, first?.id]);
      const gone = await search('行走点3号');
      expect(gone.data.list.some((hit) => hit.type === 'walk')).toBe(false);
    });

    it('refuses every bad field with its row named, writing nothing', async () => {
      const draft = await create(form('拒绝的修改'));
      const counts = async () =>
        Promise.all(
          (['walks', 'walk_stops', 'walk_sessions', 'audit_log'] as const).map((table) =>
            count(table),
          ),
        );
      const before = await counts();
      const session = form('').sessions?.[0] as NonNullable<AdminWalkFormInput['sessions']>[number];
      const stops = form('').stops as NonNullable<AdminWalkFormInput['stops']>;
      const refusals: Array<[Partial<AdminWalkFormInput>, string]> = [
        [{ title: '  ' }, '路线名称：不能为空'],
        [{ distanceM: 0 }, '路线长度：至少 1 米'],
        [{ distanceM: 60_000 }, '路线长度：最多 50 公里'],
        [{ durationMinutes: 1.5 }, '预计用时：须为整数（分钟）'],
        [{ durationMinutes: 800 }, '预计用时：最多 12 小时'],
        [{ cover: 'javascript:alert(1)' }, '封面：请上传封面图片'],
        [
          { stops: [stops[0], { placeId: places[0] as number, story: '' }] } as never,
          '第 2 站：不能重复选择同一地点',
        ],
        [
          { stops: [stops[0], { placeId: basePlace, story: '' }] } as never,
          '第 2 站：本站没有这个人文行走点',
        ],
        [
          {
            stops: [stops[0], { placeId: places[1] as number, story: '字'.repeat(1001) }],
          } as never,
          '第 2 站：故事最多 1000 个字',
        ],
        [
          { sessions: [{ ...session, endAt: session.startAt }] },
          '第 1 场导览：结束时间须晚于开始时间',
        ],
        [
          { sessions: [session, { ...session, endAt: later(72 + 25) }] },
          '第 2 场导览：一场导览最长 24 小时',
        ],
        [{ sessions: [{ ...session, capacity: 0 }] }, '第 1 场导览：名额须为至少 1 人的整数'],
        [{ sessions: [{ ...session, meetingPoint: ' ' }] }, '第 1 场导览：请填写集合地点'],
        [{ sessions: [{ ...session, guide: '' }] }, '第 1 场导览：请填写导览员'],
        [
          { sessions: [{ ...session, startAt: later(-2), endAt: later(-1) }] },
          '第 1 场导览：开始时间已过，请选择以后的时间',
        ],
        [{ sessions: [{ ...session, startAt: 'tomorrow' }] }, '第 1 场导览：请选择开始时间'],
      ];
      for (const [changes, message] of refusals) {
        const refused = await update(draft, { ...form('不该写入'), ...changes });
        expect(refused, message).toMatchObject({ code: ErrorCode.invalid, message });
      }
      const createRefused = await as(editor, 'POST', '/api/admin/walks/create', {
        ...form('不该新建'),
        sessions: [{ ...session, capacity: -1 }],
      });
      expect(createRefused.message).toBe('第 1 场导览：名额须为至少 1 人的整数');
      expect(await counts()).toEqual(before);
      const now = await as<AdminWalk>(editor, 'GET', `/api/admin/walks/detail?id=${draft.id}`);
      expect(now.data).toMatchObject({ title: '拒绝的修改', version: draft.version });
    });

    it('answers 409 to a stale version and to publishing without an introduction or two stops', async () => {
      const draft = await create(form('过期的版本'));
      const saved = await update(draft, form('第二次保存'));
      expect(saved.code, saved.message).toBe(0);
      const audited = await count('audit_log');
      const stale = await update(draft, form('基于旧版本的修改'));
      expect(stale).toMatchObject({
        code: ErrorCode.conflict,
        message: '已被他人修改，请刷新后再改',
      });
      expect(await count('audit_log')).toBe(audited);
      expect(
        (await as<AdminWalk>(editor, 'GET', `/api/admin/walks/detail?id=${draft.id}`)).data.title,
      ).toBe('第二次保存');

      const silent = await create(form('没有介绍的路线', { introductionHtml: '<p>&nbsp;</p>' }));
      const sent = await step(editor, 'submit', silent);
      expect(await step(reviewer, 'approve', sent.data)).toMatchObject({
        code: ErrorCode.conflict,
        message: '路线介绍还没有内容，不能发布',
      });
      const lonely = await create(
        form('只有一站的路线', { stops: [{ placeId: places[0] as number }] }),
      );
      const lonelySent = await step(editor, 'submit', lonely);
      expect((await step(reviewer, 'approve', lonelySent.data)).message).toBe(
        '路线至少要有 2 个站点才能发布（现有 1 个）',
      );
      // The editor may not approve, nor may anyone their own submission.
      expect((await step(editor, 'approve', lonelySent.data)).code).toBe(ErrorCode.forbidden);
      const both = await createOperator(app, [
        { site: SITE, role: 'editor' },
        { site: SITE, role: 'reviewer' },
      ]);
      const own = await step(both, 'submit', await create(form('自己审核自己')));
      expect(await step(both, 'approve', own.data)).toMatchObject({
        code: ErrorCode.forbidden,
        message: '不能审核自己提交的内容，请由另一位审核员审核',
      });
    });

    it('refuses another site’s operator on this site’s walks', async () => {
      const draft = await create(form('静安的路线'));
      const other = await createOperator(app, [
        { site: 'xuhui', role: 'editor' },
        { site: 'xuhui', role: 'reviewer' },
      ]);
      const detail = await adminCall(
        app,
        other.token,
        'xuhui',
        'GET',
        `/api/admin/walks/detail?id=${draft.id}`,
      );
      expect(detail.code).toBe(ErrorCode.notFound);
      const written = await adminCall(
        app,
        other.token,
        'xuhui',
        'POST',
        '/api/admin/walks/update',
        {
          ...form('徐汇改静安', { stops: [] }),
          id: draft.id,
          version: draft.version,
        },
      );
      expect(written.code).toBe(ErrorCode.notFound);
      // Its own site's places only: 静安's walk places are not 徐汇's.
      const made = await adminCall(
        app,
        other.token,
        'xuhui',
        'POST',
        '/api/admin/walks/create',
        form('徐汇路线'),
      );
      expect(made.message).toBe('第 1 站：本站没有这个人文行走点');
      const picker = await adminCall<AdminWalkPlace[]>(
        app,
        other.token,
        'xuhui',
        'GET',
        '/api/admin/walks/places?q=行走点',
      );
      expect(picker.data.some((place) => places.includes(place.id))).toBe(false);
      // Nor may it act here as this site's operator.
      const here = await adminCall(
        app,
        other.token,
        SITE,
        'GET',
        `/api/admin/walks/detail?id=${draft.id}`,
      );
      expect(here.code).toBe(ErrorCode.forbidden);
      const mine = await as<AdminWalk>(editor, 'GET', `/api/admin/walks/detail?id=${draft.id}`);
      expect(mine.data).toMatchObject({ title: '静安的路线', version: draft.version });
    });

    it('holds the seats learners took: checked again at approval, a booked session neither removed nor moved', async () => {
      const live = await publish(form('南京西路老洋房'));
      const [session] = live.sessions;
      // The edit lowers the seats to 2 while nobody holds one: saved and submitted.
      const edited = await update(live, {
        ...formOf(live),
        sessions: [{ ...(session as AdminWalk['sessions'][number]), capacity: 2 }],
      });
      expect(edited.code, edited.message).toBe(0);
      const submitted = await step(editor, 'submit', edited.data);
      // While it waits, three learners sign up for the live session.
      for (const learner of learners.slice(2, 5)) {
        const signed = await postAs(app, learner.token, '/api/walks/signup', {
          sessionId: session?.id,
        });
        expect(signed.code, signed.message).toBe(0);
      }
      const audited = await count('audit_log');
      const refused = await step(reviewer, 'approve', submitted.data);
      expect(refused).toMatchObject({
        code: ErrorCode.invalid,
        message: '第 1 场导览：已有 3 人报名，名额不能少于 3',
      });
      expect(await count('audit_log')).toBe(audited);
      const waiting = await as<AdminWalk>(reviewer, 'GET', `/api/admin/walks/detail?id=${live.id}`);
      expect(waiting.data).toMatchObject({
        edit: { status: 'pending' },
        version: submitted.data.version,
      });
      expect(waiting.data.sessionSeats).toEqual([{ sessionId: session?.id, seatsTaken: 3 }]);
      const phoneNow = await phone<WalkDetail>(`/api/walks/detail?id=${live.id}`);
      expect(phoneNow.data.sessions[0]).toMatchObject({ capacity: 5, seatsLeft: 2 });

      const base = waiting.data;
      const removed = await update(base, { ...formOf(base), sessions: [] });
      expect(removed.code).toBe(ErrorCode.invalid);
      expect(removed.message).toMatch(/^导览场次：.+ 的导览已有 3 人报名，不能删除$/);
      const moved = await update(base, {
        ...formOf(base),
        sessions: [
          {
            ...(base.sessions[0] as AdminWalk['sessions'][number]),
            startAt: later(96),
            endAt: later(98),
          },
        ],
      });
      expect(moved.message).toBe('第 1 场导览：已有 3 人报名，不能改动时间');
      expect(await count('audit_log')).toBe(audited);

      // Enough seats and a second session: approved, the learners keep their signups.
      const fixed = await update(base, {
        ...formOf(base),
        sessions: [
          { ...(base.sessions[0] as AdminWalk['sessions'][number]), capacity: 3 },
          {
            startAt: later(120),
            endAt: later(122),
            meetingPoint: '张园东门',
            guide: '王老师',
            capacity: 8,
          },
        ],
      });
      expect(fixed.code, fixed.message).toBe(0);
      const sent = await step(editor, 'submit', fixed.data);
      const approved = await step(reviewer, 'approve', sent.data);
      expect(approved.code, approved.message).toBe(0);
      const seen = await getAs<WalkDetail>(
        app,
        (learners[2] as TestLearner).token,
        `/api/walks/detail?id=${live.id}`,
      );
      expect(
        seen.data.sessions.map((row) => [
          row.id === session?.id,
          row.capacity,
          row.seatsLeft,
          row.signedUp,
        ]),
      ).toEqual([
        [true, 3, 0, true],
        [false, 8, 8, false],
      ]);
    });

    it('finds the site’s walk places for the stop picker, the chosen ones first', async () => {
      const found = await as<AdminWalkPlace[]>(
        editor,
        'GET',
        `/api/admin/walks/places?q=${encodeURIComponent('行走点3号')}&ids=${places[1]}`,
      );
      expect(found.code, found.message).toBe(0);
      expect(found.data.map((place) => place.id)).toEqual([places[1], places[2]]);
      const all = await as<AdminWalkPlace[]>(editor, 'GET', '/api/admin/walks/places');
      expect(all.data.some((place) => place.id === basePlace)).toBe(false);
      const list = await as<Page<AdminWalkRow>>(
        editor,
        'GET',
        `/api/admin/walks?q=${encodeURIComponent('梧桐')}`,
      );
      expect(list.data.list.every((row) => row.title.includes('梧桐'))).toBe(true);
    });
  },
);
