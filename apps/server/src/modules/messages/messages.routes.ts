import {
  messageDetailQuerySchema,
  messageDetailSchema,
  messageListQuerySchema,
  messageSummarySchema,
  messageUnreadSchema,
  pageOf,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { subscribeMessageProducers } from './messages.producers.ts';
import { MessageService } from './messages.service.ts';
import { ReminderJob } from './reminder-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageService;
    /** The due-time job that sends reminders (runs on an interval unless turned off). */
    reminders: ReminderJob;
  }
}

/**
 * Messages (我的消息): a learner's list, detail (which marks read), unread count and mark all
 * read; the producers that turn other areas' side effects into messages and reminders; and the
 * reminder job, a round added to the background job queue every `reminderIntervalMs` when a
 * reminder is due (0: off on this instance), stopped before the app closes.
 */
export const messagesModule = portalModule({
  name: 'messages',
  tag: 'messages',
  create: (app) => {
    subscribeMessageProducers(app.sideEffects, Date.now);
    return new MessageService(app.database.db);
  },
  routes(api, messages, app) {
    // Each reminder sent as a message is pushed to the learner's devices too (issue 32); a
    // failed push leaves the message, the fallback.
    const job = new ReminderJob(app.database.db, {
      onSent: (row) => {
        if (!app.hasDecorator('push')) return;
        app.push.notifyReminder(row).catch((error: unknown) => {
          app.log.warn({ err: error }, 'a reminder push failed');
        });
      },
    });
    app.decorate('reminders', job);
    const onError = (error: unknown) => app.log.error({ err: error }, 'reminder job failed');
    app.jobs.define(job.kind(onError));
    const interval = app.config.reminderIntervalMs;
    if (interval > 0) app.addHook('onReady', async () => job.start(app.jobs, interval, onError));
    // Before the app's own close stops the queue and the database.
    app.addHook('preClose', () => job.stop());

    api.get('/api/messages', {
      operationId: 'listMessages',
      summary: '我的消息',
      description: '我的消息：本人的消息与本站的通知，最新在前，标明未读（需登录），分页。',
      login: 'required',
      query: messageListQuerySchema,
      response: pageOf(messageSummarySchema),
      handle: ({ site, learner, query }) => messages.list(site.key, learner.id, query),
    });
    api.get('/api/messages/detail', {
      operationId: 'getMessage',
      summary: '消息详情',
      description: '一条消息的详情，打开即标为已读（需登录）；他人的消息视为不存在，答复 404。',
      login: 'required',
      query: messageDetailQuerySchema,
      response: messageDetailSchema,
      handle: ({ site, learner, query }) => messages.detail(site.key, learner.id, query.id),
    });
    api.get('/api/messages/unread-count', {
      operationId: 'getUnreadMessageCount',
      summary: '未读消息数',
      description: '我的未读消息数（需登录）。',
      login: 'required',
      response: messageUnreadSchema,
      handle: ({ site, learner }) => messages.unread(site.key, learner.id),
    });
    api.post('/api/messages/read-all', {
      operationId: 'markAllMessagesRead',
      summary: '消息全部已读',
      description: '将我的消息全部标为已读（需登录），答复之后的未读数。',
      login: 'required',
      limit: RateLimits.readMarks,
      response: messageUnreadSchema,
      handle: ({ site, learner }) => messages.readAll(site.key, learner.id),
    });
  },
});
