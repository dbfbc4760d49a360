import type { BaseCard } from '@portal/contract';
import { shanghaiDay } from '@portal/contract/constants';
import { clockText, monthDayText, weekdayText } from '@/lib/schedule-time.ts';
import { href } from '@/platform/paths.ts';
import { CardLine } from '@/ui/content-card.tsx';
import { BannerList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useBaseList } from '../api/bases.ts';

function NextSlot({ base }: { base: BaseCard }) {
  const next = base.nextSlot;
  if (!next) return <CardLine className="muted">近期暂无可预约场次</CardLine>;
  const day = shanghaiDay(next.startAt);
  return (
    <CardLine className="lead">
      最近可约：{monthDayText(day)} {weekdayText(day)} {clockText(next.startAt)} · 余{' '}
      {next.seatsLeft} 位
    </CardLine>
  );
}

/** The experience bases, each opening its page with programmes and slots. */
export function BaseList() {
  return (
    <BannerList
      query={useBaseList()}
      empty={
        <StateView kind="empty" title="还没有体验基地" description="基地上线后会在这里展示。" />
      }
      to={(base) => href('experienceBases', { id: base.id })}
      title={(base) => base.name}
      className="base-card"
    >
      {(base) => (
        <>
          <CardLine>
            {base.street} · {base.programmeCount} 个参观项目
          </CardLine>
          <NextSlot base={base} />
        </>
      )}
    </BannerList>
  );
}
