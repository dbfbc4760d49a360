import type { LiveTimetable, TimetableSession } from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dayHeading } from '@/lib/schedule-time.ts';
import { loginCheck } from '@/platform/login-check.ts';
import { paths } from '@/platform/paths.ts';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useTimetable } from '../api/get-timetable.ts';
import { DayStrip } from '../components/day-strip.tsx';
import { TimetableItem } from '../components/timetable-item.tsx';
import '../live.css';
import '../timetable.css';

type View = 'timetable' | 'mine';

/** The chosen view and day live in the address (`?view=mine`, `?date=`), so back keeps them. */
function useChoice() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'mine' ? 'mine' : 'timetable';
  const date = params.get('date');
  const update = (next: { view?: View; date?: string }) => {
    const search = new URLSearchParams(params);
    if (next.view === 'mine') search.set('view', 'mine');
    if (next.view === 'timetable') search.delete('view');
    if (next.date) search.set('date', next.date);
    setParams(search, { replace: true });
  };
  return { view, date, update };
}

/** One day's sessions by start time, or the designed empty day. */
function DayList({
  timetable,
  date,
  byId,
  onChoose,
}: {
  timetable: LiveTimetable;
  date: string;
  byId: ReadonlyMap<number, TimetableSession>;
  onChoose: (date: string) => void;
}) {
  const day = timetable.days.find((item) => item.date === date);
  if (!day || day.sessions.length === 0) {
    const next = timetable.days.find((item) => item.date > date && item.sessions.length > 0);
    return (
      <StateView kind="empty" title="这一天没有直播" description="换一天看看吧。">
        {next ? (
          <button type="button" className="link-button primary" onClick={() => onChoose(next.date)}>
            看看{dayHeading(next.date, timetable.today)}
          </button>
        ) : null}
      </StateView>
    );
  }
  return (
    <ul className="timetable-list" aria-label={`${dayHeading(day.date, timetable.today)}的直播`}>
      {day.sessions.map((session) => (
        <TimetableItem key={session.id} session={session} byId={byId} today={timetable.today} />
      ))}
    </ul>
  );
}

/** 我的日程: the picked sessions of the two weeks, by day. */
function MySchedule({
  timetable,
  byId,
  onBrowse,
}: {
  timetable: LiveTimetable;
  byId: ReadonlyMap<number, TimetableSession>;
  onBrowse: () => void;
}) {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  if (!loggedIn) {
    return (
      <StateView kind="empty" title="登录后查看我的日程" description="选好的直播会按日期排在这里。">
        <button type="button" className="link-button primary" onClick={() => void loginCheck()}>
          登录
        </button>
      </StateView>
    );
  }
  const days = timetable.days
    .map((day) => ({ ...day, sessions: day.sessions.filter((session) => session.reserved) }))
    .filter((day) => day.sessions.length > 0);
  if (days.length === 0) {
    return (
      <StateView
        kind="empty"
        title="还没有选课"
        description="在课表里点“选课”，选好的直播会出现在这里，开播前记得来看。"
      >
        <button type="button" className="link-button primary" onClick={onBrowse}>
          去课表选课
        </button>
      </StateView>
    );
  }
  return (
    <div className="timetable-mine">
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`mine-${day.date}`}>
          <h2 id={`mine-${day.date}`} className="timetable-mine-day">
            {dayHeading(day.date, timetable.today)}
          </h2>
          <ul className="timetable-list">
            {day.sessions.map((session) => (
              <TimetableItem
                key={session.id}
                session={session}
                byId={byId}
                today={timetable.today}
                mine
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Grey blocks in the shape of the day strip and a few sessions. */
function TimetableSkeleton() {
  return (
    <div className="timetable-skeleton" role="status" aria-busy="true" aria-label="加载中">
      <div className="timetable-skeleton-days">
        {[0, 1, 2, 3, 4].map((n) => (
          <div key={n} className="skeleton-block timetable-skeleton-day" />
        ))}
      </div>
      {[0, 1, 2].map((n) => (
        <div key={n} className="skeleton-block timetable-skeleton-item" />
      ))}
    </div>
  );
}

/**
 * `/liveZzxk` (自主选课): the live timetable of the coming two weeks by day, with 选课 into 我的日程
 * (the learner's reservations), 时间冲突 on picked sessions that overlap, and 我的日程 by day.
 */
export function LiveTimetablePage() {
  const { view, date, update } = useChoice();
  const query = useTimetable();
  const timetable = query.data;
  const picked = timetable?.days.reduce(
    (n, day) => n + day.sessions.filter((session) => session.reserved).length,
    0,
  );
  const byId = new Map(
    (timetable?.days ?? []).flatMap((day) => day.sessions.map((s) => [s.id, s] as const)),
  );
  const chosen =
    timetable && date && timetable.days.some((day) => day.date === date) ? date : timetable?.today;
  return (
    <>
      <PageHeader
        right={
          <Link className="live-header-link" to={paths.liveList}>
            直播
          </Link>
        }
      />
      <div className="timetable-views" role="tablist" aria-label="课表与我的日程">
        {(['timetable', 'mine'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`timetable-tab-${key}`}
            aria-selected={view === key}
            aria-controls="timetable-panel"
            className={view === key ? 'timetable-view active' : 'timetable-view'}
            onClick={() => update({ view: key })}
          >
            {key === 'timetable' ? '课表' : `我的日程${picked ? `（${picked}）` : ''}`}
          </button>
        ))}
      </div>
      <main
        id="timetable-panel"
        role="tabpanel"
        aria-labelledby={`timetable-tab-${view}`}
        className="page-body timetable"
        aria-busy={query.isFetching}
      >
        {query.isPending ? <TimetableSkeleton /> : null}
        {query.isError && !timetable ? (
          <StateView kind="error" title="课表没有加载出来" description="请检查网络后重试。">
            <button type="button" className="link-button primary" onClick={() => query.refetch()}>
              重试
            </button>
          </StateView>
        ) : null}
        {timetable && chosen && view === 'timetable' ? (
          <>
            <DayStrip
              days={timetable.days}
              today={timetable.today}
              chosen={chosen}
              onChoose={(next) => update({ date: next })}
            />
            <DayList
              timetable={timetable}
              date={chosen}
              byId={byId}
              onChoose={(next) => update({ date: next })}
            />
          </>
        ) : null}
        {timetable && view === 'mine' ? (
          <MySchedule
            timetable={timetable}
            byId={byId}
            onBrowse={() => update({ view: 'timetable' })}
          />
        ) : null}
      </main>
    </>
  );
}
