import type { Kysely } from 'kysely';
import { type Db, refreshStatistics } from '../db/database.ts';
import type { Database, NewUserRow } from '../db/schema.ts';
import { hashPassword } from '../modules/account/password.ts';
import { insertSites } from '../modules/sites/sites.queries.ts';
import type { FileStore } from '../platform/file-store.ts';
import { seedActivities, writeActivityCovers } from './activities.ts';
import { seedArticles, writeArticleFiles } from './articles.ts';
import { seedClasses } from './classes.ts';
import { seedCourses } from './courses.ts';
import { writeCategoryCovers } from './covers.ts';
import { seedDelivery, writeDeliveryCovers } from './delivery.ts';
import { seedEbooks, writeEbookFiles } from './ebooks.ts';
import { SeedFiles } from './files.ts';
import { seedHomeBanners } from './home.ts';
import { seedSiteLearners } from './learners.ts';
import { seedLearningHistory } from './learning.ts';
import { seedMediaLessons, writeLessonMediaFiles } from './lesson-media.ts';
import { seedLive, writeLiveCovers } from './live.ts';
import { seedMedals } from './medals.ts';
import { seedMessages } from './messages.ts';
import { seedOperators, settleReviewState } from './operators.ts';
import { seedPlaces, writePlacePhotos } from './places.ts';
import { seedPoints } from './points.ts';
import { Random } from './random.ts';
import { seedReviewAndWaiting } from './review.ts';
import { seedSearchTerms } from './search.ts';
import {
  DEMO_LEARNERS,
  DEMO_PASSWORD,
  demoAccount,
  insertChunked,
  type SeedContext,
} from './support.ts';
import { seedTeamResources } from './team-resources.ts';
import { seedTeamWorks, writeTeamWorkFiles } from './team-works.ts';
import { seedTeams, writeTeamAvatars } from './teams.ts';
import { seedTopics, writeTopicBanners } from './topics.ts';
import { seedExperienceBases, seedWalks, writeWalkFiles } from './walks.ts';
import { givenNames, surnames } from './words.ts';

export const DEMO_SITES = [
  { key: 'jingan', name: '静安学习网', sort: 1, theme_color: '#1664ff' },
  { key: 'xuhui', name: '徐汇学习网', sort: 2, theme_color: '#0b7a75' },
] as const;

/** Learners generated per unit of scale, beside the demo learners. */
export const LEARNERS_PER_SCALE = 200;

/** The username of the `index`-th generated learner (password {@link DEMO_PASSWORD}). */
export const generatedUsername = (index: number) => `139${String(index).padStart(8, '0')}`;

export interface SeedOptions {
  scale?: number;
  seed?: number;
  log?: (line: string) => void;
}

async function seedSites({ db, now }: SeedContext) {
  await insertSites(
    db,
    DEMO_SITES.map((site) => ({ ...site, created_at: now })),
  );
}

async function seedLearners({ db, random, scale, now }: SeedContext) {
  const demo: NewUserRow[] = [];
  for (const learner of DEMO_LEARNERS) demo.push(await demoAccount(learner, now));
  await db.insertInto('users').values(demo).execute();
  // Generated learners share one hash (of the demo password) so that seeding a million of them
  // takes seconds; every account created through the account center gets its own salt.
  const sharedHash = await hashPassword(DEMO_PASSWORD);
  const count = Math.round(LEARNERS_PER_SCALE * scale);
  const rows: NewUserRow[] = [];
  for (let i = 0; i < count; i += 1) {
    rows.push({
      username: generatedUsername(i),
      nickname: random.pick(surnames) + random.pick(givenNames),
      password_hash: sharedHash,
      avatar: null,
      created_at: now - random.int(0, 3 * 365) * 86_400_000,
    });
  }
  await insertChunked(rows, (chunk) => db.insertInto('users').values(chunk).execute());
}

