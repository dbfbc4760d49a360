import type {
  AdminClassChoices,
  AdminClassCourse,
  AdminClassForm,
  AdminClassListQuery,
  AdminClassRow,
  Page,
} from '@portal/contract';
import { classStatusAt } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows, insertRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { invalid } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import type { SideEffects } from '../../platform/side-effects.ts';
import { isoTime } from '../../platform/time.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import type { AuditLog } from '../operators/audit.ts';
import { parseFormFields } from '../seats/seats.ts';
import { fillFromLine } from '../seats/signup-review.ts';
import { CLASS_REVIEW } from './classes.service.ts';

/** A classes row of the site with its review columns and its author's nickname. */
type ClassRow = ReviewedRow<'classes'>;

const ms = (time: string) => Date.parse(time);

/** The class's form as stored, its courses in their order. */
async function formOfClass(db: Kysely<Database>, row: ClassRow): Promise<AdminClassForm> {
  const courses = await db
    .selectFrom('class_courses')
    .select('course_id')
    .where('class_id', '=', row.id)
    .orderBy('sort')
    .orderBy('course_id')
    .execute();
  return {
    title: row.title,
    cover: row.cover,
    term: row.term,
    classTime: row.schedule,
    place: row.place,
    teacherName: row.teacher_name,
    capacity: Number(row.capacity),
    reviewSignups: Number(row.review_signups) === 1,
    signupStart: isoTime(row.signup_start),
    signupEnd: isoTime(row.signup_end),
    startAt: isoTime(row.start_at),
    endAt: isoTime(row.end_at),
    introductionHtml: row.introduction,
    formFields: parseFormFields(row.form_fields),
    courseIds: courses.map((course) => course.course_id),
  };
}

/**
 * The form as it will be stored: every course the site's and published (another site's answers
 * as one the site does not have), sanitized HTML.
 */
async function checkClass(
  db: Kysely<Database>,
  siteKey: string,
  form: AdminClassForm,
): Promise<AdminClassForm> {
  const courses =
    form.courseIds.length === 0
      ? []
      : await db
          .selectFrom('courses')
          .select(['id', 'title', 'published'])
          .where('site_key', '=', siteKey)
          .where('id', 'in', form.courseIds)
          .execute();
  const byId = new Map(courses.map((course) => [course.id, course]));
  for (const courseId of form.courseIds) {
    const course = byId.get(courseId);
    if (!course) throw invalid('所学课程：本站没有这门课程');
    if (Number(course.published) !== 1) {
      throw invalid(`所学课程：“${course.title}”尚未发布，不能选`);
    }
  }
  return { ...form, introductionHtml: sanitizeArticleHtml(form.introductionHtml) };
}

/** The columns a form writes (its courses are rows of `class_courses`). */
function columnsOf(form: AdminClassForm) {
  return {
    title: form.title,
    cover: form.cover,
    term: form.term,
    schedule: form.classTime,
    place: form.place,
    teacher_name: form.teacherName,
    capacity: form.capacity,
    review_signups: form.reviewSignups ? 1 : 0,
    signup_start: ms(form.signupStart),
    signup_end: ms(form.signupEnd),
    start_at: ms(form.startAt),
    end_at: ms(form.endAt),
    introduction: form.introductionHtml,
    form_fields: JSON.stringify(form.formFields),
  };
}

/** Sets the courses a class studies to `courseIds`, in that order. */
async function writeCourses(trx: Kysely<Database>, classId: number, courseIds: number[]) {
  await trx.deleteFrom('class_courses').where('class_id', '=', classId).execute();
  await insertRows(
    trx,
    'class_courses',
    courseIds.map((courseId, sort) => ({ class_id: classId, course_id: courseId, sort })),
  );
}

/** Whether rich HTML shows learners nothing (no text, no image). */
const blank = (html: string) => html.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(html);

/**
 * Classes as the review desk handles them; a change that gives a class more seats fills them
 * from its waiting list at once (`effects` tells each learner, at `now`).
 */
