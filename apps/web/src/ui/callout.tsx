import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './callout.css';

/**
 * A page's banner, a tinted strip of words: a notice with its `action` (去登录), or with `to` the whole
 * strip a link (自主选课 ›); `compact` is the small one inside a card (时间冲突). `role="alert"`
 * when it reports what just went wrong.
 */
export function Callout({
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
  const classes = ['callout', tone !== 'info' && tone, compact && 'compact', className]
    .filter(Boolean)
    .join(' ');
  const body = <div className="callout-body">{children}</div>;
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

/** The bold first words of a callout (自主选课). */
export function CalloutTitle({ children }: { children: ReactNode }) {
  return <span className="callout-title">{children}</span>;
}

/** The small muted words after a callout's title. */
export function CalloutNote({ children }: { children: ReactNode }) {
  return <span className="callout-note">{children}</span>;
}
