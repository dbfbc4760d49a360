import { useSearchParams } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { HeaderLink, PageHeader } from '@/ui/page-header.tsx';
import { LoadFailed } from '@/ui/state-view.tsx';
import { TabList, tabId } from '@/ui/tabs.tsx';
import { useTimetable } from '../api/get-timetable.ts';
import { DayList } from '../components/day-list.tsx';
import { DayStrip } from '../components/day-strip.tsx';
import { TimetableMine } from '../components/timetable-mine.tsx';
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
      <PageHeader right={<HeaderLink to={paths.liveList}>直播</HeaderLink>} />
      <TabList<View>
        label="课表与我的日程"
        look="segmented"
        tabs={[
          { key: 'timetable', label: '课表' },
          { key: 'mine', label: `我的日程${picked ? `（${picked}）` : ''}` },
        ]}
        value={view}
        onChange={(key) => update({ view: key })}
        idPrefix="timetable-tab"
        panelId="timetable-panel"
      />
      <main
        id="timetable-panel"
        role="tabpanel"
        aria-labelledby={tabId('timetable-tab', view)}
        className="page-body timetable"
        aria-busy={query.isFetching}
      >
        {query.isPending ? <TimetableSkeleton /> : null}
        {query.isError && !timetable ? (
          <LoadFailed title="课表没有加载出来" onRetry={() => void query.refetch()} />
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
          <TimetableMine
            timetable={timetable}
            byId={byId}
            onBrowse={() => update({ view: 'timetable' })}
          />
        ) : null}
      </main>
    </>
  );
}
