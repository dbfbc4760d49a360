import type { BaseCard } from '@portal/contract';
import { shanghaiDay } from '@portal/contract/constants';
import { Link } from 'react-router';
import { clockText, monthDayText, weekdayText } from '@/lib/schedule-time.ts';
import { href } from '@/platform/paths.ts';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useBaseList } from '../api/bases.ts';

function NextSlot({ base }: { base: BaseCard }) {
  const next = base.nextSlot;
  if (!next) return <p className="base-card-next muted">近期暂无可预约场次</p>;
  const day = shanghaiDay(next.startAt);
  return (
    <p className="base-card-next">
      最近可约：{monthDayText(day)} {weekdayText(day)} {clockText(next.startAt)} · 余{' '}
      {next.seatsLeft} 位
    </p>
  );
}

/** The experience bases, each opening its page with programmes and slots. */
export function BaseList() {
  const list = useBaseList();
  return (
    <PagedList
      query={list}
      className="base-list"
      empty={
        <StateView kind="empty" title="还没有体验基地" description="基地上线后会在这里展示。" />
      }
    >
      {(base) => (
        <li key={base.id}>
          <Link className="base-card" to={href('experienceBases', { id: base.id })}>
            {base.cover ? <img className="base-card-cover" src={base.cover} alt="" /> : null}
            <div className="base-card-body">
              <h2 className="base-card-name">{base.name}</h2>
              <p className="base-card-meta">
                {base.street} · {base.programmeCount} 个参观项目
              </p>
              <NextSlot base={base} />
            </div>
          </Link>
        </li>
      )}
    </PagedList>
  );
}
