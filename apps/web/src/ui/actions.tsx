import type { ReactNode } from 'react';
import { LineIcon } from './line-icon.tsx';
import './actions.css';

/**
 * The bar fixed at the bottom of an item's page (立即报名, 我的班级): `state` (a bold green word,
 * e.g. 已报名) and `note` (why, or what is left) before the actions (`children`); `stacked` puts
 * the state line over the actions. It leaves room at the end of the page for itself.
 */
export function ActionBar({
  state,
  note,
  stacked = false,
  className,
  children,
}: {
  state?: ReactNode;
  note?: ReactNode;
  stacked?: boolean;
  /** The page's own name for the bar (tests). */
  className?: string;
  children?: ReactNode;
}) {
  const noteText = note ? <span className="action-bar-note">{note}</span> : null;
  const classes = ['bottom-bar action-bar', stacked && 'stacked', className]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <div className="action-bar-space" aria-hidden="true" />
      <div className={classes}>
        {state ? (
          <p className="action-bar-state">
            <strong>{state}</strong>
            {noteText}
          </p>
        ) : (
          noteText
        )}
        {stacked ? <span className="action-row">{children}</span> : children}
      </div>
    </>
  );
}

/** Buttons side by side: `split` shares the width, `ruled` draws a line above them. */
export function ActionRow({
  split = false,
  ruled = false,
  children,
}: {
  split?: boolean;
  ruled?: boolean;
  children: ReactNode;
}) {
  const classes = ['action-row', split && 'split', ruled && 'ruled'].filter(Boolean).join(' ');
  return <div className={classes}>{children}</div>;
}

/** An action that cannot be taken now, saying why (名额已满), grey but fully legible. */
export function DisabledButton({ children }: { children: ReactNode }) {
  return (
    <button type="button" className="disabled-button" disabled>
      {children}
    </button>
  );
}

/** 添加到日历: an item's `.ics` file, which a phone opens in its calendar. */
export function CalendarLink({
  href,
  fileName,
  className,
}: {
  href: string;
  fileName: string;
  className?: string;
}) {
  const classes = ['link-button block calendar-link', className].filter(Boolean).join(' ');
  return (
    <a className={classes} href={href} download={fileName}>
      <LineIcon
        d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM12 12v5M9.5 14.5h5"
        size={22}
        strokeWidth={1.8}
      />
      添加到日历
    </a>
  );
}
