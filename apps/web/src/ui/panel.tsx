import { PICTURE_SIZES, pictureSources } from '@portal/contract/constants';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import './panel.css';

/**
 * A white rounded block of a page. With a `title` it is a section labelled by its heading (and
 * `more` puts 更多 › to the whole list beside it); without, name it with `label` when it is a
 * region of its own. `compact` has less padding, `stack` spaces its parts evenly, `raised` lifts
 * it with a shadow, `accent` marks its left edge.
 */
export function Panel({
  as: Tag = 'section',
  title,
  titleId,
  more,
  label,
  compact = false,
  stack = false,
  raised = false,
  accent = false,
  className,
  children,
}: {
  as?: 'section' | 'div' | 'li' | 'article';
  title?: ReactNode;
  /** The heading's id (generated unless given). */
  titleId?: string;
  /** Where 更多 › leads: the whole list of what the panel shows a few of. */
  more?: string;
  /** The region's name for screen readers when it has no heading. */
  label?: string;
  compact?: boolean;
  stack?: boolean;
  raised?: boolean;
  accent?: boolean;
  /** The page's own name for it (its layout, tests). */
  className?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const headingId = titleId ?? generated;
  const classes = ['panel', compact && 'compact', stack && 'stack', raised && 'raised'];
  if (accent) classes.push('accent');
  return (
    <Tag
      className={[...classes, className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : label}
    >
      {title && more ? <SectionHead id={headingId} title={title} more={more} /> : null}
      {title && !more ? (
        <h2 id={headingId} className="panel-title">
          {title}
        </h2>
      ) : null}
      {children}
    </Tag>
  );
}

/** An item's 16:9 cover across the top of its page (decorative: the title names the item). */
export function DetailCover({
  src,
  width = 750,
  height = 422,
}: {
  src: string;
  width?: number;
  height?: number;
}) {
  return (
    <img
      className="detail-cover"
      {...pictureSources(src, PICTURE_SIZES.wide)}
      src={src}
      alt=""
      width={width}
      height={height}
    />
  );
}

/** A heading with 更多 › at its end (the link names what it leads to for screen readers). */
export function SectionHead({ id, title, more }: { id: string; title: ReactNode; more: string }) {
  return (
    <div className="section-head">
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      <MoreLink to={more} what={title} />
    </div>
  );
}

/** 更多 ›: the whole list of what a block shows a few of; `what` names it for screen readers. */
export function MoreLink({ to, what }: { to: string; what: ReactNode }) {
  return (
    <Link className="more-link" to={to}>
      更多<span className="sr-only">{what}</span> ›
    </Link>
  );
}
