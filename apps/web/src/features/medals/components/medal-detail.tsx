import type { Medal } from '@portal/contract';
import { formatDate } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';
import { useDetail } from '@/platform/queries/detail.ts';
import { shareUrlOf } from '@/platform/share.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { DetailState } from '@/ui/detail-page.tsx';
import { Panel } from '@/ui/panel.tsx';
import { ProgressBar } from '@/ui/progress-bar.tsx';
import { medalDetailQueryOptions } from '../api/medal-detail.ts';
import { MedalBadge } from './medal-badge.tsx';

/** The unit a metric counts in, for progress texts. */
export const METRIC_UNITS: Record<Medal['metric'], string> = {
  courses_completed: '门',
  streak_days: '天',
  learning_hours: '小时',
  activities_attended: '次',
  books_finished: '本',
  live_watched: '场',
  team_works: '件',
};

function MedalFacts({ medal }: { medal: Medal }) {
  const url = shareUrlOf(`${window.location.origin}${window.location.pathname}`);
  return (
    <div className="medal-sheet-body">
      <MedalBadge metric={medal.metric} earned={medal.earned} size={112} />
      <h2 className="detail-title">{medal.name}</h2>
      <p className="detail-meta">{medal.description}</p>
      {medal.earned && medal.earnedAt ? (
        <p className="detail-meta">{formatDate(medal.earnedAt)} 获得</p>
      ) : (
        <div className="medal-sheet-progress">
          <ProgressBar
            done={medal.current}
            total={medal.threshold}
            label={`${medal.name}进度`}
            unit={METRIC_UNITS[medal.metric]}
            verb="已完成"
          />
        </div>
      )}
      {medal.earned ? (
        <ShareButton
          title={`我在学习网获得了「${medal.name}」勋章`}
          url={`${url}?key=${medal.key}`}
        />
      ) : null}
    </div>
  );
}

/**
 * A medal's detail in place of the wall (`/medal?key=`; a page, not a pop-up, as the
 * elder-friendly rules ask): its badge, what earns it, its date or progress, and 分享.
 */
export function MedalDetail({ medalKey }: { medalKey: string }) {
  const detail = useDetail(medalKey, medalDetailQueryOptions(medalKey));
  return (
    <Panel label="勋章详情">
      {detail.status === 'ready' ? (
        <MedalFacts medal={detail.data} />
      ) : (
        <DetailState
          detail={detail}
          missing={{ what: '勋章', way: { to: href('medals'), label: '查看全部勋章' } }}
        />
      )}
    </Panel>
  );
}
