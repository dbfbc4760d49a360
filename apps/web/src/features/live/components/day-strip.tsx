import type { TimetableDay } from '@portal/contract';
import { monthDayText, relativeDayText } from '@/lib/schedule-time.ts';

/**
 * The timetable's days as a strip of buttons (today first), each with its date and how many
 * sessions it has; the chosen one is pressed.
 */
export function DayStrip({
  days,
  today,
  chosen,
  onChoose,
}: {
  days: readonly TimetableDay[];
  today: string;
  chosen: string;
  onChoose: (date: string) => void;
}) {
  return (
    <fieldset className="timetable-days">
      <legend className="sr-only">选择日期</legend>
      {days.map((day) => {
        const active = day.date === chosen;
        const count = day.sessions.length;
        return (
          <button
            key={day.date}
            type="button"
            className={active ? 'timetable-day active' : 'timetable-day'}
            aria-pressed={active}
            onClick={() => onChoose(day.date)}
          >
            <span className="timetable-day-name">{relativeDayText(day.date, today)}</span>
            <span className="timetable-day-date">{monthDayText(day.date)}</span>
            <span className={count > 0 ? 'timetable-day-count' : 'timetable-day-count none'}>
              {count > 0 ? `${count} 场` : '无'}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
