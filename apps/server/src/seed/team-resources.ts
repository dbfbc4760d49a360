import type { Kysely } from 'kysely';
import type {
  Database,
  NewCourseLearnerRow,
  NewEbookReadingRow,
  NewLessonProgressRow,
  TeamResourcesTable,
} from '../db/schema.ts';
import { awardPoints } from '../modules/points/points.award.ts';
import { signinAward } from './points.ts';
import { mix } from './random.ts';
import { insertChunked, learnersOf, publishedIds, type SeedContext } from './support.ts';
import { localDay } from './time.ts';

/** Resources each seeded team links: [kind, how many]. */
const PER_TEAM: ReadonlyArray<[TeamResourcesTable['kind'], number]> = [
  ['course', 3],
  ['class', 1],
  ['activity', 1],
  ['ebook', 2],
];

/** Generated learners who signed in on past days (so the rankings have a field), and how many days. */
const RANKED_LEARNERS = 300;
const SIGNIN_DAYS = 10;

/** The content table of each kind of team resource. */
const TABLES = {
  course: 'courses',
  class: 'classes',
  activity: 'activities',
  ebook: 'ebooks',
} as const satisfies Record<TeamResourcesTable['kind'], string>;

/**
 * Links resources of its site to each live team the teams step seeded (none: nothing to link),
 * picked by the team's id (no random draws, so no other area moves), and gives generated
 * learners a few past sign-ins through the points service, so the learner and team rankings
 * (kept by the same award path) have a field beside the demo learners.
 */
export async function seedTeamResources({ db, now }: SeedContext): Promise<void> {
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'site_key', 'leader_id'])
    .where('dissolved_at', 'is', null)
    .orderBy('id')
    .execute();
  const pools = new Map<string, number[]>();
  for (const team of teams) {
    const rows: Array<{
      team_id: number;
      kind: TeamResourcesTable['kind'];
      resource_id: number;
      linked_by: number;
      created_at: number;
    }> = [];
    for (const [kind, count] of PER_TEAM) {
      const key = `${team.site_key}:${kind}`;
      let pool = pools.get(key);
      if (!pool) {
        pool = await publishedIds(db, TABLES[kind], team.site_key, 60);
        pools.set(key, pool);
      }
      for (let i = 0; i < Math.min(count, pool.length); i += 1) {
        const id = pool[(team.id * 7 + i * 3) % pool.length] as number;
        if (rows.some((row) => row.kind === kind && row.resource_id === id)) continue;
        rows.push({
          team_id: team.id,
          kind,
          resource_id: id,
          linked_by: team.leader_id,
          created_at: now - (rows.length + 1) * 3_600_000,
        });
      }
    }
    if (rows.length === 0) continue;
    await db.insertInto('team_resources').values(rows).execute();
    await db
      .insertInto('team_resource_counts')
      .values({ team_id: team.id, linked: rows.length })
      .execute();
  }

  await seedMemberProgress(db, now);

  const { generated } = await learnersOf(db);
  for (const [index, learner] of generated.slice(0, RANKED_LEARNERS).entries()) {
    const days = 1 + (index % SIGNIN_DAYS);
    for (let offset = -days; offset < 0; offset += 1) {
      await awardPoints(db, signinAward(learner.id, localDay(now, offset, 7, index % 60)));
    }
  }
}

/**
 * The generated members' learning on their teams' linked courses and e-books (the demo learners
 * keep a clean slate: their own pages start empty), so 团队学习 shows real progress: for each
 * course the first lessons completed in order (none to all, by a mix of the learner's and the
 * course's ids), and a page reached in each e-book. Written as the lesson and reading services
 * write them (progress rows and the course's learner row).
 */
