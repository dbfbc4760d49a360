import type { ScheduleItem, ScheduleKind } from '@portal/contract';
import { shanghaiDay } from '@portal/contract/constants';
import { Link } from 'react-router';
import { formatDateRange } from '@/lib/format-date.ts';
import { clockRangeText, dayHeading } from '@/lib/schedule-time.ts';
import { contentHref } from '@/platform/content-links.ts';
import { href, paths } from '@/platform/paths.ts';
import { pagedItems } from '@/platform/queries/paged.ts';
import { ActionRow } from '@/ui/actions.tsx';
import { Badge, type BadgeTone } from '@/ui/badge.tsx';
import { CardLine } from '@/ui/content-card.tsx';
import { HeaderLink } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { LoadFailed } from '@/ui/state-view.tsx';
import { useMySchedule } from '../api/get-my-schedule.ts';

const KIND_LABELS: Record<ScheduleKind, string> = { live: '直播', class: '班级', activity: '活动' };
const KIND_TONES: Record<ScheduleKind, BadgeTone> = {
  live: 'blue',
  class: 'green',
  activity: 'amber',
};

const hrefOf = (item: ScheduleItem) =>
  item.kind === 'live' ? href('liveDetail', { id: item.id }) : contentHref(item.kind, item.id);

/** When an entry runs: the hours of a one-day entry, else its dates; 进行中 once started. */
function whenText(item: ScheduleItem, now: number): string {
  const started = Date.parse(item.startsAt) <= now;
  const oneDay = shanghaiDay(item.startsAt) === shanghaiDay(item.endsAt);
  const range = oneDay
    ? clockRangeText(item.startsAt, item.endsAt)
    : formatDateRange(item.startsAt, item.endsAt, 'yyyy.MM.dd');
  return started ? `进行中 · ${range}` : range;
}

/** Entries grouped by the day they start (an entry under way is listed under today). */
function byDay(items: readonly ScheduleItem[], today: string) {
  const days = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    const start = shanghaiDay(item.startsAt);
    const day = start < today ? today : start;
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days.entries()];
}

/**
 * 我的日程 on the study tab: my coming reserved live sessions, classes and activities by date,
 * each opening its page; more on request.
 */
export function MySchedule() {
  const query = useMySchedule();
  const { list: items, total } = pagedItems(query);
  const now = Date.now();
  const today = shanghaiDay(now);
  return (
    <Panel label="我的日程" compact stack className="study-schedule">
      <div className="section-head">
        <h2 className="panel-title">我的日程</h2>
        <HeaderLink to={paths.liveCourses}>自主选课 ›</HeaderLink>
      </div>
      {query.isPending ? (
        <div className="skeleton-block study-schedule-skeleton" role="status" aria-label="加载中" />
      ) : null}
      {query.isError && items.length === 0 ? (
        <LoadFailed title="日程没有加载出来" onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess && items.length === 0 ? (
        <>
          <p className="detail-meta">近期没有日程。挑选直播，或报名活动，都会排在这里。</p>
          <ActionRow split>
            <Link className="link-button primary" to={paths.liveCourses}>
              去选直播
            </Link>
            <Link className="link-button" to={paths.activity}>
              看看活动
            </Link>
          </ActionRow>
        </>
      ) : null}
      {byDay(items, today).map(([day, entries]) => (
        <div key={day} className="study-schedule-day">
          <h3>{dayHeading(day, today)}</h3>
          <ul className="card-list">
            {entries.map((item) => (
              <li key={`${item.kind}-${item.id}`}>
                <Link className="study-schedule-item" to={hrefOf(item)}>
                  <span className="study-schedule-when">
                    <Badge tone={KIND_TONES[item.kind]} solid square>
                      {KIND_LABELS[item.kind]}
                    </Badge>
                    {whenText(item, now)}
                  </span>
                  {item.title}
                  <CardLine>{item.place}</CardLine>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {query.hasNextPage ? (
        <button
          type="button"
          className="link-button block"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? '加载中…' : `查看更多日程（共 ${total} 项）`}
        </button>
      ) : null}
    </Panel>
  );
}
