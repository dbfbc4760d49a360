import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { HttpClient } from '../bench/http-client.ts';
import type { Database } from '../src/db/schema.ts';
import { AccountService } from '../src/modules/account/account.service.ts';
import { hashPassword } from '../src/modules/account/password.ts';

/** The password every learner made here shares (one scrypt hash for all of them). */
export const LEARNER_PASSWORD = 'Reliable@2026';

/** A learner with a real bearer token from the login exchange. */
export interface Learner {
  id: number;
  username: string;
  token: string;
}

/** Runs `work` over `items` with at most `limit` at a time; answers the results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Makes `count` learners that can log in with {@link LEARNER_PASSWORD} and logs each in
 * through the real exchange: the users are inserted sharing one precomputed password hash
 * (hashing hundreds of passwords would take seconds each hundred), the account service issues
 * each a one-time ticket as the account center does after a right password, and
 * `POST /api/account/login` on one of `origins` (in turn) exchanges it for a session token.
 * `db` is a connection to the servers' database.
 */
export async function createLearners(
  db: Kysely<Database>,
  origins: readonly string[],
  count: number,
  options: { concurrency?: number } = {},
): Promise<Learner[]> {
  if (origins.length === 0) throw new Error('createLearners: no origin to log in at');
  const passwordHash = await hashPassword(LEARNER_PASSWORD);
  // Mobile numbers `135` + 8 digits from a random base, so runs on one database do not meet.
  const base = randomInt(0, 90_000_000 - count);
  const now = Date.now();
  const users: Array<{ id: number; username: string }> = [];
  for (let start = 0; start < count; start += 250) {
    const rows = Array.from({ length: Math.min(250, count - start) }, (_, i) => ({
      username: `135${String(base + start + i).padStart(8, '0')}`,
      password_hash: passwordHash,
      nickname: `可靠性学员${start + i + 1}`,
      avatar: null,
      created_at: now,
    }));
    users.push(
      ...(await db.insertInto('users').values(rows).returning(['id', 'username']).execute()),
    );
  }
  const accounts = new AccountService(db);
  const clients = origins.map((origin) => new HttpClient(origin, 64));
  try {
    return await mapLimit(users, options.concurrency ?? 32, async (user, index) => {
      const ticket = await accounts.issueTicket(user.id);
      const client = clients[index % clients.length] as HttpClient;
      const answer = await client.send({
        method: 'POST',
        path: '/api/account/login',
        json: { ticket },
      });
      const token = tokenOf(answer.text);
      if (answer.status !== 200 || !token) {
        throw new Error(
          `POST /api/account/login answered ${answer.status} ${answer.text.slice(0, 200)}`,
        );
      }
      return { id: Number(user.id), username: user.username, token };
    });
  } finally {
    for (const client of clients) client.close();
  }
}

function tokenOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { code?: unknown; data?: { token?: unknown } | null };
    return body.code === 0 && typeof body.data?.token === 'string' ? body.data.token : null;
  } catch {
    return null;
  }
}
