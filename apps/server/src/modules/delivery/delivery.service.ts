import {
  type CreateDeliveryRequestBody,
  canMove,
  DELIVERY_MOVES,
  DELIVERY_STATUS_LABELS,
  type DeliveryDecideBody,
  type DeliveryHistoryItem,
  type DeliveryMove,
  type DeliveryRequestCard,
  type DeliveryRequestDetail,
  type DeliveryResourceCard,
  type DeliveryResourceDetail,
  type DeliveryResourceListQuery,
  type DeliveryRole,
  type DeliveryStaffQuery,
  type DeliveryStatus,
  deliveryDayProblem,
  earliestDeliveryDay,
  type Page,
  type PageQuery,
  type RateDeliveryBody,
  shanghaiDay,
  shanghaiMidnight,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database, DeliveryResourceRow } from '../../db/schema.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import { isoTime, isoTimeOrNull } from '../../platform/time.ts';
import {
  countMyRequestRows,
  countResourceRows,
  countStatusRows,
  findRequest,
  findResource,
  insertHistory,
  insertRequest,
  isDeliveryStaff,
  listHistoryRows,
  listMyRequestRows,
  listResourceRows,
  listStatusRows,
  moveRequest,
  type RequestCardRow,
  type ResourceCardRow,
  rateRequest,
} from './delivery.queries.ts';
import { sendDeliveryMessage, DeliveryMessageTexts as Texts } from './delivery-messages.ts';

/** The Chinese messages of the delivery rules, as the caller sees them. */
export const DeliveryMessages = {
  resource: '配送资源',
  request: '配送申请',
  notStaff: '无权操作',
  audience: (min: number, max: number) => `人数：须在 ${min} 到 ${max} 人之间`,
  withdrawScheduled: '已排期的申请不能撤回，如需取消请联系工作人员',
  cannot: (status: DeliveryStatus, what: string) =>
    `该申请${DELIVERY_STATUS_LABELS[status]}，不能${what}`,
  changed: '申请状态已变化，请刷新后再试',
  rateFirst: '配送完成后才能评价',
  ratedAlready: '您已评价过这次配送',
  scheduleTime: '排期时间：请填写',
  schedulePast: '排期时间：不能早于现在',
  rejectReason: '拒绝原因：请填写',
} as const;

const MOVE_NAMES: Record<DeliveryMove, string> = {
  accept: '受理',
  schedule: '排期',
  complete: '标记完成',
  reject: '拒绝',
  withdraw: '撤回',
};

const MINUTE = 60_000;

const strings = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

function toResourceCard(row: ResourceCardRow): DeliveryResourceCard {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    cover: row.cover,
    tags: strings(row.tags),
    audienceMin: row.audience_min,
    audienceMax: row.audience_max,
    leadDays: row.lead_days,
    lecturerName: row.kind === 'lecturer' ? row.lecturer_name : null,
  };
}

