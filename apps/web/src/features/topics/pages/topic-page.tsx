import type { Topic, TopicSection } from '@portal/contract';
import { PICTURE_SIZES, pictureSources } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { href } from '@/platform/paths.ts';
import { useDetail } from '@/platform/queries/detail.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { BookCard } from '@/ui/book-card.tsx';
import { DetailPage } from '@/ui/detail-page.tsx';
import { Panel } from '@/ui/panel.tsx';
import { HOME_WAY, StateView } from '@/ui/state-view.tsx';
import { topicQueryOptions } from '../api/get-topic.ts';
import { TopicActivityCard, TopicCourseCard } from '../components/topic-cards.tsx';
import { DEFAULT_TOPIC_SLUG, topicSlugOf } from '../lib/topic-slug.ts';
import '@/ui/chips.css';
import '../topics.css';

/** Books shown on the topic page; 更多 leads to the whole list. */
const BOOKS_SHOWN = 6;

/** A section's items, each in its `<li>`. */
function Items<T extends { id: number }>({
  items,
  className = 'card-list',
  children,
}: {
  items: readonly T[];
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

function SectionItems({ section }: { section: TopicSection }) {
  if (section.items.length === 0) {
    return <p className="detail-meta">暂无内容，敬请期待。</p>;
  }
  switch (section.kind) {
    case 'courses':
      return <Items items={section.items}>{(course) => <TopicCourseCard course={course} />}</Items>;
    case 'activities':
      return (
        <Items items={section.items}>
          {(activity) => <TopicActivityCard activity={activity} />}
        </Items>
      );
    case 'ebooks':
      return (
        <Items items={section.items.slice(0, BOOKS_SHOWN)} className="book-grid">
          {(book) => <BookCard book={book} to={href('ebookDetail', { id: book.id })} />}
        </Items>
      );
  }
}

function Section({ topic, section }: { topic: Topic; section: TopicSection }) {
  const more =
    section.kind === 'ebooks' && section.total > 0
      ? href('topicBooks', { topic: topic.slug === DEFAULT_TOPIC_SLUG ? undefined : topic.slug })
      : null;
  return (
    <Panel label={section.title} className="topic-section">
      <div className="section-head">
        <h2 className="panel-title">{section.title}</h2>
        {more ? (
          // The look of ui's MoreLink, named as one phrase (更多推荐书目) for screen readers.
          <Link className="more-link" to={more} aria-label={`更多${section.title}`}>
            更多 ›
          </Link>
        ) : section.total > 0 ? (
          <span className="list-count">共 {section.total} 项</span>
        ) : null}
      </div>
      <SectionItems section={section} />
    </Panel>
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
        <main className="panel-page">
          <img
            className="detail-cover topic-banner"
            {...pictureSources(topic.banner, PICTURE_SIZES.wide)}
            src={topic.banner}
            alt=""
            width={750}
            height={320}
          />
          <Panel label={topic.title} raised className="topic-intro">
            <h1 className="detail-title">{topic.title}</h1>
            {topic.subtitle ? <p className="topic-subtitle text-accent">{topic.subtitle}</p> : null}
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
          </Panel>
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
