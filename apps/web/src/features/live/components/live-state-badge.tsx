import { LIVE_STATE_LABELS, type LiveState } from '@portal/contract/constants';
import { Badge, type BadgeTone } from '@/ui/badge.tsx';

const tones: Record<LiveState, BadgeTone> = { live: 'red', upcoming: 'amber', ended: 'grey' };

/**
 * A session's state as a badge, the same everywhere: 直播中 red with a dot, 预告 amber,
 * 已结束 grey.
 */
export function LiveStateBadge({ state }: { state: LiveState }) {
  return (
    <Badge
      tone={tones[state]}
      solid={state === 'live'}
      dot={state === 'live'}
      className={`live-badge live-badge-${state}`}
    >
      {LIVE_STATE_LABELS[state]}
    </Badge>
  );
}
