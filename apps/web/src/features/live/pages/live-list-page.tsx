import { LIVE_STATE_LABELS, LIVE_STATES, type LiveState } from '@portal/contract/constants';
import { paths } from '@/platform/paths.ts';
import { Callout, CalloutNote, CalloutTitle } from '@/ui/callout.tsx';
import { FilterBar, FilterChips, useFilterParams } from '@/ui/filter-chips.tsx';
import { HeaderLink, PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { FilteredEmpty } from '@/ui/state-view.tsx';
import { useLiveChannels, useLiveSessions } from '../api/live.ts';
import { listFilters } from '../components/list-params.ts';
import { LiveCard } from '../components/live-card.tsx';
import '../live.css';

/** Cards a phone shows before scrolling: their covers load first. */
const FIRST_SCREEN = 4;

/**
 * `/liveList`: the sessions by state (全部 puts live first) and channel, with pull to
 * refresh and infinite scroll; 频道 leads to /channelList and 自主选课 to the timetable.
 */
export function LiveListPage() {
  const { filters, update, filtered } = useFilterParams(listFilters);
  const { state, channelId } = filters;
  const channels = useLiveChannels();
  const sessions = useLiveSessions(filters);

  return (
    <>
      <PageHeader right={<HeaderLink to={paths.channelList}>频道</HeaderLink>} />
      <FilterBar>
        <Callout to={paths.liveCourses}>
          <CalloutTitle>自主选课</CalloutTitle>
          <CalloutNote>按日期挑选直播，加入我的日程 ›</CalloutNote>
        </Callout>
        <FilterChips<LiveState | null>
          legend="直播状态"
          options={[
            { value: null, label: '全部' },
            ...LIVE_STATES.map((value) => ({ value, label: LIVE_STATE_LABELS[value] })),
          ]}
          value={state ?? null}
          onChange={(next) => update({ state: next })}
        />
        {channels.data && channels.data.length > 0 ? (
          <FilterChips
            legend="直播频道"
            options={[{ id: 0, name: '全部频道' }, ...channels.data].map((channel) => ({
              value: channel.id,
              label: channel.name,
            }))}
            value={channelId ?? 0}
            onChange={(id) => update({ channelId: id || null })}
          />
        ) : null}
      </FilterBar>
      <main className="page-body live-list" aria-busy={sessions.isFetching}>
        <PagedList
          query={sessions}
          errorTitle="直播没有加载出来"
          empty={
            <FilteredEmpty
              what="直播"
              filtered={filtered}
              hint="换个状态或频道看看吧。"
              note="新的直播正在筹备中，敬请期待。"
              onReset={() => update({ state: null, channelId: null })}
            />
          }
          pullToRefresh
        >
          {(session, index) => (
            <li key={session.id}>
              <LiveCard session={session} priority={index < FIRST_SCREEN} />
            </li>
          )}
        </PagedList>
      </main>
    </>
  );
}
