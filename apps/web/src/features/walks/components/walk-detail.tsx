import type { WalkDetail, WalkSession, WalkStop } from '@portal/contract';
import { formatDistance } from '@portal/contract/constants';
import { Button, Dialog, Toast } from 'antd-mobile';
import { lazy, Suspense, useMemo, useState } from 'react';
import { sessionTimeText } from '@/lib/schedule-time.ts';
import { loginCheck } from '@/platform/login-check.ts';
import { paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { Callout } from '@/ui/callout.tsx';
import { DetailPage, FavouriteAndShare, useDetailById } from '@/ui/detail-page.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { Panel } from '@/ui/panel.tsx';
import { ProgressBar } from '@/ui/progress-bar.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { useWalkCheckin, useWalkSignup, walkDetailQueryOptions } from '../api/walks.ts';
import { currentPosition, LocateError } from './geolocate.ts';

// Leaflet loads with the walk page only, never with the first screen.
const WalkMap = lazy(() =>
  import('./walk-map.tsx').then((module) => ({ default: module.WalkMap })),
);

function StopItem({ stop, walkTitle }: { stop: WalkStop; walkTitle: string }) {
  const checkin = useWalkCheckin();
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  /** Checked in offline: waits in the outbox. */
  const [kept, setKept] = useState(false);
  const handleCheckin = async () => {
    setProblem(null);
    if (!(await loginCheck())) return;
    setLocating(true);
    try {
      const here = await currentPosition();
      const answer = await checkin.mutateAsync({ stopId: stop.id, ...here });
      if (!answer) {
        // No network here: kept on the phone with its moment, checked once it is sent.
        setKept(true);
        Toast.show({ content: '没有网络，已记下这次打卡，联网后自动上传' });
        return;
      }
      Toast.show({
        content: answer.progress.completed
          ? `打卡成功，您已走完「${walkTitle}」全程！`
          : `打卡成功（${answer.progress.done}/${answer.progress.total}）`,
      });
    } catch (error) {
      if (error instanceof LocateError || error instanceof ApiError) setProblem(error.message);
      else throw error;
    } finally {
      setLocating(false);
    }
  };
  const done = stop.checkedInAt !== null;
  return (
    <li className={done ? 'walk-stop done' : 'walk-stop'}>
      <span className="walk-stop-number" aria-hidden="true">
        {stop.position}
      </span>
      <div className="walk-stop-body">
        <h3>
          <span className="sr-only">第{stop.position}站 </span>
          {stop.name}
        </h3>
        <p className="detail-meta">{stop.address}</p>
        <p>{stop.story}</p>
        {done ? (
          <p className="text-ok">已打卡</p>
        ) : kept ? (
          <p className="detail-meta">已记下打卡，联网后上传</p>
        ) : (
          <Button
            size="middle"
            color="primary"
            fill="outline"
            loading={locating}
            onClick={handleCheckin}
            aria-label={`在${stop.name}打卡`}
          >
            打卡
          </Button>
        )}
        {problem ? (
          <Callout tone="danger" compact role="alert">
            {problem}
          </Callout>
        ) : null}
      </div>
    </li>
  );
}

function SessionItem({ session }: { session: WalkSession }) {
  const signup = useWalkSignup();
  const handleClick = async () => {
    if (!(await loginCheck())) return;
    if (session.signedUp) {
      const sure = await Dialog.confirm({
        title: '取消报名',
        content: `确定取消 ${sessionTimeText(session.startAt, session.endAt)} 的导览报名吗？`,
        confirmText: '确认取消',
        cancelText: '再想想',
      });
      if (!sure) return;
    }
    try {
      await signup.mutateAsync({ sessionId: session.id, cancel: session.signedUp });
      Toast.show({ content: session.signedUp ? '已取消报名' : '报名成功' });
    } catch (error) {
      if (error instanceof ApiError) Toast.show({ content: error.message });
      else throw error;
    }
  };
  const full = session.seatsLeft <= 0 && !session.signedUp;
  return (
    <li className="walk-session">
      <div>
        <p className="walk-session-time">{sessionTimeText(session.startAt, session.endAt)}</p>
        <p className="detail-meta">
          集合：{session.meetingPoint} · 领队 {session.guide}
        </p>
        <p className="detail-meta">
          {full ? '已报满' : `余 ${session.seatsLeft}/${session.capacity} 位`}
        </p>
      </div>
      <Button
        size="middle"
        color={session.signedUp ? 'default' : 'primary'}
        disabled={full}
        loading={signup.isPending}
        onClick={handleClick}
      >
        {session.signedUp ? '取消报名' : full ? '已报满' : '报名'}
      </Button>
    </li>
  );
}

function WalkBody({ walk }: { walk: WalkDetail }) {
  const mapStops = useMemo(
    () =>
      walk.stops.map((stop) => ({
        position: stop.position,
        name: stop.name,
        lat: stop.lat,
        lng: stop.lng,
        checked: stop.checkedInAt !== null,
      })),
    [walk.stops],
  );
  return (
    <main className="page-body walk-page">
      <Panel title={walk.title} stack>
        <p>
          全程{formatDistance(walk.distanceM)} · 约 {walk.durationMinutes} 分钟 · {walk.stopCount}{' '}
          个站点
        </p>
        <ProgressBar
          done={walk.progress.done}
          total={walk.progress.total}
          label="打卡进度"
          unit="站"
          verb="已打卡"
        />
        {walk.progress.completed ? <p className="text-ok">已完成全程打卡</p> : null}
      </Panel>
      <Suspense
        fallback={
          <div className="base-map walk-map">
            <p className="map-state">地图加载中…</p>
          </div>
        }
      >
        <WalkMap stops={mapStops} />
      </Suspense>
      <Panel title="沿途站点" stack>
        <p className="detail-meta">走到站点 200 米以内，点“打卡”记录您的足迹。</p>
        <ol className="walk-stops">
          {walk.stops.map((stop) => (
            <StopItem key={stop.id} stop={stop} walkTitle={walk.title} />
          ))}
        </ol>
      </Panel>
      <Panel title="导览场次" stack>
        {walk.sessions.length === 0 ? (
          <p className="detail-meta">近期暂无导览场次，您也可以自行按路线行走打卡。</p>
        ) : (
          <ul className="card-list">
            {walk.sessions.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
        )}
      </Panel>
      {walk.intro ? (
        <Panel title="路线介绍" stack>
          <RichHtml html={walk.intro} />
        </Panel>
      ) : null}
    </main>
  );
}

/** `/Rwxz?id=`: a walk's route on the map, its stops with 打卡, sessions and my progress. */
export function WalkDetailView() {
  const detail = useDetailById(walkDetailQueryOptions);
  useRecordView('walk', detail.data?.id);
  return (
    <DetailPage
      detail={detail}
      missing={{
        what: '行走路线',
        description: '看看其他人文行走路线吧。',
        way: { to: paths.humanitiesWalks, label: '人文行走' },
      }}
      actions={(walk) => <FavouriteAndShare type="walk" item={walk} />}
    >
      {(walk) => <WalkBody walk={walk} />}
    </DetailPage>
  );
}
