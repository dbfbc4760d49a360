import type {
  ActivitySummary,
  Banner,
  ClassSummary,
  CourseSummary,
  Home,
  HomeMe,
} from '@portal/contract';
import { HOME_SLIDES_MAX } from '@portal/contract/constants';
import { PublicCache } from '../../platform/public-cache.ts';
import { ShortCache } from '../../platform/short-cache.ts';
import type { ActivityService } from '../activities/activities.service.ts';
import type { ArticleService } from '../articles/articles.service.ts';
import type { ClassService } from '../classes/classes.service.ts';
import type { CourseService } from '../courses/courses.service.ts';
import type { EbookService } from '../ebooks/ebooks.service.ts';
import type { StudyService } from '../study/study.service.ts';
import type { TopicService } from '../topics/topics.service.ts';
import type { StaffBanners } from './home.queries.ts';

/**
 * How long a site's home answer is reused. `/api/home` is the most requested call; a few
 * seconds of staleness (a learner count, a view) is invisible, and it turns a burst of visits
 * into one set of queries per site. A change of seats or status (a signup, on any instance when
 * Redis is shared) changes the site's content version, which retires the kept answer at once.
 */
export const HOME_CACHE_MS = 5_000;

const RECOMMENDED = 6;
const OPEN_CLASSES = 4;
const NEW_COURSES = 4;
const RUNNING_CLASSES = 3;
const OPEN_ACTIVITIES = 4;
const NEW_EBOOKS = 6;
const NEWS = 4;
const NOTICES = 5;

/** What the banners are drawn from besides courses and classes. */
interface BannerExtras {
  topics: ReadonlyArray<{ slug: string; title: string; banner: string }>;
  activities: readonly ActivitySummary[];
}

/** Popular and newest courses taken in turn, without repeats, up to `limit`. */
function mix(popular: CourseSummary[], newest: CourseSummary[], limit: number): CourseSummary[] {
  const picked = new Map<number, CourseSummary>();
  for (let i = 0; picked.size < limit && (i < popular.length || i < newest.length); i += 1) {
    for (const course of [popular[i], newest[i]]) {
      if (course && picked.size < limit && !picked.has(course.id)) picked.set(course.id, course);
    }
  }
  return [...picked.values()];
}

/** The slide of a course, class or activity: its title and cover, linking to it. */
function slide(
  kind: 'course' | 'class' | 'activity',
  label: string,
  item: { id: number; title: string; cover: string },
): Banner {
  return {
    key: `${kind}-${item.id}`,
    label,
    title: item.title,
    image: item.cover,
    link: { kind, id: item.id },
  };
}

/**
 * Up to 5 slides drawn from the site's own content, in order of priority: the most popular
 * course, the site's topic (专题), a class and an activity open for signup, the newest course,
 * another open class; the first four of those, then the course list.
 */
function bannersOf(
  popular: CourseSummary[],
  newest: CourseSummary[],
  open: ClassSummary[],
  extras: BannerExtras,
): Banner[] {
  const banners: Banner[] = [];
  const seen = new Set<number>();
  const course = (label: string, item: CourseSummary | undefined) => {
    if (!item || seen.has(item.id)) return;
    seen.add(item.id);
    banners.push(slide('course', label, item));
  };
  const klass = (item: ClassSummary | undefined) => {
    if (item) banners.push(slide('class', '班级招生', item));
  };
  // In order of priority; the first four are shown, then the course list.
  course('人气课程', popular[0]);
  const topic = extras.topics[0];
  if (topic) {
    banners.push({
      key: `topic-${topic.slug}`,
      label: '专题',
      title: topic.title,
      image: topic.banner,
      link: { kind: 'topic', slug: topic.slug },
    });
  }
  klass(open[0]);
  const activity = extras.activities[0];
  if (activity) banners.push(slide('activity', '活动报名', activity));
  course('新课上线', newest[0]);
  klass(open[1]);
  banners.splice(4);
  const more = popular[1] ?? newest[1];
  if (more) {
    banners.push({
      key: 'course-list',
      label: '精品课程',
      title: '名师好课，随时随地学',
      image: more.cover,
      link: { kind: 'courseList' },
    });
  }
  return banners;
}

/**
 * The carousel: the staff's own banners first, in their order; then, unless the site turned it
 * off, the slides drawn from its content that open something else; at most {@link HOME_SLIDES_MAX}.
 */
