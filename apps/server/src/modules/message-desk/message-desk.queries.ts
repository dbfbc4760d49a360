import type { CampaignState } from '@portal/contract/constants';
import { type Kysely, sql } from 'kysely';
import type { PageWindow } from '../../db/paging.ts';
import type { Database, MessageCampaignsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
type Campaign = { [K in keyof MessageCampaignsTable]: MessageCampaignsTable[K] };

/** The learners of the site who can be written to: not stopped there, not deleted. */
function reachable(db: Db, siteKey: string) {
  return db
    .selectFrom('site_learners as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.site_key', '=', siteKey)
    .where('l.disabled_at', 'is', null)
    .where('u.deleted_at', 'is', null);
}

/** The site's learners who have not come since `before` (30 days of absence). */
export function inactiveLearners(db: Db, siteKey: string, before: number) {
  return reachable(db, siteKey).where('l.last_seen_at', '<', before).select('l.user_id');
}

/** The active members of a team of the site who can be written to. */
export function teamMembers(db: Db, siteKey: string, teamId: number) {
  return reachable(db, siteKey)
    .innerJoin('team_members as m', 'm.user_id', 'l.user_id')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .where('t.id', '=', teamId)
    .where('t.site_key', '=', siteKey)
    .where('m.status', '=', 'active')
    .select('l.user_id');
}

/** How many learners of the site can be written to. */
export async function countSiteLearners(db: Db, siteKey: string) {
  const row = await reachable(db, siteKey)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A team of the site that is not dissolved. */
export function findTeam(db: Db, siteKey: string, teamId: number) {
  return db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', '=', teamId)
    .where('site_key', '=', siteKey)
    .where('dissolved_at', 'is', null)
    .executeTakeFirst();
}

/** Of `userIds`, those of the site's learners who can be written to. */
export async function keepReachable(db: Db, siteKey: string, userIds: readonly number[]) {
  const kept: number[] = [];
  for (let start = 0; start < userIds.length; start += 500) {
    const chunk = userIds.slice(start, start + 500);
    const rows = await reachable(db, siteKey)
      .where('l.user_id', 'in', chunk)
      .select('l.user_id')
      .execute();
    kept.push(...rows.map((row) => row.user_id));
  }
  return kept;
}

export async function insertCampaign(
  db: Db,
  row: Omit<Campaign, 'id' | 'recipients' | 'notice_id' | 'sent_at'>,
) {
  const inserted = await db
    .insertInto('message_campaigns')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function findCampaign(db: Db, siteKey: string, id: number) {
  return db
    .selectFrom('message_campaigns')
    .selectAll()
    .where('id', '=', id)
    .where('site_key', '=', siteKey)
    .executeTakeFirst();
}

export type CampaignRowData = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

export function listCampaigns(
  db: Db,
  siteKey: string,
  state: CampaignState | undefined,
  window: PageWindow,
) {
  return db
    .selectFrom('message_campaigns')
    .selectAll()
    .where('site_key', '=', siteKey)
    .$if(state !== undefined, (query) => query.where('state', '=', state as CampaignState))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countCampaigns(db: Db, siteKey: string, state: CampaignState | undefined) {
  const row = await db
    .selectFrom('message_campaigns')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('site_key', '=', siteKey)
    .$if(state !== undefined, (query) => query.where('state', '=', state as CampaignState))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes the campaign to send it (one instance, once): waiting or going out, due by `now`.
 * Answers it, or undefined when it was cancelled, sent already, or is not due.
 */
export async function claimCampaign(db: Db, id: number, now: number) {
  return db
    .updateTable('message_campaigns')
    .set({ state: 'sending' })
    .where('id', '=', id)
    .where('state', 'in', ['scheduled', 'sending'])
    .where('send_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

export function markSent(
  db: Db,
  id: number,
  sent: { recipients: number; noticeId: number | null; at: number },
) {
  return db
    .updateTable('message_campaigns')
    .set({
      state: 'sent',
      recipients: sent.recipients,
      notice_id: sent.noticeId,
      sent_at: sent.at,
    })
    .where('id', '=', id)
    .execute();
}

/** Cancels a campaign still waiting for its time; answers whether it was waiting. */
export async function cancelCampaign(db: Db, siteKey: string, id: number) {
  const result = await db
    .updateTable('message_campaigns')
    .set({ state: 'cancelled' })
    .where('id', '=', id)
    .where('site_key', '=', siteKey)
    .where('state', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who reached and read a campaign sent to learners one by one. */
export async function ownCopiesCounts(db: Db, campaignId: number) {
  const row = await db
    .selectFrom('messages as m')
    .leftJoin('site_learners as l', (join) =>
      join.onRef('l.user_id', '=', 'm.user_id').onRef('l.site_key', '=', 'm.site_key'),
    )
    .select([
      sql<number | string>`count(m.read_at)`.as('read'),
      sql<number | string>`sum(case when m.read_at is not null
        or l.last_seen_at >= m.created_at then 1 else 0 end)`.as('delivered'),
    ])
    .where('m.campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return { read: Number(row.read), delivered: Number(row.delivered ?? 0) };
}

/**
 * Who reached and read a notice to the whole site, among the learners of the site when it was
 * sent: reached, those who came since; read, those who opened it or marked all read after it.
 */
export async function siteNoticeCounts(db: Db, siteKey: string, noticeId: number, sentAt: number) {
  const row = await db
    .selectFrom('site_learners as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      sql<number | string>`sum(case when exists (select 1 from message_reads r
          where r.message_id = ${noticeId} and r.user_id = l.user_id)
        or exists (select 1 from message_marks k where k.user_id = l.user_id
          and k.site_key = l.site_key and k.read_all_at >= ${sentAt}) then 1 else 0 end)`.as(
        'read',
      ),
      sql<number | string>`sum(case when l.last_seen_at >= ${sentAt} then 1 else 0 end)`.as(
        'delivered',
      ),
    ])
    .where('l.site_key', '=', siteKey)
    .where('l.joined_at', '<=', sentAt)
    .where('l.disabled_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { read: Number(row.read ?? 0), delivered: Number(row.delivered ?? 0) };
}
