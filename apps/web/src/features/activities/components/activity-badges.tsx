import type { ActivityKind, ApplicationState, ClassStatus } from '@portal/contract/constants';
import { stateTone, statusTone } from './status-tone.ts';

/** An activity's status as a coloured badge (报名中 green, 未开始 amber, 已满 red, ...). */
export function StatusBadge({ status }: { status: ClassStatus }) {
  return <span className={`activity-badge tone-${statusTone[status]}`}>{status}</span>;
}

/** An application's state on /myActive. */
export function StateBadge({ state }: { state: ApplicationState }) {
  return <span className={`activity-badge tone-${stateTone[state]}`}>{state}</span>;
}

/** An activity's kind as a tag; 特色活动 stands out. */
export function KindTag({ kind }: { kind: ActivityKind }) {
  return (
    <span className={kind === '特色活动' ? 'activity-kind special' : 'activity-kind'}>{kind}</span>
  );
}
