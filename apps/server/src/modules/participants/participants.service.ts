import type {
  Page,
  Participant,
  ParticipantCancelBody,
  ParticipantCancelResult,
  ParticipantExportQuery,
  ParticipantItem,
  ParticipantItemListQuery,
  ParticipantItemRow,
  ParticipantKind,
  ParticipantListQuery,
  ParticipantPage,
  ParticipantReviewBody,
  ParticipantReviewResult,
  SignupAnswer,
  SignupField,
} from '@portal/contract';
import { PARTICIPANT_EXPORT_MAX, PARTICIPANT_KIND_NAMES } from '@portal/contract/constants';
import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import type { SideEffects } from '../../platform/side-effects.ts';
import { isoTime, isoTimeOrNull } from '../../platform/time.ts';
import type { UploadStore } from '../../platform/upload-store.ts';
import { maskPhone } from '../account/account.service.ts';
import { ACTIVITY_SEATS } from '../activities/activities.queries.ts';
import { ACTIVITY_REVIEW, ATTACHMENT_AREA } from '../activities/activities.service.ts';
import { BOOKING_SEATS } from '../bases/bases.queries.ts';
import { CLASS_SEATS } from '../classes/classes.queries.ts';
import { CLASS_REVIEW } from '../classes/classes.service.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';
import { parseFormFields, type Queue, releaseSeatAndCancel } from '../seats/seats.ts';
import {
  decide,
  queueOf,
  type ReviewedItem,
  type ReviewedKind,
  waitingCount,
} from '../seats/signup-review.ts';
import { WALK_SEATS } from '../walks/walks.queries.ts';
import {
  countItems,
  countParticipants,
  deleteReservation,
  findItem,
  findSiteAttachment,
  type ItemRow,
  listAttachments,
  listItems,
  listParticipants,
  type ParticipantRow,
} from './participants.queries.ts';

/** The kinds whose sign-ups are reviewed and queue, with their waiting lists. */
const REVIEWED: Partial<Record<ParticipantKind, ReviewedKind>> = {
  class: CLASS_REVIEW,
  activity: ACTIVITY_REVIEW,
};

/** The Chinese answers of the participants desk. */
export const ParticipantMessages = {
  notSignedUp: '该学员没有有效的报名，无需取消',
  reviewEnded: (kind: ParticipantKind) => `该${PARTICIPANT_KIND_NAMES[kind]}已结束，不能再审核报名`,
  checkedIn: '该学员已签到，不能取消报名',
  ended: (kind: ParticipantKind) => `该${PARTICIPANT_KIND_NAMES[kind]}已结束，不能再取消报名`,
} as const;

/** What the console edits each kind on (the participants list links back to it). */
const EDIT_PATHS: Record<ParticipantKind, string> = {
  class: '/classes/edit',
  activity: '/activities/edit',
  slot: '/programmes/edit',
  walk: '/walks/edit',
  live: '/live/edit',
};

/** The side effect a learner's own cancel records for each kind (its reminders hang off it). */
const CANCEL_EFFECTS: Partial<Record<ParticipantKind, { kind: string; idKey: string }>> = {
  class: { kind: 'class.cancel', idKey: 'classId' },
  activity: { kind: 'activity.cancel', idKey: 'activityId' },
  live: { kind: 'live.unreserve', idKey: 'sessionId' },
};

/** Whether an operator sees phone numbers in full: those who contact or check learners in. */
export const seesPhones = (operator: Operator) =>
  operator.superAdmin || operator.roles.has('site_admin') || operator.roles.has('checkin');

/** Whether an operator may cancel a learner's sign-up, or accept or refuse one. */
export const cancelsSignups = (operator: Operator) =>
  operator.superAdmin || operator.roles.has('site_admin') || operator.roles.has('reviewer');

/** The waiting list's order of an item's learners in line: signup id → place (1 first). */
async function placesInLine(db: Kysely<Database>, kind: ReviewedKind, parentId: number) {
  const { ledger } = kind;
  const rows = await db
    .selectFrom(ledger.signups as 'class_signups')
    .select('id')
    .where(ledger.parentKey as 'class_id', '=', parentId)
    .where('status', '=', 'waiting')
    .orderBy(ledger.signedAt as 'signed_up_at')
    .orderBy('id')
    .execute();
  return new Map(rows.map((row, index) => [row.id, index + 1]));
}

/** An answer as a cell shows it: a `multi` field's choices joined with 、. */
function answerText(answer: SignupAnswer | undefined): string {
  if (answer === undefined) return '';
  return Array.isArray(answer) ? answer.join('、') : answer;
}

