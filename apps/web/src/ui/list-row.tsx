import { pictureSources } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './list-row.css';

/** Rows of links one under another (each a {@link ListRow} in its `li`). */
export function ListRows({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="list-rows" aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * A row of a {@link ListRows}, one link: an optional `thumb` (a 16:10 picture), the `title`
 * (bold with `strong`), a muted `meta` line under it and an `aside` note at its end.
 */
export function ListRow({
  to,
  title,
  strong = false,
  meta,
  aside,
  thumb,
}: {
  to: string;
  title: ReactNode;
  strong?: boolean;
  meta?: ReactNode;
  aside?: ReactNode;
  thumb?: string;
}) {
  return (
    <li>
      <Link className="list-row" to={to}>
        {thumb ? (
          <img
            className="list-row-thumb"
            {...pictureSources(thumb, '96px')}
            src={thumb}
            alt=""
            width={96}
            height={60}
            loading="lazy"
          />
        ) : null}
        <span className="list-row-body">
          <span className={strong ? 'list-row-title strong' : 'list-row-title'}>{title}</span>
          {meta ? <span className="list-row-meta">{meta}</span> : null}
        </span>
        {aside ? <span className="list-row-aside">{aside}</span> : null}
      </Link>
    </li>
  );
}
