import {
  type AdminProgramme,
  type AdminProgrammeBase,
  type AdminProgrammeFormInput,
  type AdminProgrammeRow,
  type BaseBooking,
  type BaseCard,
  type BaseDetail,
  ErrorCode,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { createPlace } from '../../testing/walk-factory.ts';

const SITE = 'jingan';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An ISO time `days` from now, on the hour, plus `hours`. */
const at = (days: number, hours = 0) =>
  new Date(Math.floor(Date.now() / HOUR) * HOUR + days * DAY + hours * HOUR).toISOString();

describeEachEngine('the console’s visit programmes: slots, seats and review', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let learners: TestLearner[];
  /** A base of 静安 of its own (learners see it), and its name. */
  let baseId: number;
  let baseName: string;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const phone = async <T>(url: string, token?: string, payload?: unknown) =>
    body<T>(
      await app.inject({
        method: payload === undefined ? 'GET' : 'POST',
        url,
        headers: { 'x-site': SITE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    );
  const baseDetail = async (token?: string) => {
    const detail = await phone<BaseDetail>(`/api/bases/detail?id=${baseId}`, token);
    expect(detail.code, detail.message).toBe(0);
    return detail.data;
  };
  const book = (learner: TestLearner, slotId: number, partySize = 1) =>
    phone<BaseBooking>('/api/bases/book', learner.token, {
      slotId,
      partySize,
      contactName: '王秀兰',
      contactPhone: '13912345678',
    });
  /** A programme with two slots three and four days ahead, everything the base page shows. */
  const form = (title: string): AdminProgrammeFormInput => ({
    placeId: baseId,
    title,
    introductionHtml: '<p>跟着师傅学<strong>扎染</strong>。</p><img src=x onerror=alert(1)>',
    durationMinutes: 90,
    audience: '老年学员、亲子家庭',
    maxParty: 4,
    slots: [
      { startAt: at(3), endAt: at(3, 2), capacity: 12 },
      { startAt: at(4), endAt: at(4, 2), capacity: 8 },
    ],
  });
  const step = (who: TestLearner, action: string, record: { id: number; version: number }) =>
    as<AdminProgramme>(who, 'POST', `/api/admin/programmes/${action}`, {
      id: record.id,
      version: record.version,
    });
  const create = async (input: AdminProgrammeFormInput) => {
    const created = await as<AdminProgramme>(editor, 'POST', '/api/admin/programmes/create', input);
    expect(created.code, created.message).toBe(0);
    return created.data;
  };
  const publish = async (input: AdminProgrammeFormInput) => {
    const submitted = await step(editor, 'submit', await create(input));
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };
  const detail = async (id: number) =>
    (await as<AdminProgramme>(editor, 'GET', `/api/admin/programmes/detail?id=${id}`)).data;
  /** Saves `changes` over the form as it stands now. */
  const update = async (id: number, changes: Partial<AdminProgrammeFormInput>) => {
    const now = await detail(id);
    return as<AdminProgramme>(editor, 'POST', '/api/admin/programmes/update', {
      placeId: now.placeId,
      title: now.title,
      introductionHtml: now.introductionHtml,
      durationMinutes: now.durationMinutes,
      audience: now.audience,
      maxParty: now.maxParty,
      slots: now.slots.map(({ id, startAt, endAt, capacity }) => ({
        id,
        startAt,
        endAt,
        capacity,
      })),
      ...changes,
      id,
      version: now.version,
    });
  };
  const count = async (
    table: 'base_programmes' | 'base_slots' | 'audit_log' | 'content_edits' | 'base_bookings',
  ) =>
    Number(
      (
        await app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({
    programmes: await count('base_programmes'),
    slots: await count('base_slots'),
    audit: await count('audit_log'),
    edits: await count('content_edits'),
  });

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    learners = await createLearners(app.database.db, 6);
    baseName = `扎染体验基地${Date.now() % 100_000}`;
    baseId = await createPlace(app.database.db, 'base', { lat: 31.22, lng: 121.44 }, baseName);
  });

  it('keeps a new programme off the base page until approved, then shows it at once and takes a booking of its new slot', async () => {
    // The base page is asked (and kept by the visitors' cache) before the programme exists.
    const before = await baseDetail();
    const draft = await create(form('扎染手帕体验'));
    expect(draft).toMatchObject({ status: 'draft', placeId: baseId, maxParty: 4 });
    expect(draft.slots).toMatchObject([
      { capacity: 12, seatsTaken: 0 },
      { capacity: 8, seatsTaken: 0 },
    ]);
    // Stored sanitized: no handler.
    expect(draft.introductionHtml).toContain('<strong>扎染</strong>');
    expect(draft.introductionHtml).not.toContain('onerror');
    const [first, second] = draft.slots;
    if (!first?.id || !second?.id) throw new Error('slots not stored');
    const [learner, other] = learners as [TestLearner, TestLearner];
    // A slot of a draft takes no booking, and the page does not show it.
    expect(await book(learner, first.id)).toMatchObject({
      code: ErrorCode.conflict,
      message: '该参观项目已暂停预约，请选择其他项目',
    });
    // (Asked as a learner: answered fresh, not from the visitors' kept answer.)
    expect((await baseDetail(learner.token)).programmes).toEqual(before.programmes);
    const cards = await phone<Page<BaseCard>>('/api/bases?size=50', learner.token);
    expect(cards.data.list.find((card) => card.id === baseId)).toMatchObject({
      programmeCount: 0,
      nextSlot: null,
    });

    const submitted = await step(editor, 'submit', draft);
    expect(submitted.data.status).toBe('pending');
    const queue = await as<Page<AdminProgrammeRow>>(
      reviewer,
      'GET',
      '/api/admin/programmes?status=pending',
    );
    expect(queue.data.list.find((row) => row.id === draft.id)).toMatchObject({
      title: '扎染手帕体验',
      baseName,
      durationMinutes: 90,
      upcomingSlots: 2,
      seatsTaken: 0,
    });
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    expect(approved.data.status).toBe('published');
    expect(approved.data.publishedAt).not.toBeNull();

    // On the base page at once (the kept answer was retired), with its two slots.
    const shown = await baseDetail();
    expect(shown.programmeCount).toBe(before.programmeCount + 1);
    const programme = shown.programmes.find((item) => item.id === draft.id);
    expect(programme).toMatchObject({
      title: '扎染手帕体验',
      durationMinutes: 90,
      audience: '老年学员、亲子家庭',
      maxParty: 4,
    });
    expect(programme?.intro).toContain('<strong>扎染</strong>');
    expect(programme?.slots.map((slot) => [slot.id, slot.capacity, slot.seatsLeft])).toEqual([
      [first.id, 12, 12],
      [second.id, 8, 8],
    ]);
    const bases = await phone<Page<BaseCard>>('/api/bases?size=50');
    expect(bases.data.list.find((card) => card.id === baseId)).toMatchObject({
      programmeCount: before.programmeCount + 1,
      nextSlot: { programmeTitle: '扎染手帕体验', seatsLeft: 12 },
    });

    // The learner books its second slot; the console shows the seats held.
    const booked = await book(learner, second.id, 3);
    expect(booked.code, booked.message).toBe(0);
    expect(booked.data).toMatchObject({ programmeTitle: '扎染手帕体验', slotId: second.id });
    expect((await detail(draft.id)).slots.map((slot) => slot.seatsTaken)).toEqual([0, 3]);
    const row = (
      await as<Page<AdminProgrammeRow>>(editor, 'GET', `/api/admin/programmes?placeId=${baseId}`)
    ).data.list.find((item) => item.id === draft.id);
    expect(row).toMatchObject({ upcomingSlots: 2, seatsTaken: 3 });

    // Taken down: gone from the page at once, and its slots take no booking.
    const down = await as(reviewer, 'POST', '/api/admin/programmes/take-down', { ids: [draft.id] });
    expect(down.code, down.message).toBe(0);
    const after = await baseDetail();
    expect(after.programmes.some((item) => item.id === draft.id)).toBe(false);
    expect(after.programmeCount).toBe(before.programmeCount);
    expect(await book(other, first.id)).toMatchObject({
      code: ErrorCode.conflict,
      message: '该参观项目已暂停预约，请选择其他项目',
    });
    // The learner's own booking stays theirs to see and cancel.
    const mine = await phone<Page<BaseBooking>>('/api/bases/bookings?when=upcoming', learner.token);
    expect(mine.data.list.some((item) => item.id === booked.data.id)).toBe(true);
  });

  it('keeps the live programme while an edit waits; approved, slots change by id and bookings keep theirs', async () => {
    const live = await publish(form('蓝印花布拓印'));
    const [kept, dropped] = live.slots;
    if (!kept?.id || !dropped?.id) throw new Error('slots not stored');
    const learner = learners[2] as TestLearner;
    const booking = await book(learner, kept.id, 2);
    expect(booking.code, booking.message).toBe(0);

    const edited = await update(live.id, {
      title: '蓝印花布拓印（进阶）',
      slots: [
        { id: kept.id, startAt: kept.startAt, endAt: kept.endAt, capacity: 20 },
        { startAt: at(6), endAt: at(6, 3), capacity: 15 },
      ],
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
    expect(edited.data.live?.title).toBe('蓝印花布拓印');
    expect(edited.data.slots).toMatchObject([
      { id: kept.id, capacity: 20, seatsTaken: 2 },
      { capacity: 15, seatsTaken: 0 },
    ]);
    const submitted = await step(editor, 'submit', edited.data);
    // Learners keep the live version while it waits.
    const waiting = (await baseDetail()).programmes.find((item) => item.id === live.id);
    expect(waiting?.title).toBe('蓝印花布拓印');
    expect(waiting?.slots.map((slot) => slot.id)).toEqual([kept.id, dropped.id]);

    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    // At once on the page: the kept slot in place (with its seats), the new one, the removed gone.
    const now = (await baseDetail()).programmes.find((item) => item.id === live.id);
    expect(now?.title).toBe('蓝印花布拓印（进阶）');
    expect(now?.slots.map((slot) => [slot.capacity, slot.seatsLeft])).toEqual([
      [20, 18],
      [15, 15],
    ]);
    expect(now?.slots[0]?.id).toBe(kept.id);
    const added = now?.slots[1]?.id;
    expect(added).toBeGreaterThan(dropped.id);
    const gone = await app.database.db
      .selectFrom('base_slots')
      .select('id')
      .where('id', '=', dropped.id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    const mine = await phone<Page<BaseBooking>>('/api/bases/bookings?when=upcoming', learner.token);
    expect(mine.data.list.find((item) => item.id === booking.data.id)).toMatchObject({
      slotId: kept.id,
      programmeTitle: '蓝印花布拓印（进阶）',
    });
    // A learner books the slot added by the edit.
    const newer = await book(learners[3] as TestLearner, added ?? 0, 1);
    expect(newer.code, newer.message).toBe(0);
  });

  it('refuses every bad form naming the field or the slot, writing nothing', async () => {
    const draft = await create(form('拒绝的修改'));
    const xuhuiBase = await app.database.db
      .insertInto('map_places')
      .values({
        site_key: 'xuhui',
        category: 'base',
        kind: '体验基地',
        parent_id: null,
        name: '徐汇的体验基地',
        street: '街道',
        address: '地址',
        lat: 31.19,
        lng: 121.43,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const point = await createPlace(app.database.db, 'walk', { lat: 31.2, lng: 121.4 });
    const before = await counts();
    const slot = (startAt: string, endAt: string, capacity = 10, id?: number) => ({
      ...(id === undefined ? {} : { id }),
      startAt,
      endAt,
      capacity,
    });
    const first = slot(at(3), at(3, 2));
    const cases: Array<[Partial<AdminProgrammeFormInput>, string]> = [
      [{ slots: [first, slot(at(5, 2), at(5))] }, '第 2 个场次：结束时间须晚于开始时间'],
      [{ slots: [first, slot(at(5), at(6, 1))] }, '第 2 个场次：一个场次最长 24 小时'],
      [
        { slots: [first, slot(at(5), at(5, 2)), slot(at(5, 1), at(5, 3))] },
        '第 3 个场次：与第 2 个场次时间重叠',
      ],
      [{ slots: [first, slot(at(5), at(5, 2), 0)] }, '第 2 个场次：名额至少 1 人'],
      [{ slots: [first, slot(at(5), at(5, 2), 501)] }, '第 2 个场次：名额最多 500 人'],
      [{ slots: [slot(at(-1), at(-1, 2))] }, '第 1 个场次：开始时间已过，请选择以后的时间'],
      [
        { slots: [first, slot(at(5), at(5, 2), 10, 999_999)] },
        '第 2 个场次：不是这个项目的场次，请刷新后再改',
      ],
      [{ slots: [slot(at(5), 'tomorrow')] }, '场次结束时间：请选择结束时间'],
      [{ durationMinutes: 5 }, '参观时长：至少 10 分钟'],
      [{ durationMinutes: 600 }, '参观时长：最多 480 分钟'],
      [{ maxParty: 0 }, '每次最多人数：至少 1 人'],
      [{ maxParty: 51 }, '每次最多人数：最多 50 人'],
      [{ title: '  ' }, '项目名称：不能为空'],
      [{ audience: '' }, '适合人群：不能为空'],
      [{ placeId: xuhuiBase.id }, '体验基地：本站没有这个体验基地，请重新选择'],
      [{ placeId: point }, '体验基地：本站没有这个体验基地，请重新选择'],
    ];
    for (const [changes, message] of cases) {
      const refused = await update(draft.id, { title: '不该写入的名称', ...changes });
      expect(refused, message).toMatchObject({ code: ErrorCode.invalid, message });
    }
    const refusedCreate = await as(editor, 'POST', '/api/admin/programmes/create', {
      ...form('不该新建'),
      slots: [first, slot(at(3, 1), at(3, 3))],
    });
    expect(refusedCreate).toMatchObject({
      code: ErrorCode.invalid,
      message: '第 2 个场次：与第 1 个场次时间重叠',
    });
    // A new programme cannot take over another's slot.
    const stolen = await as(editor, 'POST', '/api/admin/programmes/create', {
      ...form('不该新建'),
      slots: [slot(at(8), at(8, 1), 5, draft.slots[0]?.id)],
    });
    expect(stolen).toMatchObject({
      code: ErrorCode.invalid,
      message: '第 1 个场次：不是这个项目的场次，请刷新后再改',
    });
    expect(await counts()).toEqual(before);
    const kept = await detail(draft.id);
    expect(kept).toMatchObject({ title: '拒绝的修改', version: draft.version });
    expect(kept.slots.map((item) => item.capacity)).toEqual([12, 8]);
  });

  it('never lets a booked slot be removed, moved or cut below its seats', async () => {
    const live = await publish(form('草木染围巾'));
    const [first, second] = live.slots;
    if (!first?.id || !second?.id) throw new Error('slots not stored');
    expect((await book(learners[4] as TestLearner, first.id, 4)).code).toBe(0);
    const before = await counts();
    const keep = { id: second.id, startAt: second.startAt, endAt: second.endAt, capacity: 8 };
    const cut = await update(live.id, {
      slots: [{ id: first.id, startAt: first.startAt, endAt: first.endAt, capacity: 3 }, keep],
    });
    expect(cut).toMatchObject({
      code: ErrorCode.invalid,
      message: '第 1 个场次：已有 4 人预约，名额不能少于 4',
    });
    const moved = await update(live.id, {
      slots: [{ id: first.id, startAt: at(3, 1), endAt: at(3, 3), capacity: 12 }, keep],
    });
    expect(moved).toMatchObject({
      code: ErrorCode.invalid,
      message: '第 1 个场次：已有 4 人预约，不能改时间',
    });
    const removed = await update(live.id, { slots: [keep] });
    expect(removed.code).toBe(ErrorCode.invalid);
    expect(removed.message).toMatch(
      /^参观场次：\d{4}-\d\d-\d\d \d\d:\d\d 的场次已有 4 人预约，不能删除$/,
    );
    // An unbooked slot is not moved into the past either.
    const past = await update(live.id, {
      slots: [
        { id: first.id, startAt: first.startAt, endAt: first.endAt, capacity: 12 },
        { ...keep, startAt: at(-1), endAt: at(-1, 2) },
      ],
    });
    expect(past).toMatchObject({
      code: ErrorCode.invalid,
      message: '第 2 个场次：开始时间已过，请选择以后的时间',
    });
    // Learners booked a visit here: the programme stays at its base.
    const elsewhere = await createPlace(app.database.db, 'base', { lat: 31.23, lng: 121.45 });
    const rehomed = await update(live.id, { placeId: elsewhere });
    expect(rehomed).toMatchObject({
      code: ErrorCode.invalid,
      message: '体验基地：已有学员预约这个项目的场次，不能换到其他基地',
    });
    expect(await counts()).toEqual(before);
    // Exactly as many seats as are taken is fine.
    const exact = await update(live.id, {
      slots: [{ id: first.id, startAt: first.startAt, endAt: first.endAt, capacity: 4 }, keep],
    });
    expect(exact.code, exact.message).toBe(0);
  });

  it('checks the seats again on approval: a booking made while the edit waited refuses it', async () => {
    const live = await publish(form('竹编小篮'));
    const [first, second] = live.slots;
    if (!first?.id || !second?.id) throw new Error('slots not stored');
    // The edit cuts the first slot to 2 seats and drops the second, while no one holds them.
    const edited = await update(live.id, {
      slots: [{ id: first.id, startAt: first.startAt, endAt: first.endAt, capacity: 2 }],
    });
    expect(edited.code, edited.message).toBe(0);
    const submitted = await step(editor, 'submit', edited.data);
    expect((await book(learners[5] as TestLearner, first.id, 3)).code).toBe(0);
    const before = await counts();
    const refused = await step(reviewer, 'approve', submitted.data);
    expect(refused).toMatchObject({
      code: ErrorCode.invalid,
      message: '第 1 个场次：已有 3 人预约，名额不能少于 3',
    });
    expect(await counts()).toEqual(before);
    const still = await detail(live.id);
    expect(still.edit?.status).toBe('pending');
    expect(still.live?.slots.map((slot) => slot.capacity)).toEqual([12, 8]);

    // Rewritten to keep the seats, but the dropped slot is booked meanwhile: refused again.
    const fixed = await update(live.id, {
      slots: [{ id: first.id, startAt: first.startAt, endAt: first.endAt, capacity: 3 }],
    });
    expect(fixed.code, fixed.message).toBe(0);
    const again = await step(editor, 'submit', fixed.data);
    expect((await book(learners[0] as TestLearner, second.id, 1)).code).toBe(0);
    const late = await step(reviewer, 'approve', again.data);
    expect(late.code).toBe(ErrorCode.invalid);
    expect(late.message).toMatch(/的场次已有 1 人预约，不能删除$/);
    const page = (await baseDetail()).programmes.find((item) => item.id === live.id);
    expect(page?.slots.map((slot) => slot.id)).toEqual([first.id, second.id]);
  });

  it('answers 409 to a stale version and refuses to publish a programme without an introduction', async () => {
    const draft = await create(form('过期的版本'));
    const saved = await update(draft.id, { title: '第二次保存' });
    expect(saved.code, saved.message).toBe(0);
    const before = await counts();
    const stale = await as(editor, 'POST', '/api/admin/programmes/update', {
      ...form('基于旧版本的修改'),
      id: draft.id,
      version: draft.version,
    });
    expect(stale).toMatchObject({
      code: ErrorCode.conflict,
      message: '已被他人修改，请刷新后再改',
    });
    expect(await counts()).toEqual(before);
    expect((await detail(draft.id)).title).toBe('第二次保存');

    const silent = await create({ ...form('没有介绍的项目'), introductionHtml: '<p> </p>' });
    const sent = await step(editor, 'submit', silent);
    expect(await step(reviewer, 'approve', sent.data)).toMatchObject({
      code: ErrorCode.conflict,
      message: '参观项目还没有介绍，不能发布',
    });
    // Without slots to come it may be published: the page says 近期暂无开放场次.
    const bare = await publish({ ...form('暂无场次的项目'), slots: [] });
    const shown = (await baseDetail()).programmes.find((item) => item.id === bare.id);
    expect(shown?.slots).toEqual([]);
  });

  it('refuses another site’s operator, and lists and finds bases on the operator’s site only', async () => {
    const draft = await create(form('静安的项目'));
    const xuhui = await createOperator(app, [
      { site: 'xuhui', role: 'editor' },
      { site: 'xuhui', role: 'reviewer' },
    ]);
    const there = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      adminCall(app, xuhui.token, 'xuhui', method, url, payload);
    expect((await there('GET', `/api/admin/programmes/detail?id=${draft.id}`)).code).toBe(
      ErrorCode.notFound,
    );
    const before = await counts();
    const foreign = await there('POST', '/api/admin/programmes/update', {
      ...form('徐汇改静安'),
      id: draft.id,
      version: draft.version,
    });
    expect(foreign.code).toBe(ErrorCode.invalid);
    expect(foreign.message).toBe('体验基地：本站没有这个体验基地，请重新选择');
    const created = await there('POST', '/api/admin/programmes/create', form('徐汇用静安的基地'));
    expect(created.message).toBe('体验基地：本站没有这个体验基地，请重新选择');
    // Naming 静安 without being its operator.
    expect((await adminCall(app, xuhui.token, SITE, 'GET', '/api/admin/programmes')).code).toBe(
      ErrorCode.forbidden,
    );
    expect(await counts()).toEqual(before);

    const found = await as<AdminProgrammeBase[]>(
      editor,
      'GET',
      `/api/admin/programmes/bases?q=${encodeURIComponent('扎染体验')}`,
    );
    expect(found.data).toEqual([
      expect.objectContaining({ id: baseId, name: baseName, published: true }),
    ]);
    expect(
      (await there('GET', `/api/admin/programmes/bases?q=${encodeURIComponent('扎染体验')}`)).data,
    ).toEqual([]);

    const list = (query: string) =>
      as<Page<AdminProgrammeRow>>(editor, 'GET', `/api/admin/programmes?size=50&${query}`);
    expect((await list('')).data.list[0]?.id).toBe(draft.id);
    const byWords = await list(`placeId=${baseId}&q=${encodeURIComponent('静安的')}`);
    expect(byWords.data.list.map((row) => row.id)).toEqual([draft.id]);
    expect(byWords.data.list[0]).toMatchObject({ status: 'draft', baseName });
    const published = await list('status=published');
    expect(published.data.list.every((row) => row.status === 'published')).toBe(true);
    // The seeded programmes stay published, on their bases' pages.
    expect(published.data.list.some((row) => row.baseName !== baseName)).toBe(true);
    expect((await list('status=robot')).message).toBe(
      '审核状态：请选择草稿、待审核、已发布、已下线或已驳回',
    );
  });
});
