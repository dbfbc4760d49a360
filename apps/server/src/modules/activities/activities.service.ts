import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type ActivityApplyResult,
  type ActivityDetail,
  type ActivityListQuery,
  type ActivitySummary,
  type ApplicationState,
  type Attachment,
  type AttachmentRule,
  attachmentRuleSchema,
  type CheckinResult,
  ErrorCode,
  type MyActivity,
  type MyActivityListQuery,
  type MyApplication,
  type Page,
  type SignupStatus,
  signupPhaseAt,
  sitePrefix,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { pageWindow, readPage, toPage } from '../../db/paging.ts';
import { readInIdOrder } from '../../db/rows.ts';
import type { ActivityRow, Database } from '../../db/schema.ts';
import { calendarFile, htmlToText } from '../../platform/calendar-file.ts';
import { AppError, conflict, forbidden, invalid } from '../../platform/errors.ts';
import { PublicCache } from '../../platform/public-cache.ts';
import { ShortCache } from '../../platform/short-cache.ts';
import { SideEffects } from '../../platform/side-effects.ts';
import { SNIFFED_TYPES, type SniffedMime, sniffMime } from '../../platform/sniff-mime.ts';
import { isoTime, isoTimeOrNull } from '../../platform/time.ts';
import type { ReceivedFile, UploadStore } from '../../platform/upload-store.ts';
import { holdsSiteRole } from '../operators/operators.queries.ts';
import { type SeatedRow, seatFields, seatsAfter, timesOf } from '../seats/seat-status.ts';
import {
  admit,
  ensureCancellable,
  parseFormFields,
  releaseSeatAndCancel,
  type Seats,
  signUpOrRefuse,
  WindowMessages,
} from '../seats/seats.ts';
import {
  placeInLine,
  queueOf,
  type ReviewedItem,
  type ReviewedKind,
  recordOutcome,
  waitingCount,
} from '../seats/signup-review.ts';
import {
  ACTIVITY_SEATS,
  countMyApplicationRows,
  type DoorApplication,
  deleteAttachmentRows,
  findApplication,
  findApplicationAtDoor,
  findApplicationCheckin,
  findCalendarActivity,
  findOwnAttachment,
  findPublishedActivity,
  insertAttachments,
  isOrganiserStaff,
  listActivityIds,
  listActivityRowsByIds,
  listAttachmentRows,
  listMyApplicationRows,
  type MyApplicationRow,
  markCheckedIn,
} from './activities.queries.ts';

/** The upload-store folder of application attachments. */
export const ATTACHMENT_AREA = 'activity-attachments';

/**
 * How long the order of an activity list is reused. A few seconds late is invisible (each card's
 * seats and status are read fresh), and it turns a burst of list views into one ordering.
 */
export const LIST_ORDER_CACHE_MS = 3_000;
/** Where an attachment is fetched (with the owner's bearer token). */
export const attachmentUrl = (id: number) => `/uploads/${ATTACHMENT_AREA}/${id}`;
/**
 * The most bytes a file is read to while a request streams in; an attachment rule allows at most
 * this (the seeded rules allow 5 MB).
 */
export const ATTACHMENT_READ_LIMIT = 10 * 1024 * 1024;

