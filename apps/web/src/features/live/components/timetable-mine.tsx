import type { LiveTimetable, TimetableSession } from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { dayHeading } from '@/lib/schedule-time.ts';
import { loginCheck } from '@/platform/login-check.ts';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { StateView } from '@/ui/state-view.tsx';
import { TimetableItem } from './timetable-item.tsx';

/** 我的日程: the picked sessions of the two weeks, by day. */
export function TimetableMine({
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
          <ul className="card-list timetable-list">
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
