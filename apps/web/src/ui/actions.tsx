import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LineIcon } from './line-icon.tsx';
import './actions.css';

/** The colour of an {@link ActionBar}'s state word: done, waiting for someone, in line, refused. */
export type ActionStateTone = 'green' | 'amber' | 'blue' | 'red';

/**
 * The bar fixed at the bottom of an item's page (立即报名, 我的班级): `state` (a bold word in
 * `stateTone`, green unless told, e.g. 已报名) and `note` (why, or what is left) before the
 * actions (`children`); `stacked` puts the state line over the actions. It leaves room at the
 * end of the page for itself.
 */
export function ActionBar({
  state,
  stateTone = 'green',
  note,
  stacked = false,
  className,
  children,
}: {
  state?: ReactNode;
  stateTone?: ActionStateTone;
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
  const space = useBarHeight();
  return (
    <>
      <div
        className="action-bar-space"
        aria-hidden="true"
        style={space.height === null ? undefined : { height: space.height }}
      />
      <div className={classes} ref={space.ref}>
        {state ? (
          <p className={`action-bar-state tone-${stateTone}`}>
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

/**
 * The height of the bar `ref` is on, kept as it changes (a stacked bar with a long note is taller,
 * more so in elder mode), so the room left for it at the end of the page covers all of it; null
 * before it is measured or where nothing measures (the CSS height stands).
 */
function useBarHeight() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(Math.ceil(bar.offsetHeight)));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return { ref, height };
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