const MB = 1024 * 1024;
const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** `2026-11-23 09:30` in Shanghai time (the sites are in Shanghai). */
function shanghaiTime(time: number): string {
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A name a learner sent, cut for messages. */
const shown = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** The Chinese messages of the activity rules, as the caller sees them. */
export const ActivityMessages = {
  notFound: '活动不存在或已下线',
  ...WindowMessages,
  duplicate: '您已报名该活动',
  notApplied: '您尚未报名该活动',
  cancelCheckedIn: '您已签到，无法取消报名',
  badForm: '报名信息不是有效的 JSON',
  noAttachments: '该活动报名无需上传附件',
  attachmentsRequired: (label: string) => `请上传${label}`,
  tooManyFiles: (max: number) => `附件最多上传 ${max} 个`,
  fileTooLarge: (name: string, maxBytes: number) =>
    `附件「${shown(name)}」超过 ${Math.round((maxBytes / MB) * 10) / 10} MB，请压缩后再上传`,
  fileEmpty: (name: string) => `附件「${shown(name)}」是空文件`,
  fileType: (name: string, accept: readonly string[]) =>
    `附件「${shown(name)}」的文件类型不支持，请上传 ${accept.map((mime) => TYPE_NAMES[mime] ?? mime).join('、')} 文件`,
  checkinUnknown: '签到码无效，请确认后重试',
  checkinCancelled: '该报名已取消，无法签到',
  checkinPending: '该报名还在审核中，通过后才能签到',
  checkinWaiting: '该学员在候补名单中，还没有名额，无法签到',
  checkinRejected: '该报名未通过审核，无法签到',
  checkinEnded: '活动已结束，无法签到',
  checkinTwice: (time: number) => `该报名已于 ${shanghaiTime(time)} 签到，请勿重复签到`,
  checkinForbidden: '您不是该活动主办方的工作人员，无法签到',
} as const;

const activityNotFound = () => new AppError(ErrorCode.notFound, ActivityMessages.notFound);

/** Activities as review and the waiting list name them. */
export const ACTIVITY_REVIEW: ReviewedKind = {
  subject: 'activity',
  ledger: ACTIVITY_SEATS,
  confirmed: 'activity.apply',
  idKey: 'activityId',
};

/** An activity as its learners' messages name it. */
export function reviewedActivity(
  siteKey: string,
  row: Pick<ActivityRow, 'id' | 'title' | 'start_at' | 'place' | 'review_signups'>,
): ReviewedItem {
  return {
    siteKey,
    id: row.id,
    title: row.title,
    startAt: Number(row.start_at),
    place: row.place,
    reviewSignups: Number(row.review_signups),
  };
}

type SummaryRow = Pick<ActivityRow, 'id' | 'title' | 'cover' | 'kind' | 'place' | 'map_place_id'> &
  SeatedRow & { organiser: string };

/** An activity row as the contract's card, with its status at `now`. */
export function toActivitySummary(row: SummaryRow, now: number): ActivitySummary {
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    kind: row.kind,
    organiser: row.organiser,
    place: row.place,
    mapPlaceId: row.map_place_id,
    ...seatFields(row, now),
  };
}

/**
 * The cards of the site's published activities among `ids`, in the order of `ids` (unknown,
 * unpublished and other sites' ids left out, repeats once): for other modules (topics, home).
 */
export async function activitySummariesByIds(
  db: Kysely<Database>,
  siteKey: string,
  ids: number[],
  now: number,
): Promise<ActivitySummary[]> {
  return readInIdOrder(
    ids,
    (wanted) => listActivityRowsByIds(db, siteKey, wanted),
    (rows) => rows.map((row) => toActivitySummary(row, now)),
  );
}

/** The attachment rule stored as JSON on a special activity, or null. */
function parseAttachmentRule(json: string | null): AttachmentRule | null {
  return json === null ? null : attachmentRuleSchema.parse(JSON.parse(json));
}

/** A fresh check-in code: 128 random bits, base64url (22 characters). */
export function newCheckinCode(): string {
  return randomBytes(16).toString('base64url');
}

/** An application row as {@link ActivityService} reads it. */
interface ApplicationRow {
  id: number;
  status: SignupStatus;
  applied_at: number;
  checked_in_at: number | null;
  review_note: string | null;
}

/** The state `/myActive` shows for an application at `now`. */
export function applicationStateAt(
  application: { status: SignupStatus; checked_in_at: number | null },
  endAt: number,
  now: number,
): ApplicationState {
  if (application.status === 'cancelled') return '已取消';
  if (application.status === 'pending') return '待审核';
  if (application.status === 'waiting') return '候补中';
  if (application.status === 'rejected') return '未通过';
  if (application.checked_in_at !== null) return '已签到';
  return now >= endAt ? '已结束' : '已报名';
}

/** What an application brings: its answers and, on a multipart request, the received files. */
export interface ApplyInput {
  activityId: number;
  form: Readonly<Record<string, unknown>>;
  /** When no seat is left, join the waiting list rather than be refused. */
  waitlist?: boolean | undefined;
  /** Files received with a multipart apply (on disk, not kept yet). */
  files?: readonly ReceivedFile[];
}

