import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOfflineState } from '@/platform/offline-state.ts';
import { paths } from '@/platform/paths.ts';
import { LineIcon } from './line-icon.tsx';

export type StateKind = 'empty' | 'error' | 'offline' | 'missing';

/** Small line drawings (a few hundred bytes, so the error screens cost nothing up front). */
const drawings: Record<StateKind, string> = {
  empty: 'M5 4h10l4 4v12H5zM15 4v4h4M8 13h8M8 16h5',
  error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5v6M12 16.5v.01',
  offline:
    'M2 9a15 15 0 0 1 20 0M5.5 12.5a10 10 0 0 1 13 0M9 16a5 5 0 0 1 6 0M12 19.5v.01M3 3l18 18',
  missing: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 20 20M8.5 9h4M8.5 12h2.5',
};

/** The primary way on from a state: a page to go to. */
export interface StateWay {
  to: string;
  label: string;
}

/** The way on when nothing nearer fits. */
export const HOME_WAY: StateWay = { to: paths.home, label: '回到首页' };

export interface StateViewProps {
  kind: StateKind;
  title: string;
  description?: ReactNode;
  /** The primary way on, shown first among the actions. */
  way?: StateWay;
  /** Further actions (a retry button, a secondary link). */
  children?: ReactNode;
}

/**
 * A designed empty, error or placeholder state: a symbol, a title, a line of explanation and the
 * actions that get the learner going again.
 */
export function StateView({ kind, title, description, way, children }: StateViewProps) {
  return (
    <section className={`state-view state-${kind}`} aria-labelledby={`state-${kind}-title`}>
      <div className="state-view-symbol" aria-hidden="true">
        <LineIcon d={drawings[kind]} size={44} strokeWidth={1.6} />
      </div>
      <h2 id={`state-${kind}-title`} className="state-view-title">
        {title}
      </h2>
      {description ? <p className="state-view-description">{description}</p> : null}
      {way || children ? (
        <div className="state-view-actions">
          {way ? (
            <Link className="link-button primary" to={way.to}>
              {way.label}
            </Link>
          ) : null}
          {children}
        </div>
      ) : null}
    </section>
  );
}

/** A state that is the whole body of a page (an unknown address, a refused link, a missing item). */
export function PageState(props: StateViewProps) {
  return (
    <main className="page-body">
      <StateView {...props} />
    </main>
  );
}

/** 重试: asks again for what failed to load. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button type="button" className="link-button primary" onClick={onRetry}>
      重试
    </button>
  );
}

/**
 * What failed to load, with 重试: `<title>` and 请检查网络后重试 online; offline (issue 32), what
 * was never opened on this phone cannot be shown from its copy, and the state says so plainly
 * (网络未连接, and that it shows once the phone is online again).
 */
export function LoadFailed({
  title,
  onRetry,
  children,
}: {
  /** What did not load: 首页内容没有加载出来. */
  title: string;
  onRetry: () => void;
  /** Further actions after 重试. */
  children?: ReactNode;
}) {
  const { offline } = useOfflineState();
  const retry = <RetryButton onRetry={onRetry} />;
  if (offline) {
    return (
      <StateView
        kind="offline"
        title="网络未连接"
        description="这部分内容还没有在这台手机上打开过，连上网络后再看。"
      >
        {retry}
        {children}
      </StateView>
    );
  }
  return (
    <StateView kind="error" title={title} description="请检查网络后重试。">
      {retry}
      {children}
    </StateView>
  );
}

/**
 * A filtered list's empty state: 没有符合条件的… with `hint` and a button back to the whole
 * list (查看全部…) while `filtered`, else 暂无… with `note`.
 */
export function FilteredEmpty({
  what,
  filtered,
  hint,
  note,
  onReset,
}: {
  /** What the list holds: 活动, 直播. */
  what: string;
  filtered: boolean;
  hint: string;
  note: string;
  onReset: () => void;
}) {
  if (!filtered) return <StateView kind="empty" title={`暂无${what}`} description={note} />;
  return (
    <StateView kind="empty" title={`没有符合条件的${what}`} description={hint}>
      <button type="button" className="link-button primary" onClick={onReset}>
        查看全部{what}
      </button>
    </StateView>
  );
}