const classKindOf = (
  effects: SideEffects,
  now: () => number,
): DeskKind<AdminClassForm, ClassRow> => ({
  entity: 'class',
  table: 'classes',
  name: '班级',
  formOf: formOfClass,
  check: checkClass,
  async insert(trx, operator, form, now) {
    const { id } = await trx
      .insertInto('classes')
      .values({
        ...columnsOf(form),
        site_key: operator.siteKey,
        published: 0,
        created_at: now,
        status: 'draft',
        author_id: operator.userId,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeCourses(trx, id, form.courseIds);
    return id;
  },
  async write(trx, row, form) {
    await trx.updateTable('classes').set(columnsOf(form)).where('id', '=', row.id).execute();
    await writeCourses(trx, row.id, form.courseIds);
    await fillFromLine(trx, effects, CLASS_REVIEW, row.site_key, row.id, now());
  },
  // Learners hold seats: never fewer seats than they hold (read in the change's transaction).
  async fits(_db, row, form) {
    const taken = Number(row.seats_taken);
    if (form.capacity < taken) throw invalid(`名额：已有 ${taken} 人报名，名额不能少于 ${taken}`);
  },
  extra: (row) => ({ seatsTaken: Number(row.seats_taken) }),
  title: (form) => form.title,
  // Learners decide on what the page tells them, and a class studies something.
  publishable: (form) => {
    if (blank(form.introductionHtml)) return '班级介绍还没有内容，不能发布';
    if (form.courseIds.length === 0) return '班级还没有选择所学课程，不能发布';
    return null;
  },
});

/**
 * The classes of a site as its operators write and review them (the review is the
 * {@link ReviewDesk}'s): the console's list, its terms, and the courses to choose from.
 */
export class ClassDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminClassForm, ClassRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    audit: AuditLog,
    publicCache: PublicCache,
    effects: SideEffects,
    private readonly now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, classKindOf(effects, now), audit, publicCache, now);
  }

  /** The terms the site's classes have, newest first (by their latest start). */
  async choices(siteKey: string): Promise<AdminClassChoices> {
    const rows = await this.db
      .selectFrom('classes')
      .select((eb) => ['term', eb.fn.max('start_at').as('latest')])
      .where('site_key', '=', siteKey)
      .groupBy('term')
      .orderBy('latest', 'desc')
      .orderBy('term')
      .execute();
    return { terms: rows.map((row) => row.term) };
  }

  /**
   * Up to 20 of the site's published courses whose title has the words, after the chosen ones
   * of the site (in their order, whatever their state: the form names them).
   */
  async courses(
    siteKey: string,
    q: string,
    chosen: readonly number[],
  ): Promise<AdminClassCourse[]> {
    const base = this.db
      .selectFrom('courses')
      .select(['id', 'title', 'lesson_count', 'published'])
      .where('site_key', '=', siteKey);
    const [picked, matches] = await Promise.all([
      chosen.length === 0 ? [] : base.where('id', 'in', chosen).execute(),
      (q ? base.where(matchesPattern(this.engine, 'title', containsPattern(q))) : base)
        .where('published', '=', 1)
        .orderBy('id', 'desc')
        .limit(20)
        .execute(),
    ]);
    const byId = new Map(picked.map((row) => [row.id, row]));
    const first = [...new Set(chosen)].flatMap((id) => byId.get(id) ?? []);
    return [...first, ...matches.filter((row) => !byId.has(row.id))].map((row) => ({
      id: row.id,
      title: row.title,
      lessonCount: Number(row.lesson_count),
      published: Number(row.published) === 1,
    }));
  }

  private filtered(siteKey: string, query: AdminClassListQuery) {
    let builder = this.db
      .selectFrom('classes as c')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'c.id').on('e.entity', '=', 'class'),
      )
      .where('c.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query, { alias: 'c' }));
    if (query.term) builder = builder.where('c.term', '=', query.term);
    return builder;
  }

  /** The site's classes, newest change first. */
  async list(siteKey: string, query: AdminClassListQuery): Promise<Page<AdminClassRow>> {
    const now = this.now();
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .leftJoin('users as u', 'u.id', 'c.author_id')
            .select([
              'c.id',
              'c.title',
              'c.term',
              'c.teacher_name',
              'c.capacity',
              'c.seats_taken',
              'c.signup_start',
              'c.signup_end',
              'c.start_at',
              'c.end_at',
              'c.status',
              'c.version',
              'u.nickname as author_name',
              'c.updated_at',
              'c.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
            ])
            .orderBy('c.updated_at', 'desc')
            .orderBy('c.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => ({
          ...listedReview(row),
          id: row.id,
          term: row.term,
          teacherName: row.teacher_name,
          startAt: isoTime(row.start_at),
          phase: classStatusAt(
            {
              signupStart: Number(row.signup_start),
              signupEnd: Number(row.signup_end),
              startAt: Number(row.start_at),
              endAt: Number(row.end_at),
              capacity: Number(row.capacity),
              seatsTaken: Number(row.seats_taken),
            },
            now,
          ),
          capacity: Number(row.capacity),
          seatsTaken: Number(row.seats_taken),
        })),
    );
  }
}
