import { LIVE_STATE_LABELS, type LiveState } from '@portal/contract/constants';

/**
 * A session's state as a badge, the same everywhere: 直播中 red with a dot, 预告 amber,
 * 已结束 grey.
 */
export function LiveStateBadge({ state }: { state: LiveState }) {
  return (
    <span className={`live-badge live-badge-${state}`}>
      {state === 'live' ? <span className="live-badge-dot" aria-hidden="true" /> : null}
      {LIVE_STATE_LABELS[state]}
    </span>
  );
}
