import { ErrorCode } from '@portal/contract/constants';
import { Link, Navigate, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { FavouriteButton, useRecordView } from '@/ui/favourite-button.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useActivityDetail } from '../api/get-activity-detail.ts';
import { StatusBadge } from './activity-badges.tsx';
import { ActivityFacts } from './activity-facts.tsx';
import { detailHref, isSpecial } from './activity-link.ts';
import { ApplyBar } from './apply-bar.tsx';

/**
 * The page of an activity, for /activityDetails (`special` false) and /extensionDetails
 * (`special` true): an activity opened at the other address is sent to its own (replacing
 * the entry, so back skips it).
 */
export function ActivityDetailView({ special }: { special: boolean }) {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const detail = useActivityDetail(id);
  const activity = detail.data;
  const missing =
    id === null || (detail.error instanceof ApiError && detail.error.code === ErrorCode.notFound);
  // 学习足迹: counted once, on the page the activity belongs to (not on the one that redirects).
  useRecordView('activity', activity && isSpecial(activity) === special ? activity.id : null);

  if (activity && isSpecial(activity) !== special) {
    return <Navigate to={detailHref(activity)} replace />;
  }
  return (
    <>
      <PageHeader
        right={
          activity ? (
            <>
              <FavouriteButton contentType="activity" contentId={activity.id} />
              <ShareButton title={activity.title} pic={activity.cover} />
            </>
          ) : null
        }
      />
      {missing ? (
        <main className="page-body">
          <StateView kind="missing" title="活动不存在或已下线" description="看看其他活动吧。">
            <Link className="link-button primary" to={paths.activity}>
              去看看活动
            </Link>
          </StateView>
        </main>
      ) : null}
      {!missing && detail.isPending ? <PageSkeleton /> : null}
      {!missing && detail.isError && !activity ? (
        <main className="page-body">
          <StateView kind="error" title="活动没有加载出来" description="请检查网络后重试。">
            <button type="button" className="link-button primary" onClick={() => detail.refetch()}>
              重试
            </button>
          </StateView>
        </main>
      ) : null}
      {activity ? (
        <main className="activity-detail">
          <img
            className="activity-detail-cover"
            src={activity.cover}
            alt=""
            width={750}
            height={422}
          />
          <section className="activity-section">
            <h1>{activity.title}</h1>
            <StatusBadge status={activity.status} />
            <ActivityFacts activity={activity} />
          </section>
          <section className="activity-section" aria-labelledby="activity-intro">
            <h2 id="activity-intro">活动介绍</h2>
            <RichHtml html={activity.description} />
          </section>
          <ApplyBar activity={activity} />
        </main>
      ) : null}
    </>
  );
}
