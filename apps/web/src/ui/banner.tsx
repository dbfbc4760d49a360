import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './banner.css';

/**
 * A tinted strip of words in a page: a notice with its `action` (去登录), or with `to` the whole
 * strip a link (自主选课 ›); `compact` is the small one inside a card (时间冲突). `role="alert"`
 * when it reports what just went wrong.
 */
export function Banner({
  tone = 'info',
  compact = false,
  to,
  action,
  role,
  id,
  className,
  children,
}: {
  tone?: 'info' | 'warning' | 'danger';
  compact?: boolean;
  to?: string;
  action?: ReactNode;
  role?: 'alert' | 'status';
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['banner', tone !== 'info' && tone, compact && 'compact', className]
    .filter(Boolean)
    .join(' ');
  const body = <div className="banner-body">{children}</div>;
  if (to) {
    return (
      <Link className={classes} to={to} id={id}>
        {body}
      </Link>
    );
  }
  return (
    <div className={classes} role={role} id={id}>
      {body}
      {action}
    </div>
  );
}

/** The bold first words of a banner (自主选课). */
export function BannerTitle({ children }: { children: ReactNode }) {
  return <span className="banner-title">{children}</span>;
}

/** The small muted words after a banner's title. */
export function BannerNote({ children }: { children: ReactNode }) {
  return <span className="banner-note">{children}</span>;
}
