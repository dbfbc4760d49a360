import type { BaseProgramme, BaseSlot } from '@portal/contract';
import { shanghaiDay } from '@portal/contract/constants';
import { Button, Dialog, Stepper, Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { clockRangeText, monthDayText, sessionTimeText, weekdayText } from '@/lib/schedule-time.ts';
import { loginCheck } from '@/platform/login-check.ts';
import { href } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { storedUser } from '@/platform/session.ts';
import { Callout, CalloutTitle } from '@/ui/callout.tsx';
import '@/ui/chips.css';
import { TextField } from '@/ui/text-field.tsx';
import { useBookSlot } from '../api/bases.ts';

/** The slots of a programme by Shanghai day, in order. */
function byDay(slots: readonly BaseSlot[]) {
  const days = new Map<string, BaseSlot[]>();
  for (const slot of slots) {
    const day = shanghaiDay(slot.startAt);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
}

/**
 * Booking a programme's visit: a date, then a time (full ones shown as 已约满), then the party
 * size and the contact, confirmed in a dialog.
 */
export function SlotPicker({
  baseName,
  programme,
}: {
  baseName: string;
  programme: BaseProgramme;
}) {
  const days = byDay(programme.slots);
  const firstOpen = days.find(([, slots]) => slots.some((slot) => slot.seatsLeft > 0))?.[0];
  const [day, setDay] = useState(firstOpen ?? days[0]?.[0] ?? '');
  const [slotId, setSlotId] = useState<number | null>(null);
  const [party, setParty] = useState(1);
  const user = storedUser();
  const [name, setName] = useState(user?.nickname ?? '');
  const [phone, setPhone] = useState(
    /^1\d{10}$/.test(user?.username ?? '') ? (user?.username ?? '') : '',
  );
  const [booked, setBooked] = useState<string | null>(null);
  const book = useBookSlot();
  const ids = useId();

  if (programme.slots.length === 0) {
    return <p className="detail-meta">近期暂无开放场次，请稍后再来看看。</p>;
  }
  const slots = days.find(([key]) => key === day)?.[1] ?? [];
  const slot = slots.find((item) => item.id === slotId) ?? null;
  const maxParty = slot
    ? Math.max(1, Math.min(programme.maxParty, slot.seatsLeft))
    : programme.maxParty;

  const handleBook = async () => {
    if (!slot) return;
    if (!(await loginCheck())) return;
    const when = sessionTimeText(slot.startAt, slot.endAt);
    const sure = await Dialog.confirm({
      title: '确认预约',
      content: `${baseName}「${programme.title}」\n${when}\n共 ${party} 人，联系人 ${name} ${phone}`,
      confirmText: '确认预约',
      cancelText: '再看看',
    });
    if (!sure) return;
    book.mutate(
      { slotId: slot.id, partySize: party, contactName: name.trim(), contactPhone: phone.trim() },
      {
        onSuccess: () => {
          setBooked(when);
          setSlotId(null);
          Toast.show({ content: '预约成功' });
        },
      },
    );
  };

  return (
    <div className="slot-picker">
      {booked ? (
        <Callout
          role="status"
          action={
            <Link className="link-button" to={href('experienceBases', { tab: 'mine' })}>
              查看我的预约
            </Link>
          }
        >
          <CalloutTitle>预约成功</CalloutTitle>
          <span>
            {programme.title} · {booked}
          </span>
        </Callout>
      ) : null}
      <fieldset className="slot-step">
        <legend>1. 选择日期</legend>
        <div className="chip-row large soft">
          {days.map(([key, daySlots]) => {
            const open = daySlots.some((item) => item.seatsLeft > 0);
            return (
              <button
                key={key}
                type="button"
                className={key === day ? 'chip slot-chip active' : 'chip slot-chip'}
                aria-pressed={key === day}
                onClick={() => {
                  setDay(key);
                  setSlotId(null);
                }}
              >
                <span>{monthDayText(key)}</span>
                <small>{open ? weekdayText(key) : '已约满'}</small>
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="slot-step">
        <legend>2. 选择时间</legend>
        <div className="chip-row large soft">
          {slots.map((item) => {
            const full = item.seatsLeft <= 0;
            const mine = item.myBookingId !== null;
            return (
              <button
                key={item.id}
                type="button"
                className={item.id === slotId ? 'chip slot-chip active' : 'chip slot-chip'}
                aria-pressed={item.id === slotId}
                disabled={full || mine}
                onClick={() => {
                  setSlotId(item.id);
                  setParty(1);
                }}
              >
                <span>{clockRangeText(item.startAt, item.endAt)}</span>
                <small>{mine ? '已预约' : full ? '已约满' : `余 ${item.seatsLeft} 位`}</small>
              </button>
            );
          })}
        </div>
      </fieldset>
      {slot ? (
        <fieldset className="slot-step">
          <legend>3. 参观人数与联系人</legend>
          <div className="slot-row">
            <span id={`${ids}-party`}>参观人数（最多 {maxParty} 人）</span>
            <Stepper
              aria-labelledby={`${ids}-party`}
              min={1}
              max={maxParty}
              value={party}
              onChange={(value) => setParty(value)}
            />
          </div>
          <TextField
            label="联系人"
            value={name}
            maxLength={20}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label="联系电话"
            value={phone}
            inputMode="tel"
            maxLength={11}
            onChange={(event) => setPhone(event.target.value)}
          />
          {book.error instanceof ApiError ? (
            <Callout tone="danger" compact role="alert">
              {book.error.message}
            </Callout>
          ) : null}
          <Button block color="primary" size="large" loading={book.isPending} onClick={handleBook}>
            预约参观
          </Button>
        </fieldset>
      ) : null}
    </div>
  );
}
