import { CalendarLink as CalendarFileLink } from '@/ui/actions.tsx';
import { liveCalendarUrl } from '../api/watch-live.ts';

/** 添加到日历: the session's `.ics` file, which a phone opens in its calendar. */
export function CalendarLink({ sessionId }: { sessionId: number }) {
  return <CalendarFileLink href={liveCalendarUrl(sessionId)} fileName={`live-${sessionId}.ics`} />;
}
