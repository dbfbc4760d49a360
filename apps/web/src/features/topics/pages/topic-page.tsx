import type { Topic, TopicSection } from '@portal/contract';
import { Link, useLocation } from 'react-router';
import { href } from '@/platform/paths.ts';
import { useDetail } from '@/platform/queries/detail.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { BookCard } from '@/ui/book-card.tsx';
import { DetailPage } from '@/ui/detail-page.tsx';
import { LineIcon } from '@/ui/line-icon.tsx';
import { HOME_WAY, StateView } from '@/ui/state-view.tsx';
import { topicQueryOptions } from '../api/get-topic.ts';
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
            <LineIcon d="m9 5 7 7-7 7" size={18} strokeWidth={2.2} />
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
  const detail = useDetail(slug, topicQueryOptions(slug ?? ''));

  return (
    <DetailPage
      detail={detail}
      missing={{ what: '专题', description: '看看首页的其他内容吧。', way: HOME_WAY }}
      title={(topic) => topic.title}
      actions={(topic) => <ShareButton title={topic.title} pic={topic.banner} />}
    >
      {(topic) => (
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
      )}
    </DetailPage>
  );
}
