import path from 'node:path';
import type { AppStore } from '../bench/harness.ts';
import { loginLearner } from '../bench/learner-login.ts';
import type { Learner } from '../bench/open-targets.ts';
import { createDatabase } from '../src/db/database.ts';
import type { NewUserRow } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/account/password.ts';
import { DEMO_PASSWORD, insertChunked } from '../src/seed/support.ts';

/** The username of the soak's `index`-th learner: 136 and 8 digits, apart from the seed's 139. */
export const soakUsername = (index: number) => `136${String(index).padStart(8, '0')}`;

/** Logins at once: enough to overlap the servers' scrypt checks, few enough not to queue. */
const LOGINS_AT_ONCE = 8;

/**
 * Adds `count` learners to the database of `store` and logs each in through the real flow (the
 * account center's form, then the ticket exchange), spread over `origins`. The rows share one
 * precomputed hash of {@link DEMO_PASSWORD}, so making hundreds takes one scrypt here, not one
 * each; only the logins pay the server's password check.
 */
export async function createSoakLearners(options: {
  store: AppStore;
  origins: readonly string[];
  count: number;
}): Promise<Learner[]> {
  const { store, origins, count } = options;
  if (origins.length === 0) throw new Error('no server to log in at');
  const database = await createDatabase({
    databaseUrl: store.databaseUrl || undefined,
    sqliteFile: path.join(store.dataDir, 'portal.sqlite'),
  });
  const usernames = Array.from({ length: count }, (_, index) => soakUsername(index));
  try {
    const sharedHash = await hashPassword(DEMO_PASSWORD);
    const now = Date.now();
    const rows: NewUserRow[] = usernames.map((username, index) => ({
      username,
      nickname: `压测学员${index + 1}`,
      password_hash: sharedHash,
      avatar: null,
      created_at: now,
    }));
    await insertChunked(rows, (chunk) => database.db.insertInto('users').values(chunk).execute());
  } finally {
    await database.destroy();
  }

  const learners: Learner[] = [];
  for (let start = 0; start < usernames.length; start += LOGINS_AT_ONCE) {
    const batch = usernames.slice(start, start + LOGINS_AT_ONCE);
    const tokens = await Promise.all(
      batch.map((username, offset) =>
        loginLearner(origins[(start + offset) % origins.length] ?? '', username),
      ),
    );
    batch.forEach((username, offset) => {
      learners.push({ username, token: tokens[offset] ?? '' });
    });
  }
  return learners;
}
