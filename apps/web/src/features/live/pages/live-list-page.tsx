import { LIVE_STATE_LABELS, LIVE_STATES, type LiveState } from '@portal/contract/constants';
import { useSearchParams } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { Callout, CalloutNote, CalloutTitle } from '@/ui/callout.tsx';
import { FilterBar, FilterChips } from '@/ui/filter-chips.tsx';
import { HeaderLink, PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useLiveChannels, useLiveSessions } from '../api/live.ts';
import { filterSearch, idParam, stateParam } from '../components/list-params.ts';
import { LiveCard } from '../components/live-card.tsx';
import '../live.css';

/** Cards a phone shows before scrolling: their covers load first. */
const FIRST_SCREEN = 4;

/** The filters live in the address (`?state=&channelId=`), so a filtered list is shareable. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const state = stateParam(params.get('state'));
  const channelId = idParam(params.get('channelId')) ?? undefined;
  const update = (next: { state?: LiveState | null; channelId?: number | null }) => {
    setParams(
      filterSearch({
        state: next.state === undefined ? state : (next.state ?? undefined),
        channelId: next.channelId === undefined ? channelId : (next.channelId ?? undefined),
      }),
      { replace: true },
    );
  };
  return { state, channelId, update };
}

/**
 * `/liveList`: the sessions by state (全部 puts live first) and channel, with pull to
 * refresh and infinite scroll; 频道 leads to /channelList and 自主选课 to the timetable.
 */
export function LiveListPage() {
  const { state, channelId, update } = useFilters();
  const channels = useLiveChannels();
  const sessions = useLiveSessions({ state, channelId });
  const filtered = state !== undefined || channelId !== undefined;

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
            <StateView
              kind="empty"
              title={filtered ? '没有符合条件的直播' : '暂无直播'}
              description={filtered ? '换个状态或频道看看吧。' : '新的直播正在筹备中，敬请期待。'}
            >
              {filtered ? (
                <button
                  type="button"
                  className="link-button primary"
                  onClick={() => update({ state: null, channelId: null })}
                >
                  查看全部直播
                </button>
              ) : null}
            </StateView>
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
