import { ErrorCode } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { AppError, invalid } from '../platform/errors.ts';
import { EnvelopeText, wrap } from './envelope.ts';

/**
 * Idempotency keys (issue 32, the outbox): a learner's write marked `idempotent` that carries an
 * `Idempotency-Key` header is done once, however often it is sent. The phone's outbox sends each
 * queued write with a key of its own and sends it again until it gets an answer; a retry after an
 * answer was lost on the way is the same case.
 *
 * - The key is claimed before the write (a row of `request_keys`, primary key learner + key): of
 *   two copies sent at once, one claims it and the other is told it is under way (409).
 * - The answer of a write that succeeded is kept with its key; the key sent again gets that
 *   answer again, marked `Idempotency-Replayed: true`, and nothing is written.
 * - A write that was refused (a cancelled class, bad input) or failed lets go of its key: the
 *   refusal is the caller's to act on (the outbox drops the entry with a message).
 * - A key claimed by a write that never finished (the server stopped midway) is taken as done
 *   after {@link STALE_CLAIM_MS}: whether it was written is unknown, and nothing may count twice.
 * - A key is for one write: sent to another route it is refused. Keys are kept a month.
 */

/** The header. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key: 8 to 64 letters, digits, `-` or `_` (a UUID fits). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** How long a claim may stay unanswered before it counts as done. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** How long keys are kept (an outbox keeps its entries a week). */
export const KEY_RETENTION_MS = 30 * 24 * 3600_000;

/** The key a request carries, null without one; a malformed key is refused. */
export function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw invalid('Idempotency-Key 格式不正确：应为 8 到 64 位字母、数字、“-”或“_”');
  }
  return value;
}

/** Claims `key` for the learner's write to `route`: the kept answer when it was done before. */
async function claim(
  db: Kysely<Database>,
  userId: number,
  key: string,
  route: string,
  now: number,
): Promise<{ claimed: true } | { claimed: false; answer: string | null }> {
  try {
    await db
      .insertInto('request_keys')
      .values({ user_id: userId, key, route, answer: null, created_at: now })
      .execute();
    return { claimed: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const kept = await db
    .selectFrom('request_keys')
    .select(['route', 'answer', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  // Let go of between the insert and the read: claimed by nobody now; the caller tries again.
  if (!kept) throw new AppError(ErrorCode.conflict, '这条记录正在上传，请稍后再试');
  if (kept.route !== route) throw invalid('这个 Idempotency-Key 已用于另一项操作');
  if (kept.answer !== null) return { claimed: false, answer: kept.answer };
  if (now - Number(kept.created_at) > STALE_CLAIM_MS) return { claimed: false, answer: null };
  throw new AppError(ErrorCode.conflict, '这条记录正在上传，请稍后再试');
}

/**
 * Runs `write` once for the learner's key on `route`: the first time it runs and its answer is
 * kept; after, the kept answer is sent again as it was.
 */
export async function onceForKey(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: number,
  route: string,
  key: string,
  write: () => Promise<unknown>,
): Promise<unknown> {
  const { db } = app.database;
  const claimed = await claim(db, userId, key, route, app.clock());
  if (!claimed.claimed) {
    reply.header('idempotency-replayed', 'true');
    return new EnvelopeText(Buffer.from(claimed.answer ?? JSON.stringify(wrap(null))));
  }
  let answer: unknown;
  try {
    answer = await write();
  } catch (error) {
    await db
      .deleteFrom('request_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute()
      .catch(() => undefined);
    throw error;
  }
  await forgetOldKeys(db, userId, app.clock());
  // The route's own compiled serializer: the answer as the caller gets it, kept as text.
  const text = String(reply.serialize(wrap(answer)));
  await db
    .updateTable('request_keys')
    .set({ answer: text })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
  return new EnvelopeText(Buffer.from(text));
}

/** Forgets the learner's keys older than {@link KEY_RETENTION_MS} (no outbox keeps one so long). */
function forgetOldKeys(db: Kysely<Database>, userId: number, now: number) {
  return db
    .deleteFrom('request_keys')
    .where('user_id', '=', userId)
    .where('created_at', '<', now - KEY_RETENTION_MS)
    .execute();
}