/** A file checked against an attachment rule, with its detected type. */
interface AcceptedFile {
  file: ReceivedFile;
  mime: SniffedMime;
}

/** An attachment as served to its owner. */
export interface StoredAttachment {
  body: Readable;
  mime: string;
  size: number;
  name: string;
}

/**
 * Activities (活动) and special activities (特色活动) of a site, learners' applications, the
 * organisers' check-in and the applications' attachments. Seats use the same shared seat
 * keeping as classes (`modules/seats`): a conditional update in the same transaction as the
 * application row, under a unique (activity, learner) key. Attachments are written to disk
 * before that transaction and removed again when it fails, so a refused application leaves
 * nothing behind.
 */
export class ActivityService {
  /** The ordered ids of each list (site, kind, status), reused for {@link LIST_ORDER_CACHE_MS}. */
  private readonly orders = new ShortCache<number[]>(LIST_ORDER_CACHE_MS);

  constructor(
    private readonly db: Kysely<Database>,
    /** Where attachments are received and kept (the routes stream uploads into it). */
    readonly uploads: UploadStore,
    private readonly now: () => number = Date.now,
    /** What visitors are shown: an application or cancel changes seats (and maybe a status). */
    private readonly publicCache: PublicCache = new PublicCache(),
    /** Applications, cancels and check-ins are recorded there, in their own transactions. */
    private readonly effects: SideEffects = new SideEffects(),
  ) {}

  /**
   * One page of the site's published activities, 报名中 first, optionally of one kind/status.
   * The order comes from {@link orderOf}; the page's cards are read fresh (seats, status).
   */
  async list(siteKey: string, query: ActivityListQuery): Promise<Page<ActivitySummary>> {
    const ids = await this.orderOf(siteKey, query.kind, query.status);
    const { offset, limit } = pageWindow(query);
    const now = this.now();
    const list = await activitySummariesByIds(
      this.db,
      siteKey,
      ids.slice(offset, offset + limit),
      now,
    );
    return toPage(query, ids.length, list);
  }

  /**
   * The ids of a list in its order. Ordering by the derived status reads every activity of the
   * site (no index can serve it), so one ordering is shared by all the requests of
   * {@link LIST_ORDER_CACHE_MS}; applying or cancelling here starts a new one at once.
   */
  private async orderOf(
    siteKey: string,
    kind: ActivityListQuery['kind'],
    status: ActivityListQuery['status'],
  ): Promise<number[]> {
    const key = JSON.stringify([siteKey, kind ?? null, status ?? null]);
    const now = this.now();
    const load = () => listActivityIds(this.db, { siteKey, kind, status, now });
    // Tagged with the site's content version: a signup on any instance starts a new ordering.
    const version = await this.publicCache.version(siteKey);
    return version === null ? load() : this.orders.get(key, now, load, version);
  }

  /**
   * Forgets the cached list orders and the visitors' answers (after activities were written
   * outside this service).
   */
  invalidateLists(): void {
    this.orders.clear();
    this.publicCache.forget();
  }

  /** A published activity of the site with its form, attachment rule and the caller's application. */
  async detail(siteKey: string, id: number, userId: number | null): Promise<ActivityDetail> {
    const now = this.now();
    const row = await findPublishedActivity(this.db, siteKey, id);
    if (!row) throw activityNotFound();
    const [application, waiting] = await Promise.all([
      userId === null ? undefined : findApplication(this.db, id, userId),
      waitingCount(this.db, ACTIVITY_REVIEW, id),
    ]);
    return {
      ...toActivitySummary(row, now),
      description: row.description,
      contact: row.contact,
      formFields: parseFormFields(row.form_fields),
      attachments: parseAttachmentRule(row.attachment_rule),
      reviewSignups: Number(row.review_signups) === 1,
      waitingCount: waiting,
      myApplication: application ? await this.myApplication(id, application) : null,
    };
  }

