import {
  type Page,
  TEAM_RESOURCE_LIMIT,
  type TeamProgress,
  type TeamResourceCandidate,
  type TeamResourceState,
  type TeamResources,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../testing/activity-factory.ts';
import { createClass, createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createCourse, createSites } from '../../testing/course-factory.ts';
import { createEbook } from '../../testing/ebook-factory.ts';
import { addTeamMember, createTeam } from '../../testing/team-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachEngine(
  'team resources API',
  (ctx) => {
    const app = () => ctx().app;
    const db = () => app().database.db;
    let leader: TestLearner;
    let member: TestLearner;
    let outsider: TestLearner;
    let teamId: number;
    let course: { id: number; lessonIds: number[] };
    let ebookId: number;
    let activityId: number;
    let classId: number;

    async function get<T>(url: string, token?: string) {
      return body<T>(await app().inject({ url, headers: token ? bearer(token) : {} }));
    }

    async function post<T>(url: string, token: string | null, payload: Record<string, unknown>) {
      return body<T>(
        await app().inject({
          method: 'POST',
          url,
          headers: token ? bearer(token) : {},
          payload,
        }),
      );
    }

    const link = (token: string | null, kind: string, resourceId: number, team = teamId) =>
      post<TeamResourceState>('/api/team-resources/link', token, {
        teamId: team,
        kind,
        resourceId,
      });

    beforeAll(async () => {
      await createSites(db());
      app().sites.invalidate();
      [leader, member, outsider] = (await createLearners(db(), 3)) as [
        TestLearner,
        TestLearner,
        TestLearner,
      ];
      teamId = await createTeam(db(), leader.id);
      await addTeamMember(db(), teamId, member.id);
      course = await createCourse(db(), { title: '太极拳入门' });
      ebookId = await createEbook(db(), { title: '唐诗三百首', page_count: 60 });
      activityId = await createActivity(db(), { title: '社区合唱活动' });
      classId = await createClass(db(), { title: '书法基础班' });
    });

    describe('linking', () => {
      it('lets the leader link a course, a class, an activity and an e-book', async () => {
        for (const [kind, id] of [
          ['course', course.id],
          ['class', classId],
          ['activity', activityId],
          ['ebook', ebookId],
        ] as const) {
          const answer = await link(leader.token, kind, id);
          expect(answer.code, answer.message).toBe(0);
          expect(answer.data.linked).toBe(true);
        }
        const list = await get<TeamResources>(`/api/team-resources?teamId=${teamId}`);
        expect(list.code).toBe(0);
        expect(list.data.limit).toBe(TEAM_RESOURCE_LIMIT);
        expect(list.data.list.map((item) => [item.kind, item.title])).toEqual([
          ['ebook', '唐诗三百首'],
          ['activity', '社区合唱活动'],
          ['class', '书法基础班'],
          ['course', '太极拳入门'],
        ]);
      });

      it('refuses a second link of the same resource with 409, writing nothing', async () => {
        const again = await link(leader.token, 'course', course.id);
        expect(again.code).toBe(409);
        expect(again.message).toBe('该资源已关联到本团队');
        const counted = await db()
          .selectFrom('team_resource_counts')
          .select('linked')
          .where('team_id', '=', teamId)
          .executeTakeFirstOrThrow();
        expect(Number(counted.linked)).toBe(4);
      });

      it('answers 403 to a member and an outsider, 301 to a visitor', async () => {
        const other = await createCourse(db(), { title: '养生八段锦' });
        for (const token of [member.token, outsider.token]) {
          const answer = await link(token, 'course', other.id);
          expect(answer.code).toBe(403);
          expect(answer.message).toBe('只有团队负责人可以进行此操作');
          const unlink = await post('/api/team-resources/unlink', token, {
            teamId,
            kind: 'course',
            resourceId: course.id,
          });
          expect(unlink.code).toBe(403);
        }
        expect((await link(null, 'course', other.id)).code).toBe(301);
        const candidates = await get(
          `/api/team-resources/candidates?teamId=${teamId}&kind=course&q=太极`,
          member.token,
        );
        expect(candidates.code).toBe(403);
      });

      it('answers 404 for content that is not there, 400 naming a wrong kind', async () => {
        const missing = await link(leader.token, 'course', 999_999);
        expect(missing.code).toBe(404);
        expect(missing.message).toBe('资源不存在或已下线');
        const wrong = await link(leader.token, 'live', course.id);
        expect(wrong.code).toBe(400);
        expect(wrong.message).toContain('资源类型');
        const noTeam = await link(leader.token, 'course', course.id, 999_999);
        expect(noTeam.code).toBe(404);
      });

      it('holds the limit under concurrent links: exactly the places left are taken', async () => {
        const team = await createTeam(db(), leader.id);
        await db()
          .insertInto('team_resource_counts')
          .values({ team_id: team, linked: TEAM_RESOURCE_LIMIT - 3 })
          .execute();
        const ebooks = await Promise.all(
          Array.from({ length: 8 }, (_, i) => createEbook(db(), { title: `并发电子书${i}` })),
        );
        const answers = await Promise.all(
          ebooks.map((id) => link(leader.token, 'ebook', id, team)),
        );
        expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3);
        const refused = answers.filter((answer) => answer.code !== 0);
        expect(refused).toHaveLength(5);
        for (const answer of refused) {
          expect(answer.code).toBe(409);
          expect(answer.message).toContain(`最多关联 ${TEAM_RESOURCE_LIMIT} 个资源`);
        }
        const rows = await db()
          .selectFrom('team_resources')
          .select('id')
          .where('team_id', '=', team)
          .execute();
        expect(rows).toHaveLength(3);
      });

      it('unlinks, giving the place back', async () => {
        const other = await createEbook(db(), { title: '宋词选' });
        const linked = await link(leader.token, 'ebook', other);
        expect(linked.data.count).toBe(5);
        const ref = { teamId, kind: 'ebook', resourceId: other };
        const unlinked = await post<TeamResourceState>(
          '/api/team-resources/unlink',
          leader.token,
          ref,
        );
        expect(unlinked.data).toEqual({ linked: false, count: 4 });
        const again = await post<TeamResourceState>(
          '/api/team-resources/unlink',
          leader.token,
          ref,
        );
        expect(again.data).toEqual({ linked: false, count: 4 });
      });

      it("offers the leader's search and favourites, marking what is linked", async () => {
        const found = await get<Page<TeamResourceCandidate>>(
          `/api/team-resources/candidates?teamId=${teamId}&kind=course&q=${encodeURIComponent('太极')}`,
          leader.token,
        );
        expect(found.code, found.message).toBe(0);
        expect(found.data.list).toEqual([
          expect.objectContaining({ kind: 'course', resourceId: course.id, linked: true }),
        ]);
        const saved = await createEbook(db(), { title: '收藏的书' });
        await post('/api/favourites', leader.token, { contentType: 'ebook', contentId: saved });
        const favourites = await get<Page<TeamResourceCandidate>>(
          `/api/team-resources/candidates?teamId=${teamId}&kind=ebook&source=favourites`,
          leader.token,
        );
        expect(favourites.data.list).toEqual([
          expect.objectContaining({ resourceId: saved, title: '收藏的书', linked: false }),
        ]);
        const empty = await get(
          `/api/team-resources/candidates?teamId=${teamId}&kind=course`,
          leader.token,
        );
        expect(empty.code).toBe(400);
        expect(empty.message).toBe('请输入搜索内容');
      });
    });

    describe('progress', () => {
      it("shows each member's progress on the linked resources and the team's totals", async () => {
        const now = Date.now();
        const [first, second] = course.lessonIds as [number, number];
        await db()
          .insertInto('lesson_progress')
          .values([
            {
              user_id: member.id,
              lesson_id: first,
              course_id: course.id,
              position_seconds: 300,
              watched_seconds: 290,
              completed: 1,
              completed_at: now,
              credited_until: now,
              created_at: now,
              updated_at: now,
            },
            {
              user_id: member.id,
              lesson_id: second,
              course_id: course.id,
              position_seconds: 100,
              watched_seconds: 100,
              completed: 0,
              completed_at: null,
              credited_until: now,
              created_at: now,
              updated_at: now,
            },
            {
              user_id: leader.id,
              lesson_id: first,
              course_id: course.id,
              position_seconds: 80,
              watched_seconds: 80,
              completed: 0,
              completed_at: null,
              credited_until: now,
              created_at: now,
              updated_at: now,
            },
          ])
          .execute();
        const read = await post('/api/ebooks/progress', member.token, { ebookId, page: 12 });
        expect(read.code, read.message).toBe(0);
        await db()
          .insertInto('activity_applications')
          .values({
            activity_id: activityId,
            user_id: member.id,
            form: '{}',
            status: 'active',
            checkin_code: null,
            checked_in_at: now,
            applied_at: now,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await db()
          .insertInto('class_signups')
          .values({
            class_id: classId,
            user_id: leader.id,
            form: '{}',
            status: 'active',
            signed_up_at: now,
            created_at: now,
            updated_at: now,
          })
          .execute();

        const answer = await get<TeamProgress>(
          `/api/team-resources/progress?teamId=${teamId}&sort=minutes`,
          member.token,
        );
        expect(answer.code, answer.message).toBe(0);
        expect(answer.data.linked).toEqual({
          courses: 1,
          lessons: 2,
          classes: 1,
          activities: 1,
          ebooks: 1,
        });
        expect(answer.data.members).toEqual([
          expect.objectContaining({
            userId: member.id,
            leader: false,
            lessons: 1,
            minutes: 6,
            activities: 1,
            pages: 12,
            classes: 0,
          }),
          expect.objectContaining({
            userId: leader.id,
            leader: true,
            lessons: 0,
            minutes: 1,
            activities: 0,
            pages: 0,
            classes: 1,
          }),
        ]);
        expect(answer.data.totals).toEqual({
          lessons: 1,
          minutes: 7,
          activities: 1,
          pages: 12,
          classes: 1,
        });
        const byClasses = await get<TeamProgress>(
          `/api/team-resources/progress?teamId=${teamId}&sort=classes`,
          leader.token,
        );
        expect(byClasses.data.members.map((row) => row.userId)).toEqual([leader.id, member.id]);
      });

      it('answers 403 to a learner outside the team, 301 to a visitor, 400 to a wrong sort', async () => {
        const outside = await get(`/api/team-resources/progress?teamId=${teamId}`, outsider.token);
        expect(outside.code).toBe(403);
        expect(outside.message).toBe('只有团队成员可以进行此操作');
        expect((await get(`/api/team-resources/progress?teamId=${teamId}`)).code).toBe(301);
        const sort = await get(
          `/api/team-resources/progress?teamId=${teamId}&sort=age`,
          member.token,
        );
        expect(sort.code).toBe(400);
        expect(sort.message).toContain('排序方式');
      });

      it('answers 409 for a dissolved team', async () => {
        const team = await createTeam(db(), leader.id, { dissolved_at: Date.now() });
        const answer = await get(`/api/team-resources/progress?teamId=${team}`, leader.token);
        expect(answer.code).toBe(409);
        expect(answer.message).toBe('该团队已解散');
        expect((await get(`/api/team-resources?teamId=${team}`)).code).toBe(409);
      });
    });
  },
  { seedDemo: false },
);
