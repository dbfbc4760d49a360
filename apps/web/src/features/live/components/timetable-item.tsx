import type { TimetableSession } from '@portal/contract';
import { shanghaiDay } from '@portal/contract/constants';
import { Link } from 'react-router';
import { clockRangeText, dayHeading } from '@/lib/schedule-time.ts';
import { loadFeedbackKit } from '@/platform/feedback.ts';
import { href } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';
import { Callout } from '@/ui/callout.tsx';
import { Panel } from '@/ui/panel.tsx';
import { LiveStateBadge } from './live-state-badge.tsx';
import { ReserveButton } from './reserve-button.tsx';

/**
 * A session as a clash note names it: `《书法入门》（14:45-16:15）`, with its day
 * (`明天 · 11月27日 周五 14:45-16:15`) unless it is on `day`.
 */
export function sessionWhenText(session: TimetableSession, today: string, day?: string): string {
  const start = shanghaiDay(session.startsAt);
  const range = clockRangeText(session.startsAt, session.endsAt);
  const when = start === day ? range : `${dayHeading(start, today)} ${range}`;
  return `《${session.title}》（${when}）`;
}

/** Asks before picking a session that overlaps picked ones; true to pick it anyway. */
async function confirmClash(others: readonly TimetableSession[], today: string, day: string) {
  const { Dialog } = await loadFeedbackKit();
  return Dialog.confirm({
    title: '时间冲突',
    content: `与已选的${others.map((other) => sessionWhenText(other, today, day)).join('、')}时间冲突，仍要选择吗？`,
    confirmText: '仍要选择',
    cancelText: '取消',
  });
}

/**
 * A session of the timetable: its time range, state, title (to its page), channel and speaker;
 * 选课 / 已选 while upcoming (in 我的日程, 移除); a picked session that overlaps another picked one
 * says 时间冲突 with the other's title and time.
 */
export function TimetableItem({
  session,
  byId,
  today,
  mine = false,
}: {
  session: TimetableSession;
  byId: ReadonlyMap<number, TimetableSession>;
  today: string;
  /** Shown in 我的日程: the button removes. */
  mine?: boolean;
}) {
  const clashes = session.clashesWith
    .map((id) => byId.get(id))
    .filter((other): other is TimetableSession => other !== undefined);
  const clashing = session.reserved && clashes.length > 0;
  return (
    <Panel as="li" accent className={clashing ? 'timetable-item clashing' : 'timetable-item'}>
      <div className="timetable-item-head">
        <span className="timetable-item-time">
          {clockRangeText(session.startsAt, session.endsAt)}
        </span>
        <LiveStateBadge state={session.state} />
        {clashing ? (
          <Badge tone="red" solid className="timetable-clash-tag">
            时间冲突
          </Badge>
        ) : null}
      </div>
      <Link className="timetable-item-title" to={href('liveDetail', { id: session.id })}>
        {session.title}
      </Link>
      <p className="timetable-item-meta">
        <span className="sr-only">频道：</span>
        {session.channelName}
        <span aria-hidden="true"> · </span>
        <span className="sr-only">主讲：</span>
        {session.speaker}
      </p>
      {clashing ? (
        <Callout tone="danger" compact className="timetable-clash-note">
          与
          {clashes
            .map((other) => sessionWhenText(other, today, shanghaiDay(session.startsAt)))
            .join('、')}
          时间重叠
        </Callout>
      ) : null}
      {session.state === 'upcoming' ? (
        <ReserveButton
          session={session}
          className="pill-button timetable-pick"
          labels={mine ? { off: '选课', on: '移除' } : { off: '选课', on: '已选' }}
          toggle={!mine}
          name={session.title}
          confirmReserve={
            clashes.length > 0
              ? () => confirmClash(clashes, today, shanghaiDay(session.startsAt))
              : undefined
          }
        />
      ) : null}
      {session.state === 'live' ? (
        <Link className="pill-button timetable-pick" to={href('liveDetail', { id: session.id })}>
          进入直播<span className="sr-only">：{session.title}</span>
        </Link>
      ) : null}
    </Panel>
  );
}