export function withStaffBanners(staff: StaffBanners, drawn: Banner[]): Banner[] {
  const target = (banner: Banner) => JSON.stringify(banner.link);
  const taken = new Set(staff.banners.map(target));
  const fill = staff.fill || staff.banners.length === 0 ? drawn : [];
  return [...staff.banners, ...fill.filter((banner) => !taken.has(target(banner)))].slice(
    0,
    HOME_SLIDES_MAX,
  );
}

/**
 * The home page: one public answer per site (cached for {@link HOME_CACHE_MS}, nothing
 * personal in it) and the learner's own panel, composed from the areas' services.
 */
export class HomeService {
  private readonly cache = new ShortCache<Home>(HOME_CACHE_MS);

  constructor(
    private readonly courses: CourseService,
    private readonly classes: ClassService,
    private readonly study: StudyService,
    private readonly more: {
      activities: ActivityService;
      ebooks: EbookService;
      topics: TopicService;
      articles: ArticleService;
      /** The banners the site's staff published (首页设置), and whether content fills after them. */
      staff: (siteKey: string, now: number) => Promise<StaffBanners>;
    },
    private readonly now: () => number = Date.now,
    /** The sites' content versions: a change of what visitors see retires a kept home at once. */
    private readonly publicCache: PublicCache = new PublicCache(),
  ) {}

  /** The site's home; concurrent callers share one build, a failed build is not kept. */
  async home(siteKey: string): Promise<Home> {
    const version = await this.publicCache.version(siteKey);
    if (version === null) return this.build(siteKey);
    return this.cache.get(siteKey, this.now(), () => this.build(siteKey), version);
  }

  /**
   * Forgets the cached answers, the visitors' too (after content was written outside the
   * services: published or withdrawn).
   */
  invalidate(): void {
    this.cache.clear();
    this.publicCache.forget();
  }

  private async build(siteKey: string): Promise<Home> {
    const [popular, newest, open, running, activities, ebooks, topics, news, notices, staff] =
      await Promise.all([
        this.courses.list(siteKey, { page: 1, size: RECOMMENDED, sort: 'popular' }),
        this.courses.list(siteKey, {
          page: 1,
          size: RECOMMENDED + NEW_COURSES,
          sort: 'newest',
        }),
        this.classes.list(siteKey, { page: 1, size: OPEN_CLASSES, status: '报名中' }),
        this.classes.list(siteKey, { page: 1, size: RUNNING_CLASSES, status: '进行中' }),
        this.more.activities.list(siteKey, { page: 1, size: OPEN_ACTIVITIES, status: '报名中' }),
        this.more.ebooks.list(siteKey, { page: 1, size: NEW_EBOOKS }),
        this.more.topics.banners(siteKey, 1),
        this.more.articles.list(siteKey, { page: 1, size: NEWS, kind: 'news' }, null),
        this.more.articles.list(siteKey, { page: 1, size: NOTICES, kind: 'notice' }, null),
        this.more.staff(siteKey, this.now()),
      ]);
    const recommended = mix(popular.list, newest.list, RECOMMENDED);
    const shown = new Set(recommended.map((course) => course.id));
    const fresh = newest.list.filter((course) => !shown.has(course.id)).slice(0, NEW_COURSES);
    const sections: Home['sections'] = [];
    if (fresh.length > 0) sections.push({ kind: 'courses', title: '新课速递', items: fresh });
    if (running.list.length > 0) {
      sections.push({ kind: 'classes', title: '正在开课', items: running.list });
    }
    if (activities.list.length > 0) {
      sections.push({ kind: 'activities', title: '活动报名', items: activities.list });
    }
    if (ebooks.list.length > 0) {
      sections.push({ kind: 'ebooks', title: '新书上架', items: ebooks.list });
    }
    return {
      banners: withStaffBanners(
        staff,
        bannersOf(popular.list, newest.list, open.list, { topics, activities: activities.list }),
      ),
      recommended,
      openClasses: open.list,
      sections,
      news: news.list,
      notices: notices.list,
    };
  }

  /** The learner's panel: the course to continue, active classes and time learned today. */
  async me(siteKey: string, userId: number): Promise<HomeMe> {
    const [last, classes, today] = await Promise.all([
      this.study.continueLearning(siteKey, userId),
      this.classes.mine(siteKey, userId, { page: 1, size: 3 }),
      this.study.today(userId),
    ]);
    return {
      continueLearning: last ? { ...last } : null,
      myClasses: classes.list,
      myClassCount: classes.total,
      todaySeconds: today.seconds,
    };
  }
}