  /**
   * Applies for the learner: 404 for an unknown activity, 409 outside the signup window or when
   * already applied, 400 naming the first bad form field or the first refused file, 409 when
   * no seat is left. The received files are kept only when the application is stored.
   */
  async apply(siteKey: string, userId: number, input: ApplyInput): Promise<ActivityApplyResult> {
    const now = this.now();
    const row = await findPublishedActivity(this.db, siteKey, input.activityId);
    if (!row) throw activityNotFound();
    const answers = await admit(this.db, ACTIVITY_SEATS, row, {
      userId,
      now,
      form: input.form,
      messages: ActivityMessages,
    });
    const accepted = checkFiles(parseAttachmentRule(row.attachment_rule), input.files ?? []);
    const item = reviewedActivity(siteKey, row);

    const kept: Array<AcceptedFile & { key: string }> = [];
    let replaced: string[] = [];
    try {
      for (const file of accepted) {
        const key = await this.uploads.keep(ATTACHMENT_AREA, file.file, SNIFFED_TYPES[file.mime]);
        kept.push({ ...file, key });
      }
      // Seat first, application second, attachments last, in one transaction.
      const claim = await signUpOrRefuse(
        this.db,
        ACTIVITY_SEATS,
        {
          parentId: row.id,
          userId,
          now,
          values: {
            form: JSON.stringify(answers),
            checkin_code: newCheckinCode(),
            review_note: null,
          },
          status: item.reviewSignups === 1 ? 'pending' : 'active',
          waitlist: input.waitlist === true,
          within: async (trx, applicationId, status) => {
            // A revived application starts over: the files of the cancelled one go.
            replaced = await deleteAttachmentRows(trx, applicationId);
            await insertAttachments(
              trx,
              kept.map(({ file, mime, key }) => ({
                application_id: applicationId,
                user_id: userId,
                name: file.name.slice(0, 200),
                mime,
                size: file.size,
                storage_key: key,
                created_at: now,
              })),
            );
            const place =
              status === 'waiting'
                ? await placeInLine(trx, ACTIVITY_REVIEW, row.id, {
                    id: applicationId,
                    signedAt: now,
                  })
                : undefined;
            await recordOutcome(this.effects, trx, ACTIVITY_REVIEW, item, {
              signupId: applicationId,
              userId,
              status,
              ...(place ? { place } : {}),
              at: now,
            });
          },
        },
        ActivityMessages,
      );
      // Committed: the old files' removal may fail (a sweep finds them), the new stay.
      await this.uploads.remove(ATTACHMENT_AREA, replaced).catch(() => undefined);
      await this.publicCache.invalidate(siteKey);
      const myApplication = await this.myApplication(row.id, {
        id: claim.signupId,
        status: claim.status,
        applied_at: now,
        checked_in_at: null,
        review_note: null,
      });
      return this.result(row, claim.seats, myApplication, now);
    } catch (error) {
      // No kept file without its row.
      await this.uploads
        .remove(
          ATTACHMENT_AREA,
          kept.map((file) => file.key),
        )
        .catch(() => undefined);
      throw error;
    }
  }

  /**
   * Cancels the learner's application (or takes them off the waiting list); only while the
   * window is open. A freed seat goes at once to the first in line, who is told.
   */
  async cancel(siteKey: string, userId: number, activityId: number): Promise<ActivityApplyResult> {
    const now = this.now();
    const row = await findPublishedActivity(this.db, siteKey, activityId);
    if (!row) throw activityNotFound();
    ensureCancellable(row, now, {
      cancelClosed: ActivityMessages.cancelClosed,
      notSignedUp: ActivityMessages.notApplied,
    });

    const released = await releaseSeatAndCancel(this.db, ACTIVITY_SEATS, {
      parentId: row.id,
      userId,
      now,
      values: { checkin_code: null },
      // Someone already at the door keeps their place.
      unlessSet: ['checked_in_at'],
      queue: queueOf(this.effects, ACTIVITY_REVIEW, reviewedActivity(siteKey, row), now),
      within: (trx, applicationId) =>
        this.effects.record(trx, {
          kind: 'activity.cancel',
          siteKey,
          learnerId: userId,
          key: `activity.cancel:${applicationId}:${now}`,
          detail: { activityId: row.id },
        }),
    });
    if (!released.ok) {
      const application = await findApplication(this.db, row.id, userId);
      const checkedIn = application?.status === 'active' && application.checked_in_at !== null;
      throw conflict(checkedIn ? ActivityMessages.cancelCheckedIn : ActivityMessages.notApplied);
    }
    await this.publicCache.invalidate(siteKey);
    const myApplication: MyApplication = {
      id: released.signupId,
      status: 'cancelled',
      appliedAt: isoTime(released.signedAt),
      checkedInAt: null,
      place: null,
      reason: null,
    };
    return this.result(row, released.seats, myApplication, now);
  }

