import {
  type ClassDetail,
  type ClassListQuery,
  type ClassSignupBody,
  type ClassSignupResult,
  type ClassSummary,
  ErrorCode,
  type MyClass,
  type MySignup,
  type Page,
  type PageQuery,
  type SignupStatus,
  signupPhaseAt,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { ClassRow, Database } from '../../db/schema.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { PublicCache } from '../../platform/public-cache.ts';
import { SideEffects } from '../../platform/side-effects.ts';
import { isoTime } from '../../platform/time.ts';
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
  CLASS_SEATS,
  countClassRows,
  countMyClassRows,
  findPublishedClass,
  findSignup,
  listClassCourseRows,
  listClassRows,
  listMyClassRows,
} from './classes.queries.ts';

/** The Chinese messages of the class rules, as the caller sees them. */
export const ClassMessages = {
  notFound: '班级不存在或已下线',
  ...WindowMessages,
  duplicate: '您已报名该班级',
  notSignedUp: '您尚未报名该班级',
} as const;

const classNotFound = () => new AppError(ErrorCode.notFound, ClassMessages.notFound);

/** Classes as review and the waiting list name them. */
export const CLASS_REVIEW: ReviewedKind = {
  subject: 'class',
  ledger: CLASS_SEATS,
  confirmed: 'class.signup',
  idKey: 'classId',
};

/** A class as its learners' messages name it. */
export function reviewedClass(
  siteKey: string,
  row: Pick<ClassRow, 'id' | 'title' | 'start_at' | 'place' | 'review_signups'>,
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

type SummaryRow = Pick<
  ClassRow,
  'id' | 'title' | 'cover' | 'term' | 'schedule' | 'place' | 'teacher_name'
> &
  SeatedRow;

/** A class row as the contract's card, with its status at `now`. */
export function toClassSummary(row: SummaryRow, now: number): ClassSummary {
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    term: row.term,
    schedule: row.schedule,
    place: row.place,
    teacherName: row.teacher_name,
    ...seatFields(row, now),
  };
}

/**
 * Classes (班级) of a site and learners' signups. Seats are never oversold: the shared seat
 * keeping (`modules/seats`) takes a seat with a conditional update (`seats_taken < capacity`)
 * in the same transaction as the signup row, and the unique (class, learner) key refuses a
 * second signup; a failure rolls both back.
 */
export class ClassService {
  constructor(
    private readonly db: Kysely<Database>,
    /** The award hook: a signup is recorded there, in the signup's own transaction. */
    private readonly effects: SideEffects = new SideEffects(),
    private readonly now: () => number = Date.now,
    /** What visitors are shown: a signup or cancel changes a class's seats (and maybe status). */
    private readonly publicCache: PublicCache = new PublicCache(),
  ) {}

  /** One page of the site's published classes, 报名中 first, optionally of one status. */
  async list(siteKey: string, query: ClassListQuery): Promise<Page<ClassSummary>> {
    const now = this.now();
    const filter = { siteKey, status: query.status, now };
    return readPage(
      query,
      {
        count: () => countClassRows(this.db, filter),
        rows: (window) => listClassRows(this.db, { ...filter, ...window }),
      },
      (rows) => rows.map((row) => toClassSummary(row, now)),
    );
  }

  /** A published class of the site with its courses, form and the caller's signup (if any). */
  async detail(siteKey: string, id: number, userId: number | null): Promise<ClassDetail> {
    const now = this.now();
    const row = await findPublishedClass(this.db, siteKey, id);
    if (!row) throw classNotFound();
    const [courses, signup, waiting] = await Promise.all([
      listClassCourseRows(this.db, id),
      userId === null ? undefined : findSignup(this.db, id, userId),
      waitingCount(this.db, CLASS_REVIEW, id),
    ]);
    return {
      ...toClassSummary(row, now),
      introduction: row.introduction,
      courses: courses.map((course) => ({
        id: course.id,
        title: course.title,
        cover: course.cover,
        lessonCount: course.lesson_count,
      })),
      formFields: parseFormFields(row.form_fields),
      reviewSignups: Number(row.review_signups) === 1,
      waitingCount: waiting,
      mySignup: signup ? await this.mySignup(id, signup) : null,
    };
  }