function toRequestCard(row: RequestCardRow): DeliveryRequestCard {
  return {
    id: row.id,
    resourceId: row.resource_id,
    resourceTitle: row.resource_title,
    resourceKind: row.resource_kind,
    cover: row.cover,
    status: row.status,
    date: row.day,
    address: row.address,
    audience: row.audience,
    organisation: row.organisation,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/** `2026-12-01 09:30` (Asia/Shanghai) of a time. */
function shanghaiMinute(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Epoch ms of a `YYYY-MM-DD HH:mm` time in Asia/Shanghai, or null. */
function parseShanghaiMinute(text: string): number | null {
  const [day = '', time = ''] = text.split(' ');
  const midnight = shanghaiMidnight(day);
  const [hours, minutes] = time.split(':').map(Number);
  if (midnight === null || hours === undefined || minutes === undefined) return null;
  if (hours > 23 || minutes > 59) return null;
  return midnight + (hours * 60 + minutes) * MINUTE;
}

/**
 * Resource delivery (资源配送): the catalogue of deliverable resources, learners' requests for
 * them, and the staff's handling. A request moves 已提交 → 已受理 → 已排期 → 已完成, or to 已拒绝
 * (from submitted or accepted, by staff) or 已撤回 (from submitted or accepted, by the requester);
 * each move is an update conditional on the current status (so two at once cannot both apply),
 * recorded in the history and sent to the requester as a message, in one transaction.
 */
export class DeliveryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** One page of the site's published resources, of a kind when given (public). */
  list(siteKey: string, query: DeliveryResourceListQuery): Promise<Page<DeliveryResourceCard>> {
    return readPage(
      query,
      {
        count: () => countResourceRows(this.db, siteKey, query.kind),
        rows: (window) => listResourceRows(this.db, siteKey, query.kind, window),
      },
      (rows) => rows.map(toResourceCard),
    );
  }

  /** A published resource with what it needs and the first date it can be requested for. */
  async detail(siteKey: string, id: number): Promise<DeliveryResourceDetail> {
    const row = await this.publishedResource(siteKey, id);
    return {
      ...toResourceCard(row),
      intro: sanitizeArticleHtml(row.intro),
      room: row.room,
      equipment: row.equipment,
      lecturerTitle: row.kind === 'lecturer' ? row.lecturer_title : null,
      lecturerTopics: row.kind === 'lecturer' ? strings(row.lecturer_topics) : [],
      earliestDate: earliestDeliveryDay(shanghaiDay(this.now()), row.lead_days),
    };
  }

  private async publishedResource(siteKey: string, id: number): Promise<DeliveryResourceRow> {
    const row = await findResource(this.db, siteKey, id);
    if (!row || Number(row.published) !== 1) throw notFound(DeliveryMessages.resource);
    return row;
  }

  /** Whether the learner handles the site's requests. */
  async role(siteKey: string, userId: number): Promise<DeliveryRole> {
    return { staff: await isDeliveryStaff(this.db, siteKey, userId) };
  }

  /**
   * A learner asks for a published resource. The date must be at least the resource's lead time
   * ahead (and not past), the audience inside its range; nothing is written on a refusal.
   */
  async request(
    siteKey: string,
    userId: number,
    body: Required<CreateDeliveryRequestBody>,
  ): Promise<DeliveryRequestDetail> {
    const resource = await this.publishedResource(siteKey, body.resourceId);
    const at = this.now();
    const problem = deliveryDayProblem(body.date, resource.lead_days, at);
    if (shanghaiMidnight(body.date) === null) throw invalid('日期：不是有效的日期');
    if (problem) throw invalid(`日期：${problem}`);
    if (body.audience < resource.audience_min || body.audience > resource.audience_max) {
      throw invalid(DeliveryMessages.audience(resource.audience_min, resource.audience_max));
    }
    const id = await this.db.transaction().execute(async (trx) => {
      const requestId = await insertRequest(trx, {
        site_key: siteKey,
        resource_id: resource.id,
        user_id: userId,
        status: 'submitted',
        day: body.date,
        address: body.address,
        audience: body.audience,
        organisation: body.organisation,
        contact_name: body.contactName,
        contact_phone: body.contactPhone,
        note: body.note,
        created_at: at,
        updated_at: at,
      });
      await insertHistory(trx, {
        request_id: requestId,
        status: 'submitted',
        actor: 'requester',
        actor_id: userId,
        note: '',
        created_at: at,
      });
      await sendDeliveryMessage(trx, {
        siteKey,
        userId,
        requestId,
        status: 'submitted',
        text: Texts.submitted(resource.title, body.date),
        at,
      });
      return requestId;
    });
    return this.requestDetail(siteKey, userId, id);
  }

  /** One page of the learner's requests on the site, newest first. */
  mine(siteKey: string, userId: number, query: PageQuery): Promise<Page<DeliveryRequestCard>> {
    return readPage(
      query,
      {
        count: () => countMyRequestRows(this.db, siteKey, userId),
        rows: (window) => listMyRequestRows(this.db, siteKey, userId, window),
      },
      (rows) => rows.map(toRequestCard),
    );
  }

  /** A request with its history, for its requester or the site's staff; 404 for anyone else. */
  async requestDetail(siteKey: string, userId: number, id: number): Promise<DeliveryRequestDetail> {
    const [row, staff] = await Promise.all([
      findRequest(this.db, siteKey, id),
      isDeliveryStaff(this.db, siteKey, userId),
    ]);
    const mine = row?.user_id === userId;
    if (!row || (!mine && !staff)) throw notFound(DeliveryMessages.request);
    const history = await listHistoryRows(this.db, id);
    return {
      ...toRequestCard(row),
      contactName: row.contact_name,
      contactPhone: row.contact_phone,
      note: row.note,
      scheduledAt: isoTimeOrNull(row.scheduled_at),
      scheduledPlace: row.scheduled_place,
      reason: row.reason,
      rating: row.rating === null ? null : Number(row.rating),
      ratingComment: row.rating_comment,
      history: history.map(
        (item): DeliveryHistoryItem => ({
          status: item.status,
          note: item.note,
          actor: item.actor,
          at: isoTime(item.created_at),
        }),
      ),
      mine,
      staff,
    };
  }

  /** The requester withdraws a request not yet scheduled (409 once it is). */
  async withdraw(siteKey: string, userId: number, requestId: number) {
    await this.applyMove(siteKey, requestId, 'withdraw', { userId, actor: 'requester' });
    return this.requestDetail(siteKey, userId, requestId);
  }

  /** The requester rates a completed request once: 1 to 5 stars and a comment. */
  async rate(siteKey: string, userId: number, body: Required<RateDeliveryBody>) {
    const row = await findRequest(this.db, siteKey, body.requestId);
    if (!row || row.user_id !== userId) throw notFound(DeliveryMessages.request);
    if (row.status !== 'completed') throw conflict(DeliveryMessages.rateFirst);
    const rated = await rateRequest(this.db, {
      id: row.id,
      userId,
      stars: body.stars,
      comment: body.comment,
      at: this.now(),
    });
    if (!rated) throw conflict(DeliveryMessages.ratedAlready);
    return this.requestDetail(siteKey, userId, row.id);
  }

  /** One page of the site's requests in a status, oldest first (staff only). */
  async staffList(
    siteKey: string,
    userId: number,
    query: DeliveryStaffQuery,
  ): Promise<Page<DeliveryRequestCard>> {
    await this.requireStaff(siteKey, userId);
    return readPage(
      query,
      {
        count: () => countStatusRows(this.db, siteKey, query.status),
        rows: (window) => listStatusRows(this.db, siteKey, query.status, window),
      },
      (rows) => rows.map(toRequestCard),
    );
  }

  /** Staff accept, schedule (time and place), complete or reject (reason) a request. */
  async decide(siteKey: string, userId: number, body: DeliveryDecideBody) {
    await this.requireStaff(siteKey, userId);
    const extra: { scheduledAt?: number; scheduledPlace?: string; reason?: string } = {};
    if (body.action === 'schedule') {
      const at = body.scheduledAt ? parseShanghaiMinute(body.scheduledAt) : null;
      if (at === null) throw invalid(DeliveryMessages.scheduleTime);
      if (at < this.now()) throw invalid(DeliveryMessages.schedulePast);
      extra.scheduledAt = at;
      if (body.place) extra.scheduledPlace = body.place;
    }
    if (body.action === 'reject') {
      if (!body.reason) throw invalid(DeliveryMessages.rejectReason);
      extra.reason = body.reason;
    }
    await this.applyMove(siteKey, body.requestId, body.action, {
      actor: 'staff',
      actorId: userId,
      ...extra,
    });
    return this.requestDetail(siteKey, userId, body.requestId);
  }

  private async requireStaff(siteKey: string, userId: number) {
    if (!(await isDeliveryStaff(this.db, siteKey, userId))) {
      throw forbidden(DeliveryMessages.notStaff);
    }
  }

  /**
   * Makes one move in a transaction: the conditional update (the requester's own moves also
   * conditional on the owner), its history row and the requester's message; a request not in a
   * status the move leaves answers 409 and nothing is written.
   */
  private async applyMove(
    siteKey: string,
    requestId: number,
    move: DeliveryMove,
    by: {
      actor: 'requester' | 'staff';
      userId?: number;
      actorId?: number;
      scheduledAt?: number;
      scheduledPlace?: string;
      reason?: string;
    },
  ) {
    const row = await findRequest(this.db, siteKey, requestId);
    if (!row || (by.userId !== undefined && row.user_id !== by.userId)) {
      throw notFound(DeliveryMessages.request);
    }
    if (!canMove(row.status, move)) {
      if (move === 'withdraw' && (row.status === 'scheduled' || row.status === 'completed')) {
        throw conflict(DeliveryMessages.withdrawScheduled);
      }
      throw conflict(DeliveryMessages.cannot(row.status, MOVE_NAMES[move]));
    }
    const { from, to } = DELIVERY_MOVES[move];
    const at = this.now();
    const place = by.scheduledPlace ?? row.address;
    await this.db.transaction().execute(async (trx) => {
      const moved = await moveRequest(trx, {
        id: requestId,
        from,
        to,
        at,
        ...(by.userId !== undefined ? { userId: by.userId } : {}),
        ...(move === 'schedule' ? { scheduledAt: by.scheduledAt, scheduledPlace: place } : {}),
        ...(by.reason !== undefined ? { reason: by.reason } : {}),
      });
      if (!moved) throw conflict(DeliveryMessages.changed);
      const when = by.scheduledAt !== undefined ? shanghaiMinute(by.scheduledAt) : '';
      const note =
        move === 'schedule' ? `${when}，${place}` : move === 'reject' ? (by.reason ?? '') : '';
      await insertHistory(trx, {
        request_id: requestId,
        status: to,
        actor: by.actor,
        actor_id: by.actorId ?? by.userId ?? null,
        note,
        created_at: at,
      });
      const title = row.resource_title;
      const text =
        to === 'accepted'
          ? Texts.accepted(title)
          : to === 'scheduled'
            ? Texts.scheduled(title, when, place)
            : to === 'completed'
              ? Texts.completed(title)
              : to === 'rejected'
                ? Texts.rejected(title, by.reason ?? '')
                : Texts.withdrawn(title);
      await sendDeliveryMessage(trx, {
        siteKey,
        userId: row.user_id,
        requestId,
        status: to,
        text,
        at,
      });
    });
  }
}
