import type { ActivityKind, ApplicationState } from '@portal/contract/constants';
import { Badge, type BadgeTone } from '@/ui/badge.tsx';

/**
 * The tone of an application's state on /myActive: those of a sign-up's status (ui/signup-status)
 * for 已报名, 待审核, 候补中 and 未通过.
 */
const stateTone: Record<ApplicationState, BadgeTone> = {
  已报名: 'green',
  待审核: 'amber',
  候补中: 'blue',
  已签到: 'blue',
  未通过: 'red',
  已取消: 'grey',
  已结束: 'grey',
};

/** An application's state on /myActive; 候补中 says the learner's place (候补第 2 位). */
export function StateBadge({
  state,
  place = null,
}: {
  state: ApplicationState;
  place?: number | null;
}) {
  return (
    <Badge tone={stateTone[state]} className="state-badge">
      {state === '候补中' && place !== null ? `候补第 ${place} 位` : state}
    </Badge>
  );
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
