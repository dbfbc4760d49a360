import type { ActivityKind, ClassStatus } from '@portal/contract/constants';
import { ACTIVITY_KINDS, CLASS_STATUSES } from '@portal/contract/constants';
import { useSearchParams } from 'react-router';
import { FilterBar, FilterChips } from '@/ui/filter-chips.tsx';
import { PagedList, pagedItems } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useActivities } from '../api/get-activities.ts';
import { ActivityCard } from './activity-card.tsx';
import { filterSearch, kindParam, statusParam } from './list-params.ts';

/** The filters live in the address (`?kind=&status=`), so a filtered list is shareable. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const kind = kindParam(params.get('kind'));
  const status = statusParam(params.get('status'));
  const update = (next: { kind?: ActivityKind | null; status?: ClassStatus | null }) => {
    const merged = {
      kind: next.kind === undefined ? kind : (next.kind ?? undefined),
      status: next.status === undefined ? status : (next.status ?? undefined),
    };
    setParams(filterSearch(merged), { replace: true });
  };
  return { kind, status, update };
}

/** 全部 and each of `values`, as filter chips. */
const optionsOf = <T extends string>(values: readonly T[]) => [
  { value: null, label: '全部' },
  ...values.map((value) => ({ value, label: value })),
];

/**
 * The activity list shared by /index/activity and /moreActivity: kind and status filters, then
 * the cards with pull to refresh and infinite scroll. Both pages are kept alive, so the filters
 * (in the address), the loaded pages and the scroll position survive a visit to a detail.
 */
export function ActivityList() {
  const { kind, status, update } = useFilters();
  const activities = useActivities({ kind, status });
  const { total } = pagedItems(activities);
  const filtered = kind !== undefined || status !== undefined;

  return (
    <>
      <FilterBar>
        <FilterChips<ActivityKind | null>
          legend="活动类型"
          look={['large', 'pill']}
          options={optionsOf(ACTIVITY_KINDS)}
          value={kind ?? null}
          onChange={(next) => update({ kind: next })}
        />
        <FilterChips<ClassStatus | null>
          legend="活动状态"
          look={['large', 'soft']}
          options={optionsOf(CLASS_STATUSES)}
          value={status ?? null}
          onChange={(next) => update({ status: next })}
        />
      </FilterBar>
      <section className="activity-list" aria-label="活动列表" aria-busy={activities.isFetching}>
        {activities.isSuccess ? (
          <p className="list-count" aria-live="polite">
            共 {total} 个活动
          </p>
        ) : null}
        <PagedList
          query={activities}
          errorTitle="活动没有加载出来"
          empty={
            <StateView
              kind="empty"
              title={filtered ? '没有符合条件的活动' : '暂无活动'}
              description={filtered ? '换个类型或状态看看吧。' : '新的活动正在筹备中，敬请期待。'}
            >
              {filtered ? (
                <button
                  type="button"
                  className="link-button primary"
                  onClick={() => update({ kind: null, status: null })}
                >
                  查看全部活动
                </button>
              ) : null}
            </StateView>
          }
          pullToRefresh
        >
          {(activity) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} />
            </li>
          )}
        </PagedList>
      </section>
    </>
  );
}
