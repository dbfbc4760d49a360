import type { EbookSummary } from '@portal/contract';
import { CardLine, ContentCard } from './content-card.tsx';
import './book-card.css';

/**
 * An e-book on a shelf (the catalogue, a topic's book list): its 3:4 cover, title, author and
 * page count, linking to `to` (the book's detail page). The title is shown whole, never cut to
 * two lines: older readers find a book by its full name.
 */
export function BookCard({
  book,
  to,
  priority = false,
}: {
  book: EbookSummary;
  to: string;
  /** On the first screen (see {@link ContentCard}). */
  priority?: boolean;
}) {
  return (
    <ContentCard
      to={to}
      priority={priority}
      cover={book.cover}
      coverSize={[150, 200]}
      book
      column
      title={book.title}
      className="book-card ellipsis"
      titleClassName="book-card-title"
    >
      <CardLine>{book.author}</CardLine>
      <CardLine>{book.pageCount} 页</CardLine>
    </ContentCard>
  );
}

/** A grid of book cards with their loading shape (`count` grey cards while the first page loads). */
export function BookGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="book-grid" role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <li key={index} className="content-card column book-card" aria-hidden="true">
          <span className="content-card-cover book skeleton-block" />
          <span className="content-card-body">
            <span className="skeleton-block book-card-skeleton-line" />
            <span className="skeleton-block book-card-skeleton-line short" />
          </span>
        </li>
      ))}
    </ul>
  );
}
