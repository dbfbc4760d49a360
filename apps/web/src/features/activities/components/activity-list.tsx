import type { ActivityKind, ClassStatus } from '@portal/contract/constants';
import { ACTIVITY_KINDS, CLASS_STATUSES } from '@portal/contract/constants';
import { FilterBar, FilterChips, useFilterParams } from '@/ui/filter-chips.tsx';
import { PagedList, pagedItems } from '@/ui/paged-list.tsx';
import { FilteredEmpty } from '@/ui/state-view.tsx';
import { useActivities } from '../api/get-activities.ts';
import { ActivityCard } from './activity-card.tsx';
import { listFilters } from './list-params.ts';

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
  const { filters, update, filtered } = useFilterParams(listFilters);
  const { kind, status } = filters;
  const activities = useActivities(filters);
  const { total } = pagedItems(activities);

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
            <FilteredEmpty
              what="活动"
              filtered={filtered}
              hint="换个类型或状态看看吧。"
              note="新的活动正在筹备中，敬请期待。"
              onReset={() => update({ kind: null, status: null })}
            />
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
