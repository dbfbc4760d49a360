import { LineIcon } from '@/ui/line-icon.tsx';
import { liveCalendarUrl } from '../api/watch-live.ts';

/** 添加到日历: the session's `.ics` file, which a phone opens in its calendar. */
export function CalendarLink({ sessionId }: { sessionId: number }) {
  return (
    <a
      className="link-button block live-calendar"
      href={liveCalendarUrl(sessionId)}
      download={`live-${sessionId}.ics`}
    >
      <LineIcon
        d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM12 12v5M9.5 14.5h5"
        size={22}
        strokeWidth={1.8}
      />
      添加到日历
    </a>
  );
}
