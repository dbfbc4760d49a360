import {
  type EbookSummary,
  ErrorCode,
  type Page,
  type Topic,
  type TopicEbooksQuery,
  type TopicSection,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { activitySummariesByIds } from '../activities/activities.service.ts';
import { courseSummariesByIds } from '../courses/courses.service.ts';
import { ebookSummariesByIds } from '../ebooks/ebooks.service.ts';
import {
  countVisibleItems,
  findTopicRow,
  listSectionRows,
  listTopicBannerRows,
  listVisibleItemIds,
  type TopicContentType,
} from './topics.queries.ts';

/** Unknown and unpublished topics, and other sites' topics, all answer the same. */
const topicGone = () => new AppError(ErrorCode.notFound, '专题不存在或已下线');

/** The content type a section of each kind shows. */
const SECTION_TYPES = {
  courses: 'course',
  activities: 'activity',
  ebooks: 'ebook',
} as const satisfies Record<TopicSection['kind'], TopicContentType>;

/** Topics (专题): a page assembled from data, each section showing the content tagged with it. */
export class TopicService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A published topic of the site with its sections, each up to its item limit and its total. */
  async detail(siteKey: string, slug: string): Promise<Topic> {
    const topic = await findTopicRow(this.db, siteKey, slug);
    if (!topic) throw topicGone();
    const sections = await listSectionRows(this.db, topic.id);
    return {
      slug: topic.slug,
      title: topic.title,
      subtitle: topic.subtitle,
      banner: topic.banner,
      introduction: topic.introduction,
      sections: await Promise.all(
        sections.map((section) => this.section(siteKey, topic.id, section)),
      ),
    };
  }

  /** The site's published topics as home banners (slug, title and banner image). */
  banners(siteKey: string, limit: number) {
    return listTopicBannerRows(this.db, siteKey, limit);
  }

  /** One page of the topic's e-books in the topic's order (`/zhuanti/2024/moreBook`). */
  async ebooks(siteKey: string, query: TopicEbooksQuery): Promise<Page<EbookSummary>> {
    const topic = await findTopicRow(this.db, siteKey, query.slug);
    if (!topic) throw topicGone();
    return readPage(
      query,
      {
        count: () => countVisibleItems(this.db, topic.id, siteKey, 'ebook'),
        rows: ({ limit, offset }) =>
          listVisibleItemIds(this.db, topic.id, siteKey, 'ebook', limit, offset),
      },
      (ids) => ebookSummariesByIds(this.db, siteKey, ids),
    );
  }

  private async section(
    siteKey: string,
    topicId: number,
    section: { id: number; kind: TopicSection['kind']; title: string; item_limit: number },
  ): Promise<TopicSection> {
    const type = SECTION_TYPES[section.kind];
    const [ids, total] = await Promise.all([
      listVisibleItemIds(this.db, topicId, siteKey, type, Number(section.item_limit)),
      countVisibleItems(this.db, topicId, siteKey, type),
    ]);
    const head = { id: section.id, title: section.title, total };
    switch (section.kind) {
      case 'courses':
        return {
          kind: 'courses',
          ...head,
          items: await courseSummariesByIds(this.db, siteKey, ids),
        };
      case 'activities':
        return {
          kind: 'activities',
          ...head,
          items: await activitySummariesByIds(this.db, siteKey, ids, this.now()),
        };
      case 'ebooks':
        return { kind: 'ebooks', ...head, items: await ebookSummariesByIds(this.db, siteKey, ids) };
    }
  }
}