function parseAnswers(form: string): Record<string, SignupAnswer> {
  try {
    const value = JSON.parse(form) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, SignupAnswer>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The participants desk (报名名单): who signed up for, booked or reserved an item of the
 * operator's site, with their answers and attachments; a cancel on a learner's behalf with a
 * reason they receive as a message; the list as rows for an export.
 */
export class ParticipantsDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly uploads: UploadStore,
    private readonly audit: AuditLog,
    private readonly effects: SideEffects,
    private readonly publicCache: PublicCache,
    private readonly now: () => number,
  ) {}

  /**
   * One page of the site's items of a kind learners could sign up for (报名名单's first page):
   * those not ended yet, soonest first, or those ended, latest first; found by title.
   */
  async items(
    operator: Operator,
    query: ParticipantItemListQuery,
  ): Promise<Page<ParticipantItemRow>> {
    const filter = { ...query, siteKey: operator.siteKey, now: this.now() };
    return readPage(
      query,
      {
        count: () => countItems(this.db, this.engine, filter),
        rows: (window) => listItems(this.db, this.engine, filter, window),
      },
      (rows) =>
        rows.map((row) => ({
          kind: query.kind,
          id: row.id,
          title: row.title,
          startAt: isoTime(row.start_at),
          endAt: isoTimeOrNull(row.end_at),
          capacity: row.capacity,
          seatsTaken: row.seats_taken,
        })),
    );
  }

  /** One page of an item's participants, latest sign-up first (the waiting list in line). */
  async list(operator: Operator, query: ParticipantListQuery): Promise<ParticipantPage> {
    const item = await this.item(operator.siteKey, query.kind, query.id);
    const fields = parseFormFields(item.row.form_fields);
    const masked = !seesPhones(operator);
    const reviewed = REVIEWED[query.kind];
    const page = await readPage(
      query,
      {
        count: () => countParticipants(this.db, this.engine, query),
        rows: (window) => listParticipants(this.db, this.engine, query, window),
      },
      (rows) => this.participants(query.kind, query.id, rows, fields, masked),
    );
    return {
      ...page,
      item: item.view,
      phonesMasked: masked,
      canCancel: cancelsSignups(operator),
      canReview: reviewed !== undefined && cancelsSignups(operator),
      reviewSignups: Number(item.row.review_signups) === 1,
      waitingCount: reviewed ? await waitingCount(this.db, reviewed, query.id) : 0,
    };
  }

  /**
   * Every participant the filter keeps (at most {@link PARTICIPANT_EXPORT_MAX}), for a file: the
   * item, its form's fields and the rows, phones masked as on the operator's list.
   */
  async exportRows(operator: Operator, query: Omit<ParticipantExportQuery, 'format'>) {
    const item = await this.item(operator.siteKey, query.kind, query.id);
    const fields = parseFormFields(item.row.form_fields);
    const rows = await listParticipants(this.db, this.engine, query, {
      limit: PARTICIPANT_EXPORT_MAX,
      offset: 0,
    });
    const masked = !seesPhones(operator);
    return {
      item: item.view,
      fields,
      participants: await this.participants(query.kind, query.id, rows, fields, masked),
    };
  }

  /** An attachment of an application to an activity of the operator's site, with its bytes. */
  async attachment(operator: Operator, id: number) {
    const row = await findSiteAttachment(this.db, operator.siteKey, id);
    if (!row) throw notFound('附件');
    const file = await this.uploads.open(ATTACHMENT_AREA, row.storage_key);
    if (!file) throw notFound('附件');
    return { ...file, name: row.name, mime: row.mime };
  }

  /**
   * Cancels a learner's sign-up on their behalf: the seat (or the party's seats) freed, their
   * reminders cancelled, a message with the reason sent to them and the audit log written, in
   * one transaction. Refused once the item has ended, for a learner checked in at the door, and
   * when there is no active sign-up.
   */
  async cancel(operator: Operator, body: ParticipantCancelBody): Promise<ParticipantCancelResult> {
    const { kind, id, userId, reason } = body;
    const { row, view } = await this.item(operator.siteKey, kind, id);
    const now = this.now();
    if ((row.end_at ?? row.start_at) <= now) throw conflict(ParticipantMessages.ended(kind));
    const before = await this.statusOf(kind, id, userId);
    const record = async (trx: Transaction<Database>, signupId: number) => {
      const own = CANCEL_EFFECTS[kind];
      if (own) {
        await this.effects.record(trx, {
          kind: own.kind,
          siteKey: operator.siteKey,
          learnerId: userId,
          key: `${own.kind}:${signupId}:${now}`,
          detail: { [own.idKey]: id },
        });
      }
      await this.effects.record(trx, {
        kind: 'participant.cancel',
        siteKey: operator.siteKey,
        learnerId: userId,
        key: `participant.cancel:${kind}:${signupId}:${now}`,
        detail: { subject: kind, subjectId: id, title: view.title, reason, at: now },
      });
      await this.audit.record(trx, operator, {
        action: 'cancel',
        entity: 'participant',
        entityId: signupId,
        summary: `${PARTICIPANT_KIND_NAMES[kind]}「${view.title}」：学员 #${userId}，原因：${reason}`,
        before: { status: before ?? 'active' },
        after: { status: 'cancelled', reason },
      });
    };
    await this.release(kind, id, userId, now, record, this.queue(operator.siteKey, kind, row, now));
    await this.publicCache.invalidate(operator.siteKey);
    const after = await this.item(operator.siteKey, kind, id);
    return { userId, status: 'cancelled', seatsTaken: after.view.seatsTaken };
  }

  /**
   * Accepts or refuses sign-ups of a class or activity of the operator's site (all or none, see
   * {@link decide}): each learner told, the audit log written, freed seats given to the waiting
   * list, in one transaction. Refused once the item has ended.
   */
  async review(operator: Operator, body: ParticipantReviewBody): Promise<ParticipantReviewResult> {
    const { kind, id, decision } = body;
    const reviewed = REVIEWED[kind];
    if (!reviewed) throw conflict('只有班级和活动的报名需要审核');
    const { row, view } = await this.item(operator.siteKey, kind, id);
    const now = this.now();
    if ((row.end_at ?? row.start_at) <= now) throw conflict(ParticipantMessages.reviewEnded(kind));
    const reason = decision === 'refuse' ? body.reason : undefined;
    const result = await decide(
      this.db,
      this.effects,
      reviewed,
      this.reviewedItem(operator.siteKey, row),
      { userIds: body.userIds, decision, reason, reviewerId: operator.userId, now },
      async (trx, decided) => {
        const verdict = decision === 'accept' ? '通过' : '不通过';
        for (const signup of decided) {
          await this.audit.record(trx, operator, {
            action: decision === 'accept' ? 'approve' : 'reject',
            entity: 'participant',
            entityId: signup.id,
            summary: `${PARTICIPANT_KIND_NAMES[kind]}「${view.title}」：学员 #${signup.userId}（${signup.nickname}）审核${verdict}${reason ? `，原因：${reason}` : ''}`,
            before: { status: signup.status },
            after: {
              status: decision === 'accept' ? 'active' : 'rejected',
              reason: reason ?? null,
            },
          });
        }
      },
    );
    await this.publicCache.invalidate(operator.siteKey);
    return {
      reviewed: result.reviewed,
      promoted: result.promoted,
      seatsTaken: Number(result.seats.seats_taken),
    };
  }

  /** A class or activity of the site as review and its waiting list name it. */
  private reviewedItem(siteKey: string, row: ItemRow): ReviewedItem {
    return {
      siteKey,
      id: row.id,
      title: row.title,
      startAt: Number(row.start_at),
      place: row.place,
      reviewSignups: Number(row.review_signups),
    };
  }

  /** The waiting list a freed seat of a class or activity goes to; none for other kinds. */
  private queue(siteKey: string, kind: ParticipantKind, row: ItemRow, now: number) {
    const reviewed = REVIEWED[kind];
    return reviewed
      ? queueOf(this.effects, reviewed, this.reviewedItem(siteKey, row), now)
      : undefined;
  }

  /** The learner's sign-up status on the item (a class's or activity's), for the audit log. */
  private async statusOf(kind: ParticipantKind, id: number, userId: number) {
    const reviewed = REVIEWED[kind];
    if (!reviewed) return undefined;
    const row = await this.db
      .selectFrom(reviewed.ledger.signups as 'class_signups')
      .select('status')
      .where(reviewed.ledger.parentKey as 'class_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.status;
  }

  /** Frees the learner's seat(s) and cancels their sign-up, or refuses saying why not. */
  private async release(
    kind: ParticipantKind,
    id: number,
    userId: number,
    now: number,
    within: (trx: Transaction<Database>, signupId: number) => Promise<void>,
    queue: Queue | undefined,
  ): Promise<void> {
    const base = { parentId: id, userId, now, within, ...(queue ? { queue } : {}) };
    switch (kind) {
      case 'live': {
        const removed = await this.db.transaction().execute(async (trx) => {
          if (!(await deleteReservation(trx, id, userId))) return false;
          await within(trx, userId);
          return true;
        });
        if (!removed) throw conflict(ParticipantMessages.notSignedUp);
        return;
      }
      case 'activity': {
        const released = await releaseSeatAndCancel(this.db, ACTIVITY_SEATS, {
          ...base,
          values: { checkin_code: null },
          // Someone already at the door keeps their place.
          unlessSet: ['checked_in_at'],
        });
        if (released.ok) return;
        throw conflict(
          (await this.checkedIn(id, userId))
            ? ParticipantMessages.checkedIn
            : ParticipantMessages.notSignedUp,
        );
      }
      case 'slot': {
        const booking = await this.db
          .selectFrom('base_bookings')
          .select('party_size')
          .where('slot_id', '=', id)
          .where('user_id', '=', userId)
          .where('status', '=', 'active')
          .executeTakeFirst();
        if (!booking) throw conflict(ParticipantMessages.notSignedUp);
        const released = await releaseSeatAndCancel(this.db, BOOKING_SEATS, {
          ...base,
          count: booking.party_size,
        });
        if (!released.ok) throw conflict(ParticipantMessages.notSignedUp);
        return;
      }
      case 'class':
      case 'walk': {
        const released =
          kind === 'class'
            ? await releaseSeatAndCancel(this.db, CLASS_SEATS, base)
            : await releaseSeatAndCancel(this.db, WALK_SEATS, base);
        if (!released.ok) throw conflict(ParticipantMessages.notSignedUp);
        return;
      }
    }
  }

  private async checkedIn(activityId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('activity_applications')
      .select('checked_in_at')
      .where('activity_id', '=', activityId)
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return row?.checked_in_at != null;
  }

  /** The item of the site, or 404 naming its kind. */
  private async item(siteKey: string, kind: ParticipantKind, id: number) {
    const row = await findItem(this.db, kind, siteKey, id);
    if (!row) throw notFound(PARTICIPANT_KIND_NAMES[kind]);
    return { row, view: toItem(kind, row) };
  }

  private async participants(
    kind: ParticipantKind,
    id: number,
    rows: ParticipantRow[],
    fields: SignupField[],
    masked: boolean,
  ): Promise<Participant[]> {
    const reviewed = REVIEWED[kind];
    const places =
      reviewed && rows.some((row) => row.status === 'waiting')
        ? await placesInLine(this.db, reviewed, id)
        : new Map<number, number>();
    const files =
      kind === 'activity'
        ? await listAttachments(
            this.db,
            rows.map((row) => row.signup_id),
          )
        : [];
    const phone = (value: string) => (masked ? maskPhone(value) : value);
    return rows.map((row) => {
      const answers = parseAnswers(row.form);
      return {
        userId: row.user_id,
        nickname: row.nickname,
        phone: masked ? maskPhone(row.phone) : /^\d{11}$/.test(row.phone) ? row.phone : '',
        status: row.status,
        signedAt: isoTime(row.signed_at),
        cancelledAt: row.status === 'cancelled' ? isoTime(row.updated_at) : null,
        place: places.get(row.signup_id) ?? null,
        reviewNote: row.status === 'rejected' ? row.review_note : null,
        checkedInAt: isoTimeOrNull(row.checked_in_at),
        partySize: row.party_size,
        contact:
          row.contact_name === null
            ? null
            : { name: row.contact_name, phone: phone(row.contact_phone ?? '') },
        answers: fields.map((field) => ({
          key: field.key,
          value:
            field.kind === 'phone' && masked
              ? maskPhone(answerText(answers[field.key]))
              : answerText(answers[field.key]),
        })),
        attachments: files
          .filter((file) => file.application_id === row.signup_id)
          .map((file) => ({ id: file.id, name: file.name, mime: file.mime, size: file.size })),
      };
    });
  }
}

function toItem(kind: ParticipantKind, row: ItemRow): ParticipantItem {
  return {
    kind,
    id: row.id,
    title: row.title,
    startAt: isoTime(row.start_at),
    endAt: isoTimeOrNull(row.end_at),
    capacity: row.capacity,
    seatsTaken: Number(row.seats_taken),
    fields: parseFormFields(row.form_fields).map(({ key, label }) => ({ key, label })),
    editPath: `${EDIT_PATHS[kind]}?id=${row.edit_id}`,
  };
}
