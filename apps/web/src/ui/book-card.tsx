import type { EbookSummary } from '@portal/contract';
import { Link } from 'react-router';
import './book-card.css';

/**
 * An e-book on a shelf (the catalogue, a topic's book list): its 3:4 cover, title, author and
 * page count, linking to `to` (the book's detail page).
 */
export function BookCard({ book, to }: { book: EbookSummary; to: string }) {
  return (
    <Link className="book-card" to={to}>
      <img
        className="book-card-cover"
        src={book.cover}
        alt=""
        width={150}
        height={200}
        loading="lazy"
        decoding="async"
      />
      <span className="book-card-title">{book.title}</span>
      <span className="book-card-meta">{book.author}</span>
      <span className="book-card-meta">{book.pageCount} 页</span>
    </Link>
  );
}

/** A grid of book cards with their loading shape (`count` grey cards while the first page loads). */
export function BookGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="book-grid" role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <li key={index} className="book-card" aria-hidden="true">
          <span className="book-card-cover skeleton-block" />
          <span className="skeleton-block book-card-skeleton-line" />
          <span className="skeleton-block book-card-skeleton-line short" />
        </li>
      ))}
    </ul>
  );
}