  /** One page of the learner's applications (optionally in one state), latest first. */
  async mine(
    siteKey: string,
    userId: number,
    query: MyActivityListQuery,
  ): Promise<Page<MyActivity>> {
    const now = this.now();
    const filter = { siteKey, userId, state: query.state, now };
    return readPage(
      query,
      {
        count: () => countMyApplicationRows(this.db, filter),
        rows: (window) => listMyApplicationRows(this.db, { ...filter, ...window }),
      },
      (rows) => this.myActivities(rows, now),
    );
  }

  /** The learner's application rows as the contract's items, with their attachments. */
  private async myActivities(rows: MyApplicationRow[], now: number): Promise<MyActivity[]> {
    const attachments = await listAttachmentRows(
      this.db,
      rows.map((row) => row.application_id),
    );
    const filesOf = new Map<number, Attachment[]>();
    for (const attachment of attachments) {
      const list = filesOf.get(attachment.application_id) ?? [];
      list.push({
        id: attachment.id,
        name: attachment.name,
        mime: attachment.mime,
        size: attachment.size,
        url: attachmentUrl(attachment.id),
      });
      filesOf.set(attachment.application_id, list);
    }
    return Promise.all(
      rows.map(async (row) => {
        const application = {
          id: row.application_id,
          status: row.application_status,
          applied_at: row.applied_at,
          checked_in_at: row.checked_in_at,
          review_note: row.review_note,
        };
        const status = row.application_status;
        const live = status === 'active' || status === 'pending' || status === 'waiting';
        return {
          ...toActivitySummary(row, now),
          application: await this.myApplication(row.id, application),
          state: applicationStateAt(application, row.end_at, now),
          canCancel:
            live && row.checked_in_at === null && signupPhaseAt(timesOf(row), now) === 'open',
          checkinCode: status === 'active' ? row.checkin_code : null,
          attachments: filesOf.get(row.application_id) ?? [],
        };
      }),
    );
  }

  /** The learner's application as the contract's, with their place when they are in line. */
  private async myApplication(activityId: number, row: ApplicationRow): Promise<MyApplication> {
    const appliedAt = Number(row.applied_at);
    return {
      id: row.id,
      status: row.status,
      appliedAt: isoTime(appliedAt),
      checkedInAt: isoTimeOrNull(row.checked_in_at),
      place:
        row.status === 'waiting'
          ? await placeInLine(this.db, ACTIVITY_REVIEW, activityId, {
              id: row.id,
              signedAt: appliedAt,
            })
          : null,
      reason: row.status === 'rejected' ? row.review_note : null,
    };
  }

  /**
   * Checks a learner in by the code of their QR, for staff of the activity's organiser: once
   * only (a conditional update), never a cancelled application, never after the activity ended.
   */
  async checkin(siteKey: string, staffId: number, code: string): Promise<CheckinResult> {
    const row = await findApplicationAtDoor(this.db, siteKey, { code });
    if (!row) throw new AppError(ErrorCode.notFound, ActivityMessages.checkinUnknown);
    // The organiser's staff, or the console's 签到员 of the site (站点管理员, 超级管理员).
    const staff =
      (await isOrganiserStaff(this.db, row.organiser_id, staffId)) ||
      (await holdsSiteRole(this.db, siteKey, staffId, 'checkin'));
    if (!staff) throw forbidden(ActivityMessages.checkinForbidden);
    return this.checkInAtDoor(siteKey, row);
  }

