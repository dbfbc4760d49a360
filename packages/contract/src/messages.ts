import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { MESSAGE_KINDS, MESSAGE_LINK_TYPES } from './message-kinds.ts';
import { idQuery } from './parts.ts';

/** The content a message is about, when there is one. */
export const messageLinkSchema = z.object({
  type: z.enum(MESSAGE_LINK_TYPES),
  id: z.number().int(),
});
export type MessageLink = z.infer<typeof messageLinkSchema>;

/** A message in the list (我的消息), newest first. */
export const messageSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  /** The start of the body, plain text. */
  excerpt: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  read: z.boolean(),
  link: messageLinkSchema.nullable(),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

/** `GET /api/messages/detail?id=` (login): one message; opening it marks it read. */
export const messageDetailSchema = messageSummarySchema.extend({
  /** Plain text (never HTML). */
  body: z.string(),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** `GET /api/messages` (login): the caller's messages and the site's notices, newest first. */
export const messageListQuerySchema = pageQuery;
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageDetailQuerySchema = idQuery();

/** `GET /api/messages/unread-count` and the answer of `POST /api/messages/read-all`. */
export const messageUnreadSchema = z.object({ unread: z.number().int() });
export type MessageUnread = z.infer<typeof messageUnreadSchema>;
