import {
  ErrorCode,
  MESSAGE_LINK_TYPES,
  type MessageDetail,
  type MessageLink,
  type MessageLinkType,
  type MessageListQuery,
  type MessageSummary,
  type MessageUnread,
  type Page,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database, MessageKindValue } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { isoTime } from '../../platform/time.ts';
import { MessageTexts } from './message-texts.ts';
import {
  countUnread,
  findListHead,
  findMessageRow,
  findReadThrough,
  insertMessage,
  insertNoticeRead,
  listMessageRows,
  type MessageListRow,
  markAllOwnRead,
  markOwnRead,
  type Reader,
  upsertReadMark,
} from './messages.queries.ts';

/** How much of the body a list shows. */
const EXCERPT_LENGTH = 60;

const messageGone = () => new AppError(ErrorCode.notFound, MessageTexts.notFound);

function toLink(type: string | null, id: number | null): MessageLink | null {
  if (type === null || id === null) return null;
  if (!(MESSAGE_LINK_TYPES as readonly string[]).includes(type)) return null;
  return { type: type as MessageLinkType, id: Number(id) };
}

function toSummary(row: MessageListRow): MessageSummary {
  const body = row.body.replace(/\s+/g, ' ').trim();
  return {
    id: Number(row.id),
    kind: row.kind,
    title: row.title,
    excerpt: body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH)}…` : body,
    createdAt: isoTime(row.created_at),
    read: Number(row.is_read) === 1,
    link: toLink(row.link_type, row.link_id),
  };
}

/** A notice to everyone on a site (通知), as the network sends it. */
export interface Notice {
  title: string;
  /** Plain text. */
  body: string;
  link?: MessageLink | null;
}

/**
 * A learner's messages (我的消息): their own (signup results, check-ins, reminders) and the
 * site's notices to everyone, which are stored once and read through a per-learner read row or
 * an "all read up to" mark. A notice sent before the learner registered counts as read.
 */
export class MessageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  private async reader(siteKey: string, userId: number): Promise<Reader> {
    return { siteKey, userId, readThrough: await findReadThrough(this.db, userId, siteKey) };
  }

  /** One page of the learner's messages on the site, newest first, unread ones marked. */
  async list(
    siteKey: string,
    userId: number,
    query: MessageListQuery,
  ): Promise<Page<MessageSummary>> {
    // The read mark and the counts in one statement, before the rows.
    const { readThrough, total } = await findListHead(this.db, userId, siteKey);
    const reader = { siteKey, userId, readThrough };
    return readPage(
      query,
      {
        count: async () => total,
        rows: ({ limit, offset }) => listMessageRows(this.db, reader, limit, offset),
      },
      (rows) => rows.map(toSummary),
    );
  }

  /**
   * One message of the learner (or a notice of the site), marked read by opening it. Another
   * learner's message answers 404, the same as one that does not exist.
   */
  async detail(siteKey: string, userId: number, id: number): Promise<MessageDetail> {
    const reader = await this.reader(siteKey, userId);
    const row = await findMessageRow(this.db, reader, id);
    if (!row) throw messageGone();
    if (Number(row.is_read) !== 1) {
      const now = this.now();
      if (row.user_id === null) await insertNoticeRead(this.db, userId, row.id, now);
      else await markOwnRead(this.db, userId, row.id, now);
    }
    return { ...toSummary({ ...row, is_read: 1 }), body: row.body };
  }

  /** How many of the learner's messages on the site are unread. */
  async unread(siteKey: string, userId: number): Promise<MessageUnread> {
    return { unread: await countUnread(this.db, await this.reader(siteKey, userId)) };
  }

  /** Marks all the learner's messages on the site read; answers what is unread after it (0). */
  async readAll(siteKey: string, userId: number): Promise<MessageUnread> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await markAllOwnRead(trx, userId, siteKey, now);
      await upsertReadMark(trx, userId, siteKey, now);
    });
    return this.unread(siteKey, userId);
  }

  /** Sends a notice to every learner of the site (one row, however many learners). */
  async broadcast(siteKey: string, notice: Notice, key: string): Promise<void> {
    await this.send(siteKey, null, 'notice', notice, key);
  }

  /** Writes a message for one learner (or, `userId` null, a notice); once per `key`. */
  private async send(
    siteKey: string,
    userId: number | null,
    kind: MessageKindValue,
    message: Notice,
    key: string,
  ): Promise<boolean> {
    return insertMessage(this.db, {
      site_key: siteKey,
      user_id: userId,
      kind,
      title: message.title.slice(0, 200),
      body: message.body,
      dedupe_key: key,
      link_type: message.link?.type ?? null,
      link_id: message.link?.id ?? null,
      created_at: this.now(),
      read_at: null,
    });
  }
}
