import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertMessage } from '../messages/messages.queries.ts';

const quoted = (title: string) => `「${title}」`;

/** The Chinese texts of the delivery messages (kind `delivery`, opening the request). */
export const DeliveryMessageTexts = {
  submitted: (title: string, day: string) => ({
    title: `配送申请已提交：${quoted(title)}`,
    body: `您申请${day}配送的${quoted(title)}已提交，工作人员受理后会通知您。`,
  }),
  accepted: (title: string) => ({
    title: `配送申请已受理：${quoted(title)}`,
    body: `您申请的${quoted(title)}已受理，工作人员正在安排时间和地点。`,
  }),
  scheduled: (title: string, when: string, place: string) => ({
    title: `配送已排期：${quoted(title)}`,
    body: `${quoted(title)}已排期：${when}，地点：${place}。请提前做好场地和设备准备。`,
  }),
  completed: (title: string) => ({
    title: `配送已完成：${quoted(title)}`,
    body: `${quoted(title)}的配送已完成，欢迎为本次配送评分。`,
  }),
  rejected: (title: string, reason: string) => ({
    title: `配送申请未通过：${quoted(title)}`,
    body: `很抱歉，您申请的${quoted(title)}未通过。原因：${reason}`,
  }),
  withdrawn: (title: string) => ({
    title: `配送申请已撤回：${quoted(title)}`,
    body: `您已撤回${quoted(title)}的配送申请。`,
  }),
} as const;

/**
 * Writes one delivery message to the requester, in the caller's transaction. A request reaches
 * each status once, so `request:status` keys it (idempotent).
 */
export async function sendDeliveryMessage(
  db: Kysely<Database>,
  message: {
    siteKey: string;
    userId: number;
    requestId: number;
    status: string;
    text: { title: string; body: string };
    at: number;
  },
) {
  await insertMessage(db, {
    site_key: message.siteKey,
    user_id: message.userId,
    kind: 'delivery',
    title: message.text.title,
    body: message.text.body,
    dedupe_key: `delivery:${message.requestId}:${message.status}`,
    link_type: 'delivery',
    link_id: message.requestId,
    created_at: message.at,
    read_at: null,
  });
}
