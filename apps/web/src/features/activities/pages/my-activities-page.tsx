import type { MyActivity } from '@portal/contract';
import { APPLICATION_STATES, type ApplicationState } from '@portal/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { useMyActivities } from '@/platform/queries/my-activities.ts';
import { ActionRow } from '@/ui/actions.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { SignupNote } from '@/ui/signup-status.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { TabList, tabId } from '@/ui/tabs.tsx';
import { KindTag, StateBadge } from '../components/activity-badges.tsx';
import { detailHref } from '../components/activity-link.ts';
import { activityTimeText } from '../components/activity-time.ts';
import { CancelApplication } from '../components/apply-bar.tsx';
import { AttachmentThumbs } from '../components/attachment-thumbs.tsx';
import { CheckinCodeButton } from '../components/checkin-qr.tsx';
import '../activities.css';

type StateTab = ApplicationState | 'all';

const stateParam = (value: string | null): ApplicationState | undefined =>
  APPLICATION_STATES.find((state) => state === value);

const emptyText: Record<ApplicationState | 'all', { title: string; description: string }> = {
  all: { title: '还没有报名活动', description: '讲座、参观、志愿服务……去看看正在报名的活动吧。' },
  已报名: { title: '没有待参加的活动', description: '报名成功的活动会出现在这里。' },
  待审核: {
    title: '没有待审核的报名',
    description: '需要审核的活动，提交报名后在审核结果出来前会出现在这里。',
  },
  候补中: {
    title: '没有候补中的活动',
    description: '名额已满时可以加入候补，候补中的活动会出现在这里。',
  },
  未通过: { title: '没有未通过的报名', description: '未通过审核的报名会出现在这里。' },
  已签到: {
    title: '还没有签到过的活动',
    description: '到场出示签到码完成签到后，活动会出现在这里。',
  },
  已取消: { title: '没有取消的报名', description: '取消报名的活动会出现在这里。' },
  已结束: { title: '没有已结束的活动', description: '报名后未签到且已结束的活动会出现在这里。' },
};

function MyActivityItem({ activity }: { activity: MyActivity }) {
  const { application } = activity;
  const code = activity.state === '已报名' ? activity.checkinCode : null;
  return (
    <Panel as="li" compact stack className="my-activity">
      <ContentCard
        to={detailHref(activity)}
        cover={activity.cover}
        coverSize={[96, 72]}
        title={activity.title}
        className="my-activity-link"
      >
        <span className="content-card-tags">
          <StateBadge state={activity.state} place={application.place} />
          <KindTag kind={activity.kind} />
        </span>
        <CardLine>{activityTimeText(activity.startAt, activity.endAt, true)}</CardLine>
        <CardLine>{activity.place}</CardLine>
      </ContentCard>
      {/* In review or in line: no check-in code yet, and why; refused: the reviewer's reason. */}
      <SignupNote signup={application} />
      <AttachmentThumbs attachments={activity.attachments} />
      {code || activity.canCancel ? (
        <ActionRow ruled>
          {code ? <CheckinCodeButton code={code} title={activity.title} /> : null}
          {activity.canCancel ? (
            <CancelApplication
              activityId={activity.id}
              title={activity.title}
              waiting={application.status === 'waiting'}
            />
          ) : null}
        </ActionRow>
      ) : null}
    </Panel>
  );
}

function MyActivityList({ state }: { state: ApplicationState | undefined }) {
  const text = emptyText[state ?? 'all'];
  return (
    <PagedList
      query={useMyActivities(state)}
      empty={
        <StateView kind="empty" title={text.title} description={text.description}>
          <Link className="link-button primary" to={paths.activity}>
            去看看活动
          </Link>
        </StateView>
      }
    >
      {(activity) => <MyActivityItem key={activity.application.id} activity={activity} />}
    </PagedList>
  );
}

/**
 * `/myActive`: my applications by state (every state of the contract a tab), each with its 签到码
 * (a large QR code) while active, why there is none yet while in review or in line, the reason
 * of a refusal, cancel while the signup window is open, and the files of a special activity's
 * application.
 */
export function MyActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const state = stateParam(params.get('state'));
  const tabs = [
    { key: 'all', label: '全部' },
    ...APPLICATION_STATES.map((item) => ({ key: item, label: item })),
  ] as const;
  const handleTab = (next: StateTab) =>
    setParams(next === 'all' ? {} : { state: next }, { replace: true });
  return (
    <>
      <PageHeader />
      <TabList<StateTab>
        label="报名状态"
        tabs={tabs}
        value={state ?? 'all'}
        onChange={handleTab}
        idPrefix="my-activity-tab"
        panelId="my-activity-panel"
        underHeader
        wrap
      />
      <main
        id="my-activity-panel"
        className="page-body"
        role="tabpanel"
        aria-labelledby={tabId('my-activity-tab', state ?? 'all')}
      >
        <MyActivityList key={state ?? 'all'} state={state} />
      </main>
    </>
  );
}
