import type { BaseBooking, BookingWhen } from '@portal/contract';
import { BOOKING_STATE_NAMES } from '@portal/contract/constants';
import { Button, Dialog, Toast } from 'antd-mobile';
import { Link } from 'react-router';
import { sessionTimeText } from '@/lib/schedule-time.ts';
import { href } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { Badge } from '@/ui/badge.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useCancelBooking, useMyBookings } from '../api/bases.ts';

function BookingItem({ booking }: { booking: BaseBooking }) {
  const cancel = useCancelBooking();
  const handleCancel = async () => {
    const sure = await Dialog.confirm({
      title: '取消预约',
      content: `确定取消「${booking.baseName}」${sessionTimeText(booking.startAt, booking.endAt)}的预约吗？名额将退回。`,
      confirmText: '确认取消',
      cancelText: '再想想',
    });
    if (!sure) return;
    try {
      // Awaited here: the refreshed list drops this item, and a dropped item's callbacks never run.
      await cancel.mutateAsync(booking.id);
      Toast.show({ content: '已取消预约' });
    } catch (error) {
      if (error instanceof ApiError) Toast.show({ content: error.message });
      else throw error;
    }
  };
  return (
    <Panel
      as="li"
      stack
      className="booking-card"
      label={`${booking.baseName} ${booking.programmeTitle}`}
    >
      <div className="booking-card-head">
        <Link to={href('experienceBases', { id: booking.baseId })} className="booking-card-name">
          {booking.baseName}
        </Link>
        <Badge tone={booking.state === 'booked' ? 'blue' : 'grey'} quiet>
          {BOOKING_STATE_NAMES[booking.state]}
        </Badge>
      </div>
      <p>{booking.programmeTitle}</p>
      <p>{sessionTimeText(booking.startAt, booking.endAt)}</p>
      <p className="detail-meta">
        {booking.partySize} 人 · 联系人 {booking.contactName} {booking.contactPhone}
      </p>
      <p className="detail-meta">{booking.address}</p>
      {booking.cancellable ? (
        <Button size="middle" loading={cancel.isPending} onClick={handleCancel}>
          取消预约
        </Button>
      ) : null}
    </Panel>
  );
}

function BookingSection({ when, title }: { when: BookingWhen; title: string }) {
  const list = useMyBookings(when, true);
  return (
    <section aria-labelledby={`bookings-${when}`}>
      <h2 id={`bookings-${when}`} className="panel-title">
        {title}
      </h2>
      <PagedList
        query={list}
        empty={
          <p className="detail-meta">
            {when === 'upcoming' ? '暂无待参观的预约，去看看体验基地吧。' : '暂无历史预约。'}
          </p>
        }
      >
        {(booking) => <BookingItem key={booking.id} booking={booking} />}
      </PagedList>
    </section>
  );
}

/** 我的预约: upcoming visits (with 取消预约) and past or cancelled ones. */
export function MyBookings({ loggedIn }: { loggedIn: boolean }) {
  if (!loggedIn) {
    return <StateView kind="empty" title="登录后查看我的预约" description="预约参观需要先登录。" />;
  }
  return (
    <>
      <BookingSection when="upcoming" title="即将参观" />
      <BookingSection when="past" title="历史预约" />
    </>
  );
}
