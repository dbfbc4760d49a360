import { cardCoverSizes, pictureSources } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFirstScreenPainted } from './after-paint.ts';
import './content-card.css';

/**
 * A piece of content in a list (a course, class, activity, e-book, search hit...): its cover,
 * its title and the lines under it (`children`, e.g. {@link CardLine}), all one link to `to`.
 * The cover sits left of the text, or on top with `column`; its box comes from the CSS (the
 * `--cover-*` variables, set by the card's `className`), so nothing shifts while it loads.
 * `book` marks an e-book's portrait cover; `badge` sits at the title's end (a status).
 */
export function ContentCard({
  to,
  cover,
  coverSize = [128, 80],
  book = false,
  title,
  badge,
  className,
  titleClassName,
  column = false,
  priority = false,
  children,
}: {
  to: string;
  /** The cover's address; null for an item without one (the text takes the row). */
  cover: string | null;
  /** The cover's width and height attributes (its shape before the CSS applies). */
  coverSize?: readonly [number, number];
  book?: boolean;
  title: ReactNode;
  badge?: ReactNode;
  /**
   * Classes of the link: the card's own name and .boxed, .outlined, .clamp, .ellipsis
   * (content-card.css).
   */
  className?: string;
  titleClassName?: string;
  column?: boolean;
  /**
   * On the first screen: the cover loads at once, first; the others only once the first screen
   * has painted, and then when scrolled near.
   */
  priority?: boolean;
  children?: ReactNode;
}) {
  // The other covers wait for the first screen's paint: on a slow network the 15 more requests
  // would otherwise delay it (the box keeps its size and colour meanwhile).
  const painted = useFirstScreenPainted();
  const titleText = (
    <span className={joinClasses('content-card-title', titleClassName)}>{title}</span>
  );
  return (
    <Link className={joinClasses('content-card', column && 'column', className)} to={to}>
      {cover === null ? null : (
        <img
          className={book ? 'content-card-cover book' : 'content-card-cover'}
          {...(priority || painted
            ? pictureSources(cover, cardCoverSizes(column, coverSize[0]))
            : {})}
          src={priority || painted ? cover : undefined}
          alt=""
          width={coverSize[0]}
          height={coverSize[1]}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
      )}
      <span className={badge ? 'content-card-body with-head' : 'content-card-body'}>
        {badge ? (
          <span className="content-card-head">
            {titleText}
            {badge}
          </span>
        ) : (
          titleText
        )}
        {children}
      </span>
    </Link>
  );
}

/** A line of facts under a card's title (muted, small); `className` adds a variant. */
export function CardLine({ className, children }: { className?: string; children: ReactNode }) {
  return <span className={joinClasses('content-card-line', className)}>{children}</span>;
}

const joinClasses = (...names: Array<string | false | undefined>) =>
  names.filter(Boolean).join(' ');