  /**
   * Checks in an application found at the door (the caller checked who may): the portal's rules
   * (only a confirmed application, once, before the activity ends), its side effects (message,
   * points, medals) in the same transaction.
   */
  async checkInAtDoor(siteKey: string, row: DoorApplication): Promise<CheckinResult> {
    const now = this.now();
    if (row.status === 'cancelled') throw conflict(ActivityMessages.checkinCancelled);
    if (row.status === 'pending') throw conflict(ActivityMessages.checkinPending);
    if (row.status === 'waiting') throw conflict(ActivityMessages.checkinWaiting);
    if (row.status === 'rejected') throw conflict(ActivityMessages.checkinRejected);
    if (row.checked_in_at !== null)
      throw conflict(ActivityMessages.checkinTwice(row.checked_in_at));
    if (now >= row.end_at) throw conflict(ActivityMessages.checkinEnded);
    const checkedIn = await this.db.transaction().execute(async (trx) => {
      if (!(await markCheckedIn(trx, row.id, now))) return false;
      await this.effects.record(trx, {
        kind: 'activity.checkin',
        siteKey,
        learnerId: row.user_id,
        key: `activity.checkin:${row.id}`,
        detail: { activityId: row.activity_id, title: row.activity_title, at: now },
      });
      return true;
    });
    if (!checkedIn) {
      // Someone else checked the same code in (or it was cancelled) a moment ago.
      const latest = await findApplicationCheckin(this.db, row.id);
      if (latest?.checked_in_at != null) {
        throw conflict(ActivityMessages.checkinTwice(latest.checked_in_at));
      }
      throw conflict(ActivityMessages.checkinCancelled);
    }
    return {
      applicationId: row.id,
      activityId: row.activity_id,
      activityTitle: row.activity_title,
      learnerName: row.nickname,
      checkedInAt: isoTime(now),
    };
  }

  /**
   * An attachment of the user with its bytes, or null (also when it is someone else's or its
   * file is gone).
   */
  async attachment(userId: number, id: number): Promise<StoredAttachment | null> {
    const row = await findOwnAttachment(this.db, id, userId);
    if (!row) return null;
    const file = await this.uploads.open(ATTACHMENT_AREA, row.storage_key);
    if (!file) return null;
    return { ...file, mime: row.mime, name: row.name };
  }

  /**
   * The iCalendar file of a published activity (any site), or null: `host` names the server in
   * the event's UID, `origin` starts the link to its detail page.
   */
  async calendar(id: number, host: string, origin: string) {
    const row = await findCalendarActivity(this.db, id);
    if (!row) return null;
    const page = row.kind === '特色活动' ? 'extensionDetails' : 'activityDetails';
    const text = calendarFile({
      uid: `activity-${row.id}@${host}`,
      kind: '活动',
      title: row.title,
      place: row.place,
      description: [`主办：${row.organiser}`, htmlToText(row.description)].join('\n'),
      startAt: row.start_at,
      endAt: row.end_at,
      stamp: this.now(),
      url: `${origin}${sitePrefix(row.site_key)}/${page}?id=${row.id}`,
      producer: row.site_name,
    });
    return { title: row.title, text };
  }

  private result(
    row: SummaryRow,
    seats: Seats,
    myApplication: MyApplication,
    now: number,
  ): ActivityApplyResult {
    return { activityId: row.id, myApplication, ...seatsAfter(row, seats, now) };
  }
}

/**
 * Checks received files against an activity's attachment rule (none: no files allowed): the
 * count, each file's size and its type told from its content. Answers the accepted files with
 * their detected types, or throws 400 naming the first refused file.
 */
export function checkFiles(
  rule: AttachmentRule | null,
  files: readonly ReceivedFile[],
): AcceptedFile[] {
  if (!rule) {
    if (files.length > 0) throw invalid(ActivityMessages.noAttachments);
    return [];
  }
  if (rule.required && files.length === 0) {
    throw invalid(ActivityMessages.attachmentsRequired(rule.label));
  }
  if (files.length > rule.maxCount) throw invalid(ActivityMessages.tooManyFiles(rule.maxCount));
  const maxBytes = Math.min(rule.maxBytes, ATTACHMENT_READ_LIMIT);
  return files.map((file) => {
    if (file.tooLarge || file.size > maxBytes) {
      throw invalid(ActivityMessages.fileTooLarge(file.name, maxBytes));
    }
    if (file.size === 0) throw invalid(ActivityMessages.fileEmpty(file.name));
    const mime = sniffMime(file.head);
    if (!mime || !rule.accept.includes(mime)) {
      throw invalid(ActivityMessages.fileType(file.name, rule.accept));
    }
    return { file, mime };
  });
}
