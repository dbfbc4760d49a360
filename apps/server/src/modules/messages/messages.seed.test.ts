import type { MessageSummary, MessageUnread, Page } from '@portal/contract';
import { expect, it } from 'vitest';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';

describeEachEngine('demo messages', (ctx) => {
  const messagesOf = async (token: string, site = 'jingan') => {
    const { app } = ctx();
    const headers = { authorization: `Bearer ${token}`, 'x-site': site };
    const list = body<Page<MessageSummary>>(
      await app.inject({ url: '/api/messages?size=50', headers }),
    ).data;
    const unread = body<MessageUnread>(
      await app.inject({ url: '/api/messages/unread-count', headers }),
    ).data.unread;
    return { list: list.list, total: list.total, unread };
  };

  it('gives the first demo learner messages of every kind, some read and some unread', async () => {
    const token = await loginAs(ctx().app);
    const { list, total, unread } = await messagesOf(token);
    expect(total).toBe(list.length);
    expect(new Set(list.map((item) => item.kind))).toEqual(
      new Set(['signup', 'checkin', 'reminder', 'notice', 'medal', 'delivery']),
    );
    expect(list.some((item) => item.read)).toBe(true);
    expect(unread).toBe(list.filter((item) => !item.read).length);
    expect(unread).toBeGreaterThan(0);
    const notices = list.filter((item) => item.kind === 'notice');
    expect(notices.map((item) => item.read)).toEqual([false, true]);
    expect(notices[0]?.link?.type).toBe('article');
  });

  it('gives the second demo learner their own signup and the notices, unread', async () => {
    const token = await loginAs(ctx().app, '13800000002');
    const { list } = await messagesOf(token);
    expect(list.filter((item) => item.kind === 'signup').length).toBeGreaterThan(0);
    expect(list.filter((item) => item.kind === 'notice' && !item.read)).toHaveLength(2);
  });

  it('leaves the reminders of what is still ahead to the reminder job', async () => {
    const { db } = ctx().app.database;
    const pending = await db
      .selectFrom('message_reminders')
      .select(['subject_type', 'due_at'])
      .where('done_at', 'is', null)
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((row) => Number(row.due_at) > Date.now() - 60_000)).toBe(true);
  });
});
