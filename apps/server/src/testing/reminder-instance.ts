import readline from 'node:readline';
import { createDatabase } from '../db/database.ts';
import { ReminderJob } from '../modules/messages/reminder-job.ts';

/**
 * Another server instance's reminder job, as a process of its own (tests start it): opens the
 * database (`DB_FILE`, or `DATABASE_URL` and `PG_SCHEMA`), says `ready`, and on a line `go` runs
 * the job once at `NOW` as runner `RUNNER`, printing what it did as JSON.
 */
const env = process.env;
const database = await createDatabase(
  env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL, pgSchema: env.PG_SCHEMA }
    : { sqliteFile: env.DB_FILE },
);
const job = new ReminderJob(database.db, {
  runner: env.RUNNER ?? 'instance',
  now: () => Number(env.NOW),
});
console.log('ready');
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line.trim() !== 'go') continue;
  const run = await job.runOnce();
  console.log(
    JSON.stringify({ sent: run.sent, missed: run.missed, failed: run.failed.map(String) }),
  );
  break;
}
await database.destroy();
