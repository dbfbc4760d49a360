import type {
  CampaignAudience,
  CampaignAudiencePreview,
  CampaignAudienceQuery,
  CampaignCreateBody,
  CampaignListQuery,
  CampaignPage,
  CampaignRow,
} from '@portal/contract';
import {
  CAMPAIGN_AHEAD_DAYS,
  INACTIVE_DAYS,
  PARTICIPANT_KIND_NAMES,
  type ParticipantKind,
} from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import type { JobKind, JobQueue } from '../../platform/jobs/job-queue.ts';
import { isoTime } from '../../platform/time.ts';
import { insertMessage } from '../messages/messages.queries.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';
import { findItem, listParticipants } from '../participants/participants.queries.ts';
import {
  type CampaignRowData,
  cancelCampaign,
  claimCampaign,
  countCampaigns,
  countSiteLearners,
  findCampaign,
  findTeam,
  inactiveLearners,
  insertCampaign,
  keepReachable,
  listCampaigns,
  markSent,
  ownCopiesCounts,
  siteNoticeCounts,
  teamMembers,
} from './message-desk.queries.ts';

/** The background job that sends a notice at its time. */
export const CAMPAIGN_JOB = 'notices';
const DAY_MS = 86_400_000;
/** The least time ahead a scheduled notice may be set for. */
const LEAST_AHEAD_MS = 60_000;
/** Rows one insert of learners' copies writes. */
const CHUNK = 500;

/** The Chinese answers of the message desk. */
export const MessageDeskMessages = {
  nobody: '发送对象中没有可以接收消息的学员，请换一个发送对象',
  tooSoon: '发送时间：请选择 1 分钟之后的时间，或选择立即发送',
  tooLate: `发送时间：最多可以提前 ${CAMPAIGN_AHEAD_DAYS} 天定时发送`,
  notScheduled: '该消息不是待发送状态，不能取消',
} as const;

/** Who a notice goes to, resolved on the site: its label and, apart from the whole site, ids. */
interface Resolved {
  label: string;
  kind: ParticipantKind | null;
  id: number | null;
  /** The learners one by one; null for the whole site (one notice row). */
  learners: () => Promise<number[]> | null;
  count: () => Promise<number>;
}

/**
 * The message desk (群发消息): notices the staff write to the learners of their site or a group
 * of them, sent now or at a time by a background job (once, however many instances run it), with
 * how many each went to, reached and was read by. A notice to the whole site is one row however
 * many learners there are; a group's learners get a copy each.
 */