async function seedMemberProgress(db: Kysely<Database>, now: number) {
  const { generated } = await learnersOf(db);
  const generatedIds = new Set(generated.map((learner) => learner.id));
  const members = await db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select(['m.team_id', 'm.user_id'])
    .where('m.status', '=', 'active')
    .where('t.dissolved_at', 'is', null)
    .orderBy('m.team_id')
    .orderBy('m.user_id')
    .execute();
  const links = await db
    .selectFrom('team_resources')
    .select(['team_id', 'kind', 'resource_id'])
    .where('kind', 'in', ['course', 'ebook'])
    .execute();
  const courseIds = [
    ...new Set(links.filter((l) => l.kind === 'course').map((l) => l.resource_id)),
  ];
  const ebookIds = [...new Set(links.filter((l) => l.kind === 'ebook').map((l) => l.resource_id))];
  const lessons =
    courseIds.length === 0
      ? []
      : await db
          .selectFrom('course_lessons')
          .select(['id', 'course_id', 'duration_seconds'])
          .where('course_id', 'in', courseIds)
          .orderBy('course_id')
          .orderBy('sort')
          .orderBy('id')
          .execute();
  const lessonsOf = new Map<number, typeof lessons>();
  for (const lesson of lessons) {
    lessonsOf.set(lesson.course_id, [...(lessonsOf.get(lesson.course_id) ?? []), lesson]);
  }
  const pagesOf = new Map(
    ebookIds.length === 0
      ? []
      : (
          await db
            .selectFrom('ebooks')
            .select(['id', 'page_count'])
            .where('id', 'in', ebookIds)
            .execute()
        ).map((row) => [row.id, row.page_count]),
  );

  const progress: NewLessonProgressRow[] = [];
  const learners: NewCourseLearnerRow[] = [];
  const reading: NewEbookReadingRow[] = [];
  const done = new Set<string>();
  for (const member of members) {
    if (!generatedIds.has(member.user_id)) continue;
    for (const link of links) {
      if (link.team_id !== member.team_id) continue;
      const key = `${link.kind}:${link.resource_id}:${member.user_id}`;
      if (done.has(key)) continue;
      done.add(key);
      const seed = mix(member.user_id, link.resource_id);
      const at = now - (1 + (seed % 20)) * 86_400_000 - (seed % 600) * 60_000;
      if (link.kind === 'ebook') {
        const pages = pagesOf.get(link.resource_id) ?? 0;
        if (pages === 0 || seed % 5 === 0) continue;
        reading.push({
          user_id: member.user_id,
          ebook_id: link.resource_id,
          page: 1 + (seed % pages),
          started_at: at - 7 * 86_400_000,
          updated_at: at,
        });
        continue;
      }
      const courseLessons = lessonsOf.get(link.resource_id) ?? [];
      const completed = seed % (courseLessons.length + 1);
      if (courseLessons.length === 0 || completed === 0) continue;
      courseLessons.slice(0, completed).forEach((lesson, index) => {
        const finished = at - (completed - index) * 3_600_000;
        progress.push({
          user_id: member.user_id,
          lesson_id: lesson.id,
          course_id: link.resource_id,
          position_seconds: lesson.duration_seconds,
          watched_seconds: lesson.duration_seconds,
          completed: 1,
          completed_at: finished,
          credited_until: finished,
          created_at: finished - lesson.duration_seconds * 1000,
          updated_at: finished,
        });
      });
      learners.push({
        user_id: member.user_id,
        course_id: link.resource_id,
        last_lesson_id: courseLessons[completed - 1]?.id ?? null,
        started_at: at - completed * 3_600_000 - 86_400_000,
        last_studied_at: at,
        completed_at: completed === courseLessons.length ? at : null,
      });
    }
  }
  await insertChunked(progress, (chunk) =>
    db.insertInto('lesson_progress').values(chunk).execute(),
  );
  await insertChunked(learners, (chunk) =>
    db.insertInto('course_learners').values(chunk).execute(),
  );
  await insertChunked(reading, (chunk) => db.insertInto('ebook_reading').values(chunk).execute());
}