  /**
   * Signs the learner up: 404 for an unknown class, 409 outside the signup window, 409 when
   * already signed up (or in line, or refused), 400 naming the first bad form field, 409 when no
   * seat is left unless the learner asks to join the waiting list. A class that reviews its
   * signups holds the seat as 待审核.
   */
  async signup(siteKey: string, userId: number, body: ClassSignupBody): Promise<ClassSignupResult> {
    const now = this.now();
    const row = await findPublishedClass(this.db, siteKey, body.classId);
    if (!row) throw classNotFound();
    const answers = await admit(this.db, CLASS_SEATS, row, {
      userId,
      now,
      form: body.form,
      messages: ClassMessages,
    });
    const item = reviewedClass(siteKey, row);

    // Seat first, signup second, in one transaction (the shared seat keeping).
    const claim = await signUpOrRefuse(
      this.db,
      CLASS_SEATS,
      {
        parentId: row.id,
        userId,
        now,
        values: { form: JSON.stringify(answers), review_note: null },
        status: item.reviewSignups === 1 ? 'pending' : 'active',
        waitlist: body.waitlist === true,
        within: async (trx, signupId, status) => {
          const place =
            status === 'waiting'
              ? await placeInLine(trx, CLASS_REVIEW, row.id, { id: signupId, signedAt: now })
              : undefined;
          await recordOutcome(this.effects, trx, CLASS_REVIEW, item, {
            signupId,
            userId,
            status,
            ...(place ? { place } : {}),
            at: now,
          });
        },
      },
      ClassMessages,
    );
    await this.publicCache.invalidate(siteKey);
    const mySignup = await this.mySignup(row.id, {
      id: claim.signupId,
      status: claim.status,
      signed_up_at: now,
      review_note: null,
    });
    return this.result(row, claim.seats, mySignup, now);
  }

  /**
   * Cancels the learner's signup (or takes them off the waiting list); only while the window is
   * open. A freed seat goes at once to the first in line, who is told.
   */
  async cancel(siteKey: string, userId: number, classId: number): Promise<ClassSignupResult> {
    const now = this.now();
    const row = await findPublishedClass(this.db, siteKey, classId);
    if (!row) throw classNotFound();
    ensureCancellable(row, now, ClassMessages);

    // Seat first, signup second: the same lock order as signup, so the two never deadlock.
    const released = await releaseSeatAndCancel(this.db, CLASS_SEATS, {
      parentId: row.id,
      userId,
      now,
      queue: queueOf(this.effects, CLASS_REVIEW, reviewedClass(siteKey, row), now),
      within: (trx, signupId) =>
        this.effects.record(trx, {
          kind: 'class.cancel',
          siteKey,
          learnerId: userId,
          key: `class.cancel:${signupId}:${now}`,
          detail: { classId: row.id },
        }),
    });
    if (!released.ok) throw conflict(ClassMessages.notSignedUp);
    await this.publicCache.invalidate(siteKey);
    const mySignup: MySignup = {
      status: 'cancelled',
      signedUpAt: isoTime(released.signedAt),
      place: null,
      reason: null,
    };
    return this.result(row, released.seats, mySignup, now);
  }

  /**
   * One page of the classes the learner signed up for (confirmed, waiting for review, in line or
   * refused), newest first.
   */
  async mine(siteKey: string, userId: number, query: PageQuery): Promise<Page<MyClass>> {
    const now = this.now();
    const filter = { siteKey, userId };
    return readPage(
      query,
      {
        count: () => countMyClassRows(this.db, filter),
        rows: (window) => listMyClassRows(this.db, { ...filter, ...window }),
      },
      (rows) =>
        Promise.all(
          rows.map(async (row) => ({
            ...toClassSummary(row, now),
            signedUpAt: isoTime(row.signed_up_at),
            mySignup: await this.mySignup(row.id, {
              id: row.signup_id,
              status: row.signup_status,
              signed_up_at: row.signed_up_at,
              review_note: row.review_note,
            }),
            canCancel:
              row.signup_status !== 'rejected' && signupPhaseAt(timesOf(row), now) === 'open',
          })),
        ),
    );
  }

  /** The learner's signup as the contract's, with their place when they are in line. */
  private async mySignup(
    classId: number,
    row: {
      id: number;
      status: SignupStatus;
      signed_up_at: number;
      review_note: string | null;
    },
  ): Promise<MySignup> {
    const signedAt = Number(row.signed_up_at);
    return {
      status: row.status,
      signedUpAt: isoTime(signedAt),
      place:
        row.status === 'waiting'
          ? await placeInLine(this.db, CLASS_REVIEW, classId, { id: row.id, signedAt })
          : null,
      reason: row.status === 'rejected' ? row.review_note : null,
    };
  }

  private result(
    row: SummaryRow,
    seats: Seats,
    mySignup: MySignup,
    now: number,
  ): ClassSignupResult {
    return { classId: row.id, mySignup, ...seatsAfter(row, seats, now) };
  }
}
