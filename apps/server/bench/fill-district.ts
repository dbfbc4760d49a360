import { sql } from 'kysely';
import { openConfiguredDatabase } from '../src/db/configured.ts';
import { refreshStatistics } from '../src/db/database.ts';
import { fillHistory } from './fill/history.ts';
import { fillPlaces } from './fill/places.ts';
import { fillLearners } from './fill/rankings.ts';
import { positiveEnv } from './harness.ts';

// tsx bench/fill-district.ts   (same DATA_DIR / DATABASE_URL as the server under test, seeded)
// Fills the database to the size of a large district, on top of the seed (which brings the
// courses: about 105,000 at scale 350): BENCH_DISTRICT_LEARNERS (100,000) learners with points,
// 5,000 teams of 20 of them, 10 ledger rows each (a million), 50 days of learning time of both
// kinds each (ten million rows, and the days' totals), 10 messages each (a million) and 300
// notices, 10,000 places. The demo learners get a year of learning and a thousand messages.
// Set-based and bulk inserts: a few minutes rather than the years the awards would take.

const learners = positiveEnv('BENCH_DISTRICT_LEARNERS', 100_000);
const started = Date.now();
const step = (what: string) =>
  console.log(`fill-district: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

const database = await openConfiguredDatabase();
try {
  const ids = await fillLearners(database, {
    learners,
    teams: Math.floor(learners / 20),
    olderRows: 9,
  });
  step(`${ids.length} learners, their ledgers and teams`);
  await fillPlaces(database, positiveEnv('BENCH_DISTRICT_PLACES', 10_000));
  step('places');
  await fillHistory(database, ids, {
    learningDays: positiveEnv('BENCH_DISTRICT_DAYS', 50),
    messages: 10,
    notices: 300,
  });
  step('learning time and messages');
  // Fresh statistics for the planner, read by the server already running on this database.
  await refreshStatistics(database);
  step('planner statistics');
  if (database.engine === 'sqlite') {
    // The fill's gigabytes went through the write-ahead log, and the server (its other
    // connection) would look every page up in the log's index until a write starts the log
    // again: the district's first reads measured half as fast as later ones. Copied into the
    // database and the log emptied, as a server that has run a while has it.
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
    step('write-ahead log checkpointed');
  }
} finally {
  await database.destroy();
}