/** Each area adds its step here; steps run in order inside one transaction. */
const steps: Array<(context: SeedContext) => Promise<void>> = [
  seedSites,
  seedLearners,
  seedCourses,
  // No random draws, before anything records progress: a demo course's audio and PDF lessons.
  seedMediaLessons,
  seedClasses,
  seedActivities,
  seedReviewAndWaiting,
  seedEbooks,
  // After courses: a few sessions name a related course.
  seedLive,
  // After courses, activities and e-books: it tags them.
  seedTopics,
  seedSearchTerms,
  // Last: its random draws come after every earlier area's, which stay as they were.
  seedArticles,
  // After signups and articles (no random draws): the demo learners' messages and notices.
  seedMessages,
  // No random draws: the demo learners' learning time per day and kind.
  seedLearningHistory,
  // After the areas that record learning (check-ins, learning time): the demo learners' medals
  // and their messages.
  seedMedals,
  // After activities (no random draws): the demo learners' points, through the points service.
  seedPoints,
  // After the learners (its random draws come last): 40 teams with members.
  seedTeams,
  // After the teams (it reads them; nothing without teams): works, pictures, likes, comments.
  seedTeamWorks,
  // After the teams and points (no random draws): the teams' linked resources, and past
  // sign-ins of generated learners through the points service for the rankings.
  seedTeamResources,
  // Its random draws come after every earlier step's (the steps after it draw none): the
  // learning map's places, their courses, classes and projects, and the activities re-pointed
  // at them.
  seedPlaces,
  // No random draws: the experience bases (places, programmes, slots) and the humanities walks
  // (stops as places, sessions), with the demo learner's bookings and check-ins.
  seedExperienceBases,
  seedWalks,
  // Last (no random draws): resource delivery's staff account, resources, requests in every
  // status with their history and messages.
  seedDelivery,
  // Last (no random draws): the console's demo operators and their roles, and the review state
  // of everything seeded.
  seedOperators,
  // No random draws: a banner of the staff's own on each site's home, after the activities.
  seedHomeBanners,
  settleReviewState,
  // No random draws: the learners of each site, from the accounts seeded above.
  seedSiteLearners,
];

/**
 * Each area whose content has files (covers, banners, PDFs) adds its writer here: they write the
 * missing files into the file store's `files/` folder at start-up, in order, and answer how many
 * they wrote.
 */
const fileWriters: Array<(db: Kysely<Database>, files: SeedFiles) => Promise<number>> = [
  writeCategoryCovers,
  // The demo audio lesson's MP3 and PDF lesson's handout.
  writeLessonMediaFiles,
  // The e-books' PDFs and covers, and the demo document (from a cache when warm).
  writeEbookFiles,
  writeTopicBanners,
  (_db, files) => writeActivityCovers(files),
  (_db, files) => writeLiveCovers(files),
  // The articles' images and the notices' PDF attachments.
  writeArticleFiles,
  (_db, files) => writeTeamAvatars(files),
  // The team works' demo pictures (from a cache when warm).
  writeTeamWorkFiles,
  (_db, files) => writePlacePhotos(files),
  // The experience bases' photos and the walks' covers.
  (_db, files) => writeWalkFiles(files),
  (_db, files) => writeDeliveryCovers(files),
];

/**
 * Writes the missing files of the seeded content into the file store's `files/` folder; run at
 * start-up, so a database seeded by `npm run seed` or shared by several instances gets them.
 * Lists each folder it writes to once, then writes only what is missing. Answers how many files it
 * wrote.
 */
export async function writeDemoFiles(db: Kysely<Database>, store: FileStore): Promise<number> {
  const files = new SeedFiles(store);
  let written = 0;
  for (const write of fileWriters) written += await write(db, files);
  return written;
}

/** True when the database has no sites yet, i.e. nothing was seeded or created. */
export async function isEmpty({ db }: Db): Promise<boolean> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** Writes the deterministic demo content; `scale` multiplies the generated volume. */
export async function seedDemo(database: Db, options: SeedOptions = {}): Promise<void> {
  const scale = options.scale ?? 1;
  const started = Date.now();
  await database.db.transaction().execute(async (trx) => {
    const context: SeedContext = {
      db: trx,
      random: new Random(options.seed ?? 20_261_122),
      scale,
      now: started,
      engine: database.engine,
    };
    for (const step of steps) await step(context);
  });
  await refreshStatistics(database);
  options.log?.(`Seeded demo content at scale ${scale} in ${Date.now() - started} ms`);
}

// The demo accounts are named by tests and the README through this module too.
export { DEMO_LEARNERS, DEMO_PASSWORD };
