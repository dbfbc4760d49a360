import type { ActivityKind, ClassStatus } from '@portal/contract/constants';
import { ACTIVITY_KINDS, CLASS_STATUSES } from '@portal/contract/constants';
import { useSearchParams } from 'react-router';
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

function FilterChips<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly T[];
  value: T | undefined;
  onChange: (value: T | null) => void;
  className: string;
}) {
  return (
    <fieldset className={`activity-chips ${className}`}>
      <legend className="sr-only">{legend}</legend>
      {[null, ...options].map((option) => {
        const active = (value ?? null) === option;
        return (
          <button
            key={option ?? 'all'}
            type="button"
            className={active ? 'activity-chip active' : 'activity-chip'}
            aria-pressed={active}
            onClick={() => onChange(option)}
          >
            {option ?? '全部'}
          </button>
        );
      })}
    </fieldset>
  );
}

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
      <div className="activity-filters">
        <FilterChips
          legend="活动类型"
          className="activity-kinds"
          options={ACTIVITY_KINDS}
          value={kind}
          onChange={(next) => update({ kind: next })}
        />
        <FilterChips
          legend="活动状态"
          className="activity-statuses"
          options={CLASS_STATUSES}
          value={status}
          onChange={(next) => update({ status: next })}
        />
      </div>
      <section className="activity-list" aria-label="活动列表" aria-busy={activities.isFetching}>
        {activities.isSuccess ? (
          <p className="activity-total" aria-live="polite">
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
