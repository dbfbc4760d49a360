import type { ActivityKind, ApplicationState } from '@portal/contract/constants';
import { Badge, type BadgeTone } from '@/ui/badge.tsx';

/** The tone of an application's state on /myActive. */
const stateTone: Record<ApplicationState, BadgeTone> = {
  已报名: 'green',
  已签到: 'blue',
  已取消: 'grey',
  已结束: 'grey',
};

/** An application's state on /myActive. */
export function StateBadge({ state }: { state: ApplicationState }) {
  return <Badge tone={stateTone[state]}>{state}</Badge>;
}

/** An activity's kind as a tag; 特色活动 stands out. */
export function KindTag({ kind }: { kind: ActivityKind }) {
  const special = kind === '特色活动';
  return (
    <Badge tone={special ? 'purple' : 'plain'} quiet={!special} className="activity-kind">
      {kind}
    </Badge>
  );
}
