import {
  type Chapter,
  type CourseCategory,
  type CourseDetail,
  type CourseListQuery,
  type CourseSummary,
  ErrorCode,
  type Page,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import { readInIdOrder } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { ShortCache } from '../../platform/short-cache.ts';
import { isoTime } from '../../platform/time.ts';
import { countPublishedPerCategory, listSiteCategories } from '../content/categories.queries.ts';
import {
  type CourseListRow,
  countView,
  findCourseRow,
  listChapterRows,
  listCourseRows,
  listCourseRowsByIds,
  listLessonRows,
  listTagRows,
} from './courses.queries.ts';

/**
 * How long the published counts of a site are trusted. Counting a site's courses costs a scan
 * of its index (about 100,000 entries at benchmark scale), too much for every list page; the
 * counts change only when a course is published or withdrawn.
 */
const COUNTS_CACHE_MS = 10_000;

/**
 * How long a course's detail (all but its view count) is reused. Opening a course is the most
 * frequent read after the lists; every opening still counts its view in the database and checks
 * that the course is published there, so only an edit of its text or chapters shows this late.
 */
const DETAIL_CACHE_MS = 2_000;

/** Unknown, unpublished and other-site courses all answer the same. */
const courseGone = () => new AppError(ErrorCode.notFound, '课程不存在或已下线');

/** Groups tag rows by course, each course's tags in a stable (code point) order. */
function tagsByCourse(rows: Array<{ course_id: number; tag: string }>) {
  const tags = new Map<number, string[]>();
  for (const row of rows) {
    const list = tags.get(row.course_id);
    if (list) list.push(row.tag);
    else tags.set(row.course_id, [row.tag]);
  }
  for (const list of tags.values()) list.sort();
  return tags;
}

function toSummary(row: CourseListRow, tags: string[]): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    summary: row.summary,
    categoryId: row.category_id,
    categoryName: row.category_name,
    teacherName: row.teacher_name,
    tags,
    lessonCount: Number(row.lesson_count),
    durationSeconds: Number(row.duration_seconds),
    viewCount: Number(row.view_count),
    learnerCount: Number(row.learner_count),
    publishedAt: isoTime(row.published_at ?? row.created_at),
  };
}

/**
 * The cards of the site's published courses among `ids`, in the order of `ids` (unknown,
 * unpublished and other sites' ids left out, repeats once): for other modules (topics).
 */
export async function courseSummariesByIds(
  db: Kysely<Database>,
  siteKey: string,
  ids: number[],
): Promise<CourseSummary[]> {
  return readInIdOrder(
    ids,
    (wanted) => listCourseRowsByIds(db, siteKey, wanted),
    async (rows) => {
      const tags = tagsByCourse(
        await listTagRows(
          db,
          rows.map((row) => row.id),
        ),
      );
      return rows.map((row) => toSummary(row, tags.get(row.id) ?? []));
    },
  );
}

/** Public course catalogue of a site: categories, the list and the detail. */
export class CourseService {
  private readonly counts = new ShortCache<Map<number, number>>(COUNTS_CACHE_MS);

  /** Details without their view count, per site and course (tagged with the content version). */
  private readonly details = new ShortCache<Omit<CourseDetail, 'viewCount'>>(DETAIL_CACHE_MS);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    /** Its content version retires the kept details when content is written outside services. */
    private readonly publicCache: PublicCache | null = null,
  ) {}

  /** The site's categories with their published course counts. */
  async categories(siteKey: string): Promise<CourseCategory[]> {
    const [rows, counts] = await Promise.all([
      listSiteCategories(this.db, 'course_categories', siteKey),
      this.publishedCounts(siteKey),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      courseCount: counts.get(row.id) ?? 0,
    }));
  }

  /** One page of the site's published courses, newest or most learned first. */
  async list(siteKey: string, query: CourseListQuery): Promise<Page<CourseSummary>> {
    const { categoryId, sort } = query;
    return readPage(
      query,
      {
        count: async () => {
          const counts = await this.publishedCounts(siteKey);
          return categoryId === undefined
            ? [...counts.values()].reduce((sum, n) => sum + n, 0)
            : (counts.get(categoryId) ?? 0);
        },
        rows: (window) => listCourseRows(this.db, { siteKey, categoryId, sort, ...window }),
      },
      async (rows) => {
        const tags = tagsByCourse(
          await listTagRows(
            this.db,
            rows.map((row) => row.id),
          ),
        );
        return rows.map((row) => toSummary(row, tags.get(row.id) ?? []));
      },
    );
  }

  /**
   * A published course of the site with its teacher and chapters of lessons; counts the view
   * (an atomic increment, so concurrent views are never lost, and the answer's count is exact).
   */
  async detail(siteKey: string, id: number): Promise<CourseDetail> {
    const viewCount = await countView(this.db, siteKey, id);
    if (viewCount === undefined) throw courseGone();
    const version = this.publicCache ? await this.publicCache.version(siteKey) : '';
    const load = () => this.readDetail(siteKey, id);
    const detail = await (version === null
      ? load()
      : this.details.get(`${siteKey}\n${id}`, this.now(), load, version));
    return { ...detail, viewCount };
  }

  private async readDetail(siteKey: string, id: number): Promise<Omit<CourseDetail, 'viewCount'>> {
    const [row, chapterRows, lessonRows, tagRows] = await Promise.all([
      findCourseRow(this.db, siteKey, id),
      listChapterRows(this.db, id),
      listLessonRows(this.db, id),
      listTagRows(this.db, [id]),
    ]);
    if (!row) throw courseGone();
    const chapters = new Map<number, Chapter>(
      chapterRows.map((chapter) => [
        chapter.id,
        { id: chapter.id, title: chapter.title, lessons: [] },
      ]),
    );
    for (const lesson of lessonRows) {
      chapters.get(lesson.chapter_id)?.lessons.push({
        id: lesson.id,
        title: lesson.title,
        kind: lesson.kind,
        durationSeconds: Number(lesson.duration_seconds),
      });
    }
    const { viewCount: _, ...summary } = toSummary(row, tagsByCourse(tagRows).get(id) ?? []);
    return {
      ...summary,
      introduction: row.introduction,
      teacher: {
        id: row.teacher_id,
        name: row.teacher_name,
        title: row.teacher_title,
        avatar: row.teacher_avatar,
        bio: row.teacher_bio,
      },
      chapters: [...chapters.values()],
    };
  }

  /** Forgets the cached counts and details (after courses were published, withdrawn or edited). */
  invalidateCounts(): void {
    this.counts.clear();
    this.details.clear();
  }

  /**
   * Published counts per category of a site, cached for {@link COUNTS_CACHE_MS}; concurrent
   * callers share one query.
   */
  private publishedCounts(siteKey: string): Promise<Map<number, number>> {
    return this.counts.get(siteKey, this.now(), () =>
      countPublishedPerCategory(this.db, 'courses', siteKey),
    );
  }
}
