import type { Topic, TopicSection } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { Link, useLocation } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { BookCard } from '@/ui/book-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useTopic } from '../api/get-topic.ts';
import { TopicActivityCard, TopicCourseCard } from '../components/topic-cards.tsx';
import { DEFAULT_TOPIC_SLUG, topicSlugOf } from '../lib/topic-slug.ts';
import '../topics.css';

/** Books shown on the topic page; 更多 leads to the whole list. */
const BOOKS_SHOWN = 6;

function SectionItems({ section }: { section: TopicSection }) {
  if (section.items.length === 0) {
    return <p className="topic-section-empty">暂无内容，敬请期待。</p>;
  }
  switch (section.kind) {
    case 'courses':
      return (
        <ul className="topic-items">
          {section.items.map((course) => (
            <li key={course.id}>
              <TopicCourseCard course={course} />
            </li>
          ))}
        </ul>
      );
    case 'activities':
      return (
        <ul className="topic-items">
          {section.items.map((activity) => (
            <li key={activity.id}>
              <TopicActivityCard activity={activity} />
            </li>
          ))}
        </ul>
      );
    case 'ebooks':
      return (
        <ul className="book-grid">
          {section.items.slice(0, BOOKS_SHOWN).map((book) => (
            <li key={book.id}>
              <BookCard book={book} to={href('ebookDetail', { id: book.id })} />
            </li>
          ))}
        </ul>
      );
  }
}

function Section({ topic, section }: { topic: Topic; section: TopicSection }) {
  const headingId = `topic-section-${section.id}`;
  const more =
    section.kind === 'ebooks' && section.total > 0
      ? href('topicBooks', { topic: topic.slug === DEFAULT_TOPIC_SLUG ? undefined : topic.slug })
      : null;
  return (
    <section className="topic-section" aria-labelledby={headingId}>
      <div className="topic-section-head">
        <h2 id={headingId}>{section.title}</h2>
        {more ? (
          <Link className="topic-more" to={more} aria-label={`更多${section.title}`}>
            更多
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="m9 5 7 7-7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </Link>
        ) : section.total > 0 ? (
          <span className="topic-section-total">共 {section.total} 项</span>
        ) : null}
      </div>
      <SectionItems section={section} />
    </section>
  );
}

/**
 * `/zhuanti/2024/jtjy` (and any `/zhuanti/<year>/<name>`): a topic page: its banner and
 * introduction, then each section (courses, activities, e-books) in the topic's order.
 */
export function TopicPage() {
  const { pathname } = useLocation();
  const slug = topicSlugOf(pathname);
  const query = useTopic(slug);
  const topic = query.data;
  const missing =
    slug === null ||
    (query.error instanceof ApiError &&
      (query.error.code === ErrorCode.notFound || query.error.code === ErrorCode.invalid));

  return (
    <>
      <PageHeader
        title={topic?.title}
        right={topic ? <ShareButton title={topic.title} pic={topic.banner} /> : null}
      />
      {missing ? (
        <main className="page-body">
          <StateView kind="missing" title="专题不存在或已下线" description="看看首页的其他内容吧。">
            <Link className="link-button primary" to={paths.home}>
              回到首页
            </Link>
          </StateView>
        </main>
      ) : null}
      {!missing && query.isPending ? <PageSkeleton /> : null}
      {!missing && query.isError ? (
        <main className="page-body">
          <StateView kind="error" title="专题没有加载出来" description="请检查网络后重试。">
            <button type="button" className="link-button primary" onClick={() => query.refetch()}>
              重试
            </button>
          </StateView>
        </main>
      ) : null}
      {topic ? (
        <main className="topic-page">
          <img className="topic-banner" src={topic.banner} alt="" width={750} height={320} />
          <section className="topic-intro" aria-labelledby="topic-title">
            <h1 id="topic-title">{topic.title}</h1>
            {topic.subtitle ? <p className="topic-subtitle">{topic.subtitle}</p> : null}
            {topic.introduction
              .split(/\n\s*\n|\n/)
              .map((paragraph) => paragraph.trim())
              .filter(Boolean)
              .map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
                <p key={index} className="topic-intro-text">
                  {paragraph}
                </p>
              ))}
          </section>
          {topic.sections.length === 0 ? (
            <StateView kind="empty" title="专题内容正在准备中" description="敬请期待。" />
          ) : (
            topic.sections.map((section) => (
              <Section key={`${section.kind}-${section.id}`} topic={topic} section={section} />
            ))
          )}
        </main>
      ) : null}
    </>
  );
}
