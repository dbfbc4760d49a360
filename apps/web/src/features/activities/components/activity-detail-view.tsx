import { Navigate } from 'react-router';
import { StatusBadge } from '@/ui/badge.tsx';
import { DetailPage, FavouriteAndShare } from '@/ui/detail-page.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { DetailCover, Panel } from '@/ui/panel.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { MISSING_ACTIVITY, useActivityOfKind } from './activity-detail.ts';
import { ActivityFacts } from './activity-facts.tsx';
import { detailHref } from './activity-link.ts';
import { ApplyBar } from './apply-bar.tsx';

/**
 * The page of an activity, for /activityDetails (`special` false) and /extensionDetails
 * (`special` true): an activity opened at the other address is sent to its own (replacing
 * the entry, so back skips it).
 */
export function ActivityDetailView({ special }: { special: boolean }) {
  const { detail, elsewhere } = useActivityOfKind(special);
  // 学习足迹: counted once, on the page the activity belongs to (not on the one that redirects).
  useRecordView('activity', elsewhere ? null : detail.data?.id);

  if (elsewhere) return <Navigate to={detailHref(elsewhere)} replace />;
  return (
    <DetailPage
      detail={detail}
      missing={MISSING_ACTIVITY}
      actions={(item) => <FavouriteAndShare type="activity" item={item} />}
    >
      {(item) => (
        <main className="panel-page">
          <DetailCover src={item.cover} />
          <Panel>
            <h1 className="detail-title">{item.title}</h1>
            <StatusBadge status={item.status} />
            <ActivityFacts activity={item} />
          </Panel>
          <Panel title="活动介绍" titleId="activity-intro">
            <RichHtml html={item.description} />
          </Panel>
          <ApplyBar activity={item} />
        </main>
      )}
    </DetailPage>
  );
}
