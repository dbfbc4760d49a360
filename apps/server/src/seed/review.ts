import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { parseFormFields } from '../modules/seats/seats.ts';
import { Random } from './random.ts';
import { answersFor } from './signups.ts';
import { learnersOf, type SeedContext, seededSites } from './support.ts';
import { HOUR } from './time.ts';

/*
 * Review of applicants and waiting lists in the demo (issue 31), written over the classes and
 * activities already seeded, with their own random stream so nothing seeded before changes:
 * on each site one open class and one open activity ask for review, with applicants waiting for
 * it (待审核) and one refused (未通过); one full class and one full activity have a waiting list
 * (候补). None of them is one a demo learner signed up for, so their pages stay as they were.
 */

/** Applicants waiting for review on each reviewed item. */
const PENDING = 3;
/** Learners in line on each full item. */
const WAITING = 5;
/** The reason the demo's refusal gives. */
const REFUSAL = '本期名额优先面向本街道居民，欢迎报名下一期';

type Table = 'class_signups' | 'activity_applications';

/** Where each kind keeps its items and sign-ups. */
const KINDS = [
  { parent: 'classes', signups: 'class_signups', parentKey: 'class_id', at: 'signed_up_at' },
  {
    parent: 'activities',
    signups: 'activity_applications',
    parentKey: 'activity_id',
    at: 'applied_at',
  },
] as const;

export async function seedReviewAndWaiting({ db, now }: SeedContext): Promise<void> {
  const random = new Random(31);
  const { demo, generated } = await learnersOf(db);
  const demoIds = demo.map((learner) => learner.id);
  for (const site of await seededSites(db)) {
    for (const kind of KINDS) {
      // Open for sign-up now, published, of no demo learner; special activities left as they are.
      const items = await db
        .selectFrom(`${kind.parent} as p` as 'classes as p')
        .select(['p.id', 'p.capacity', 'p.seats_taken', 'p.form_fields'])
        .where('p.site_key', '=', site.key)
        .where('p.published', '=', 1)
        .where('p.signup_start', '<=', now)
        .where('p.signup_end', '>', now)
        .where('p.start_at', '>', now)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom(`${kind.signups} as s` as 'class_signups as s')
                .select('s.id')
                .whereRef(`s.${kind.parentKey}` as 's.class_id', '=', 'p.id')
                .where('s.user_id', 'in', demoIds.length > 0 ? demoIds : [0]),
            ),
          ),
        )
        .orderBy('p.id')
        .execute();
      const special =
        kind.parent === 'activities'
          ? new Set((await specialActivities(db).execute()).map((row) => row.id))
          : new Set<number>();
      const regular = items.filter((item) => !special.has(item.id));
      const open = regular.filter((item) => item.seats_taken < item.capacity - 1);
      const full = regular.filter((item) => item.seats_taken === item.capacity);
      const reviewed = open[1];
      if (reviewed) await askForReview(db, kind, reviewed.id, now);
      const queued = full[0];
      if (queued) await queue(db, random, kind, queued, generated, now);
    }
  }
}

/** The ids of special activities (their sign-ups carry files the demo does not make here). */
function specialActivities(db: Kysely<Database>) {
  return db.selectFrom('activities').select('id').where('kind', '=', '特色活动');
}

/**
 * Makes an item ask for review: its {@link PENDING} latest applicants wait for it (their seats
 * held), and the one before them was refused (its seat freed).
 */
async function askForReview(
  db: Kysely<Database>,
  kind: (typeof KINDS)[number],
  id: number,
  now: number,
) {
  await db
    .updateTable(kind.parent as 'classes')
    .set({ review_signups: 1 })
    .where('id', '=', id)
    .execute();
  const latest = await db
    .selectFrom(kind.signups as 'class_signups')
    .select('id')
    .where(kind.parentKey as 'class_id', '=', id)
    .where('status', '=', 'active')
    .orderBy(kind.at as 'signed_up_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PENDING + 1)
    .execute();
  const pending = latest.slice(0, PENDING).map((row) => row.id);
  const refused = latest[PENDING]?.id;
  const table = kind.signups as Table as 'class_signups';
  if (pending.length > 0) {
    await db.updateTable(table).set({ status: 'pending' }).where('id', 'in', pending).execute();
  }
  if (refused !== undefined) {
    await db
      .updateTable(table)
      .set({ status: 'rejected', review_note: REFUSAL, reviewed_at: now - 2 * HOUR })
      .where('id', '=', refused)
      .execute();
    if (kind.signups === 'activity_applications') {
      await db
        .updateTable('activity_applications')
        .set({ checkin_code: null })
        .where('id', '=', refused)
        .execute();
    }
    await db
      .updateTable(kind.parent as 'classes')
      .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) }))
      .where('id', '=', id)
      .execute();
  }
}

/** Puts {@link WAITING} learners who never signed up for a full item in its line, oldest first. */
async function queue(
  db: Kysely<Database>,
  random: Random,
  kind: (typeof KINDS)[number],
  item: { id: number; form_fields: string },
  learners: ReadonlyArray<{ id: number; username: string; nickname: string }>,
  now: number,
) {
  const taken = await db
    .selectFrom(kind.signups as 'class_signups')
    .select('user_id')
    .where(kind.parentKey as 'class_id', '=', item.id)
    .execute();
  const signedUp = new Set(taken.map((row) => row.user_id));
  const fields = parseFormFields(item.form_fields);
  const answering = { ages: [50, 78], remarks: ['希望有名额时通知我'] } as const;
  const line = learners.filter((learner) => !signedUp.has(learner.id)).slice(0, WAITING);
  for (const [index, learner] of line.entries()) {
    const at = now - (WAITING - index) * HOUR;
    const form = JSON.stringify(answersFor(random, fields, learner, answering));
    const common = {
      user_id: learner.id,
      form,
      status: 'waiting' as const,
      created_at: at,
      updated_at: at,
    };
    if (kind.signups === 'class_signups') {
      await db
        .insertInto('class_signups')
        .values({ ...common, class_id: item.id, signed_up_at: at })
        .execute();
    } else {
      await db
        .insertInto('activity_applications')
        .values({
          ...common,
          activity_id: item.id,
          applied_at: at,
          checkin_code: randomBytes(16).toString('base64url'),
        })
        .execute();
    }
  }
}
