import type { LiveTimetable, TimetableSession } from '@portal/contract';
import { dayHeading } from '@/lib/schedule-time.ts';
import { StateView } from '@/ui/state-view.tsx';
import { TimetableItem } from './timetable-item.tsx';

/** One day's sessions by start time, or the designed empty day. */
export function DayList({
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
    <ul
      className="card-list timetable-list"
      aria-label={`${dayHeading(day.date, timetable.today)}的直播`}
    >
      {day.sessions.map((session) => (
        <TimetableItem key={session.id} session={session} byId={byId} today={timetable.today} />
      ))}
    </ul>
  );
}
