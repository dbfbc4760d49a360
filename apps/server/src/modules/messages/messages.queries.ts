import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Database, NewMessageRow } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Whose messages a query reads: a learner on a site, and their "all read up to" time. */
export interface Reader {
  siteKey: string;
  userId: number;
  /**
   * Notices created until then count as read: the later of the learner's registration and
   * their last "all read" (a learner who registers later is not greeted by old notices).
   */
  readThrough: number;
}

/** The learner's own messages and the site's notices to everyone. */
function visibleTo(reader: Reader) {
  return (eb: ExpressionBuilder<Database & { m: Database['messages'] }, 'm'>) =>
    eb.and([
      eb('m.site_key', '=', reader.siteKey),
      eb.or([eb('m.user_id', '=', reader.userId), eb('m.user_id', 'is', null)]),
    ]);
}

/** Whether the reader has read message `m`, as SQL (1 or 0). */
function readFlag(reader: Reader) {
  return sql<number>`case
    when m.user_id is not null then case when m.read_at is null then 0 else 1 end
    when m.created_at <= ${reader.readThrough} then 1
    when exists (select 1 from message_reads r
      where r.message_id = m.id and r.user_id = ${reader.userId}) then 1
    else 0 end`;
}

/** When the learner registered and last marked all of the site's messages read. */
const readThroughQuery = compiledOnce((db, userId: number, siteKey: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('message_marks as k', (join) =>
      join.onRef('k.user_id', '=', 'u.id').on('k.site_key', '=', siteKey),
    )
    .select(['u.created_at', 'k.read_all_at'])
    .where('u.id', '=', userId),
);

export async function findReadThrough(db: Db, userId: number, siteKey: string) {
  const [row] = await readThroughQuery(db, userId, siteKey);
  return Math.max(Number(row?.created_at ?? 0), Number(row?.read_all_at ?? 0));
}

const COLUMNS = [
  'm.id',
  'm.user_id',
  'm.kind',
  'm.title',
  'm.body',
  'm.link_type',
  'm.link_id',
  'm.created_at',
] as const;

/**
 * The learner's own messages (`own`) or the site's notices, each one range of the index
 * (`user_id, site_key, created_at, id`): an `or` of the two would read and sort them all.
 */
function branch(db: Db, userId: number, siteKey: string, own: boolean) {
  return db
    .selectFrom('messages as m')
    .where('m.user_id', own ? '=' : 'is', own ? userId : null)
    .where('m.site_key', '=', siteKey);
}

const countOf = (db: Db, userId: number, siteKey: string, own: boolean) =>
  branch(db, userId, siteKey, own).select((eb) => eb.fn.countAll<number | string>().as('n'));

/**
 * What the list of 我的消息 needs before its rows, in one statement compiled once: when the
 * learner registered and last marked all read (see {@link findReadThrough}), and how many of
 * their own messages and of the site's notices there are.
 */
const listHeadQuery = compiledOnce((db, userId: number, siteKey: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('message_marks as k', (join) =>
      join.onRef('k.user_id', '=', 'u.id').on('k.site_key', '=', siteKey),
    )
    .select([
      'u.created_at',
      'k.read_all_at',
      countOf(db, userId, siteKey, true).as('own'),
      countOf(db, 0, siteKey, false).as('notices'),
    ])
    .where('u.id', '=', userId),
);

/** The learner's "all read up to" time and how many messages they see, at once. */
export async function findListHead(db: Db, userId: number, siteKey: string) {
  const [row] = await listHeadQuery(db, userId, siteKey);
  return {
    readThrough: Math.max(Number(row?.created_at ?? 0), Number(row?.read_all_at ?? 0)),
    total: Number(row?.own ?? 0) + Number(row?.notices ?? 0),
  };
}

/**
 * The reader's messages newest first, each with its read flag: the newest `newest` (the
 * window's end) of each branch, in index order, merged, then the window. Compiled once: the
 * list is read on every visit of 我的消息, and building it costs more than running it.
 */
const messageRowsQuery = compiledOnce(
  (
    db,
    userId: number,
    siteKey: string,
    readThrough: number,
    newest: number,
    limit: number,
    offset: number,
  ) => {
    const reader = { userId, siteKey, readThrough };
    const branchRows = (own: boolean) =>
      branch(db, userId, siteKey, own)
        .select([...COLUMNS, readFlag(reader).as('is_read')])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(newest);
    return db
      .selectFrom(branchRows(true).as('own'))
      .selectAll()
      .unionAll(db.selectFrom(branchRows(false).as('notices')).selectAll())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset);
  },
);

/** One window of the reader's messages, newest first, each with its read flag. */
export function listMessageRows(db: Db, reader: Reader, limit: number, offset: number) {
  return messageRowsQuery(
    db,
    reader.userId,
    reader.siteKey,
    reader.readThrough,
    offset + limit,
    limit,
    offset,
  );
}

export type MessageListRow = Awaited<ReturnType<typeof listMessageRows>>[number];

/** A message the reader sees, or undefined (another learner's or another site's too). */
export function findMessageRow(db: Db, reader: Reader, id: number) {
  return db
    .selectFrom('messages as m')
    .select([...COLUMNS, readFlag(reader).as('is_read')])
    .where('m.id', '=', id)
    .where(visibleTo(reader))
    .executeTakeFirst();
}

/** The learner's own unread messages on the site (one range of the learner's index). */
export const ownUnreadQuery = compiledOnce((db, userId: number, siteKey: string) =>
  db
    .selectFrom('messages as m')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('m.user_id', '=', userId)
    .where('m.site_key', '=', siteKey)
    .where('m.read_at', 'is', null),
);

/** The site's notices after `after` the learner has no read row of. */
const unreadNoticesQuery = compiledOnce((db, siteKey: string, after: number, userId: number) =>
  db
    .selectFrom('messages as m')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('m.user_id', 'is', null)
    .where('m.site_key', '=', siteKey)
    .where('m.created_at', '>', after)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('message_reads as r')
            .select('r.message_id')
            .whereRef('r.message_id', '=', 'm.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    ),
);

/**
 * The reader's unread messages: their own with no read time, and the site's notices after
 * their "read through" time without a read row. Both counts walk one index
 * (`user_id, site_key, created_at`); compiled once, as the badge asks on every page.
 */
export async function countUnread(db: Db, reader: Reader): Promise<number> {
  const [own, notices] = await Promise.all([
    ownUnreadQuery(db, reader.userId, reader.siteKey),
    unreadNoticesQuery(db, reader.siteKey, reader.readThrough, reader.userId),
  ]);
  return Number(own[0]?.n ?? 0) + Number(notices[0]?.n ?? 0);
}

/** Marks the learner's own unread messages read at `now`, as an update to narrow down. */
function readOwnUnread(db: Db, userId: number, now: number) {
  return db
    .updateTable('messages')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
}

/** Marks the learner's own message read (once: a read one keeps its first read time). */
export function markOwnRead(db: Db, userId: number, id: number, now: number) {
  return readOwnUnread(db, userId, now).where('id', '=', id).execute();
}

/** Records that the learner read a notice (a second time changes nothing). */
export function insertNoticeRead(db: Db, userId: number, messageId: number, now: number) {
  return db
    .insertInto('message_reads')
    .values({ user_id: userId, message_id: messageId, read_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
    .execute();
}

/** Marks every own message of the learner on the site read. */
export function markAllOwnRead(db: Db, userId: number, siteKey: string, now: number) {
  return readOwnUnread(db, userId, now).where('site_key', '=', siteKey).execute();
}

/** Moves the learner's "all read up to" time on the site to `now` (never back). */
export function upsertReadMark(db: Db, userId: number, siteKey: string, now: number) {
  return db
    .insertInto('message_marks')
    .values({ user_id: userId, site_key: siteKey, read_all_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'site_key'])
        .doUpdateSet({ read_all_at: now })
        .where('message_marks.read_all_at', '<', now),
    )
    .execute();
}

/**
 * Writes a message unless the learner already has one for the same occurrence (the unique
 * `user_id, dedupe_key`); answers whether it was written. A notice (`user_id` null) is always
 * written.
 */
export async function insertMessage(db: Db, row: NewMessageRow): Promise<boolean> {
  const result = await db
    .insertInto('messages')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
