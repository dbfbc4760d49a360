import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { shanghaiTime } from '../messages/message-texts.ts';
import { insertMessage } from '../messages/messages.queries.ts';

/** Writes the booking confirmation (kind `signup`) in the booking's transaction. */
export async function sendBookingMessage(
  db: Kysely<Database>,
  booking: {
    siteKey: string;
    userId: number;
    bookingId: number;
    baseName: string;
    programmeTitle: string;
    address: string;
    startAt: number;
    partySize: number;
    at: number;
  },
): Promise<void> {
  await insertMessage(db, {
    site_key: booking.siteKey,
    user_id: booking.userId,
    kind: 'signup',
    title: `预约成功：「${booking.baseName}」`,
    body: `您已预约体验基地「${booking.baseName}」的参观项目「${booking.programmeTitle}」，参观时间 ${shanghaiTime(booking.startAt)}，共 ${booking.partySize} 人，地址：${booking.address}。如不能前往，请在“我的预约”中取消。`,
    dedupe_key: `base.booking:${booking.bookingId}:${booking.at}`,
    link_type: null,
    link_id: null,
    created_at: booking.at,
    read_at: null,
  });
}