export class MessageDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly jobs: JobQueue,
    private readonly audit: AuditLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** The background job's kind: sends the campaign of its payload when due. */
  jobKind(): JobKind<{ campaignId: number }> {
    return {
      kind: CAMPAIGN_JOB,
      title: '群发消息',
      timeoutMs: 10 * 60_000,
      attempts: 3,
      backoffMs: 30_000,
      run: async ({ campaignId }, job) => {
        const sent = await this.send(campaignId);
        await job.progress(1, sent === null ? '已取消或已发送' : `发送给 ${sent} 位学员`);
      },
    };
  }

  /** Who an audience holds now, as the form shows it before sending. */
  async preview(
    operator: Operator,
    query: CampaignAudienceQuery,
  ): Promise<CampaignAudiencePreview> {
    const audience = await this.resolve(this.db, operator.siteKey, query as CampaignAudience);
    return { label: audience.label, recipients: await audience.count() };
  }

  /**
   * Writes a notice to send now (the job takes it at once) or at `sendAt`; refused when the
   * audience holds nobody or the time is not a minute to 90 days ahead. In the audit log.
   */
  async create(operator: Operator, body: CampaignCreateBody): Promise<CampaignRow> {
    const now = this.now();
    const sendAt = body.sendAt === null ? now : Date.parse(body.sendAt);
    if (body.sendAt !== null && sendAt < now + LEAST_AHEAD_MS) {
      throw invalid(MessageDeskMessages.tooSoon);
    }
    if (sendAt > now + CAMPAIGN_AHEAD_DAYS * DAY_MS) throw invalid(MessageDeskMessages.tooLate);
    const audience = await this.resolve(this.db, operator.siteKey, body.audience);
    if ((await audience.count()) === 0) throw conflict(MessageDeskMessages.nobody);
    const id = await this.db.transaction().execute(async (trx) => {
      const campaignId = await insertCampaign(trx, {
        site_key: operator.siteKey,
        title: body.title,
        body: body.body,
        audience: body.audience.type,
        item_kind: audience.kind,
        audience_id: audience.id,
        audience_label: audience.label,
        send_at: sendAt,
        state: body.sendAt === null ? 'sending' : 'scheduled',
        created_by: operator.userId,
        author: operator.nickname.slice(0, 50),
        created_at: now,
      });
      await this.audit.record(trx, operator, {
        action: body.sendAt === null ? 'send' : 'schedule',
        entity: 'campaign',
        entityId: campaignId,
        summary: `群发消息「${body.title}」给${audience.label}${
          body.sendAt === null ? '，立即发送' : `，定于 ${isoTime(sendAt)} 发送`
        }`,
        before: null,
        after: { title: body.title, audience: audience.label, sendAt: isoTime(sendAt) },
      });
      // Added with the campaign (nothing to send if it rolls back), due at its time.
      await this.jobs.add(
        CAMPAIGN_JOB,
        { campaignId },
        { key: `${CAMPAIGN_JOB}:${campaignId}`, delayMs: Math.max(0, sendAt - now), trx },
      );
      return campaignId;
    });
    return this.detail(operator, id);
  }

  /** Cancels a notice still waiting for its time, in the audit log. */
  async cancel(operator: Operator, id: number): Promise<CampaignRow> {
    const campaign = await this.campaign(operator, id);
    await this.db.transaction().execute(async (trx) => {
      if (!(await cancelCampaign(trx, operator.siteKey, id))) {
        throw conflict(MessageDeskMessages.notScheduled);
      }
      await this.audit.record(trx, operator, {
        action: 'unschedule',
        entity: 'campaign',
        entityId: id,
        summary: `取消定时群发消息「${campaign.title}」`,
        before: { state: campaign.state },
        after: { state: 'cancelled' },
      });
    });
    return this.detail(operator, id);
  }

  async list(operator: Operator, query: CampaignListQuery): Promise<CampaignPage> {
    const { siteKey } = operator;
    return readPage(
      query,
      {
        count: () => countCampaigns(this.db, siteKey, query.state),
        rows: (window) => listCampaigns(this.db, siteKey, query.state, window),
      },
      (rows) => Promise.all(rows.map((row) => this.rowOf(row))),
    );
  }

  async detail(operator: Operator, id: number): Promise<CampaignRow> {
    return this.rowOf(await this.campaign(operator, id));
  }

  /**
   * Sends a due campaign in one transaction: taken by a conditional update (a cancelled or sent
   * one, or a second runner, sends nothing), each learner's copy or the site's one notice
   * written, the count kept. Answers how many learners it went to, or null when nothing was due.
   */
  async send(campaignId: number): Promise<number | null> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const campaign = await claimCampaign(trx, campaignId, now);
      if (!campaign) return null;
      // Read in the transaction (SQLite has one connection, which the transaction holds).
      const audience = await this.resolve(trx, campaign.site_key, {
        type: campaign.audience,
        ...(campaign.item_kind ? { kind: campaign.item_kind } : {}),
        ...(campaign.audience_id ? { id: campaign.audience_id } : {}),
      }).catch(() => null);
      const copy = {
        site_key: campaign.site_key,
        kind: 'notice' as const,
        title: campaign.title,
        body: campaign.body,
        dedupe_key: `campaign:${campaign.id}`,
        link_type: null,
        link_id: null,
        created_at: now,
        read_at: null,
        campaign_id: campaign.id,
      };
      // The item or team went away meanwhile: sent to nobody.
      const learners = audience ? await audience.learners() : [];
      if (learners === null) {
        await insertMessage(trx, { ...copy, user_id: null });
        const notice = await trx
          .selectFrom('messages')
          .select('id')
          .where('campaign_id', '=', campaign.id)
          .executeTakeFirstOrThrow();
        const recipients = await countSiteLearners(trx, campaign.site_key);
        await markSent(trx, campaign.id, { recipients, noticeId: notice.id, at: now });
        return recipients;
      }
      for (let start = 0; start < learners.length; start += CHUNK) {
        const rows = learners.slice(start, start + CHUNK).map((userId) => ({
          ...copy,
          user_id: userId,
        }));
        await trx
          .insertInto('messages')
          .values(rows)
          .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
          .execute();
      }
      await markSent(trx, campaign.id, { recipients: learners.length, noticeId: null, at: now });
      return learners.length;
    });
  }

  private async campaign(operator: Operator, id: number) {
    const row = await findCampaign(this.db, operator.siteKey, id);
    if (!row) throw notFound('消息');
    return row;
  }

  /** The audience on the site: 404 for another site's (or a missing) item or team. */
  private async resolve(
    db: Kysely<Database>,
    siteKey: string,
    audience: CampaignAudience,
  ): Promise<Resolved> {
    switch (audience.type) {
      case 'site':
        return {
          label: '全站学员',
          kind: null,
          id: null,
          learners: () => null,
          count: () => countSiteLearners(db, siteKey),
        };
      case 'inactive': {
        const before = this.now() - INACTIVE_DAYS * DAY_MS;
        const ids = async () =>
          (await inactiveLearners(db, siteKey, before).execute()).map((row) => row.user_id);
        return {
          label: `${INACTIVE_DAYS} 天未登录的学员`,
          kind: null,
          id: null,
          learners: ids,
          count: async () => (await ids()).length,
        };
      }
      case 'team': {
        const team = await findTeam(db, siteKey, audience.id ?? 0);
        if (!team) throw notFound('团队');
        const ids = async () =>
          (await teamMembers(db, siteKey, team.id).execute()).map((row) => row.user_id);
        return {
          label: `团队「${team.name}」的成员`,
          kind: null,
          id: team.id,
          learners: ids,
          count: async () => (await ids()).length,
        };
      }
      case 'item': {
        const kind = audience.kind as ParticipantKind;
        const item = await findItem(db, kind, siteKey, audience.id ?? 0);
        if (!item) throw notFound(PARTICIPANT_KIND_NAMES[kind]);
        const ids = async () => {
          const rows = await listParticipants(db, this.engine, {
            kind,
            id: item.id,
            status: 'active',
          });
          return keepReachable(db, siteKey, [...new Set(rows.map((row) => row.user_id))]);
        };
        return {
          label: `${PARTICIPANT_KIND_NAMES[kind]}「${item.title}」的报名学员`,
          kind,
          id: item.id,
          learners: ids,
          count: async () => (await ids()).length,
        };
      }
    }
  }

  private async rowOf(row: CampaignRowData): Promise<CampaignRow> {
    let counts: { read: number; delivered: number } | null = null;
    if (row.state === 'sent' && row.sent_at !== null) {
      counts =
        row.notice_id === null
          ? await ownCopiesCounts(this.db, row.id)
          : await siteNoticeCounts(this.db, row.site_key, row.notice_id, Number(row.sent_at));
    }
    return {
      id: row.id,
      title: row.title,
      body: row.body,
      audience: {
        type: row.audience,
        kind: row.item_kind,
        id: row.audience_id,
        label: row.audience_label,
      },
      state: row.state,
      sendAt: isoTime(Number(row.send_at)),
      sentAt: row.sent_at === null ? null : isoTime(Number(row.sent_at)),
      recipients: row.recipients,
      delivered: counts?.delivered ?? null,
      read: counts?.read ?? null,
      author: row.author,
      createdAt: isoTime(Number(row.created_at)),
    };
  }
}
