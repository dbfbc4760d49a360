import type { ClassStatus } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import './badge.css';

/** A badge's colour family (badge.css says which means what). */
export type BadgeTone = 'green' | 'amber' | 'red' | 'blue' | 'grey' | 'plain' | 'purple' | 'dark';

/**
 * A status or a label as a small tinted pill: `tone` its colour, `solid` filled, `square` a label
 * tag rather than a status, `quiet` not bold, `dot` a dot before the words (直播中).
 */
export function Badge({
  tone = 'blue',
  solid = false,
  square = false,
  quiet = false,
  dot = false,
  className,
  children,
}: {
  tone?: BadgeTone;
  solid?: boolean;
  square?: boolean;
  quiet?: boolean;
  dot?: boolean;
  /** A name of the badge's own, for tests and screen readers' neighbours (no look). */
  className?: string;
  children: ReactNode;
}) {
  const classes = ['badge', `tone-${tone}`, solid && 'solid', square && 'square', quiet && 'quiet'];
  return (
    <span className={[...classes, className].filter(Boolean).join(' ')}>
      {dot ? <span className="badge-dot" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

/** The tone of a class's or an activity's status: each its own, so they tell apart at a glance. */
export const statusTone: Record<ClassStatus, BadgeTone> = {
  报名中: 'green',
  未开始: 'amber',
  已满: 'red',
  进行中: 'blue',
  已结束: 'grey',
};

/** A class's or an activity's status (报名中 green, 未开始 amber, 已满 red, 进行中 blue, 已结束 grey). */
export function StatusBadge({
  status,
  square = false,
  className,
}: {
  status: ClassStatus;
  /** As a label tag (a tile's corner) rather than a pill. */
  square?: boolean;
  className?: string;
}) {
  return (
    <Badge tone={statusTone[status]} square={square} quiet={square} className={className}>
      {status}
    </Badge>
  );
}
