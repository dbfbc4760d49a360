import {
  pushKeySchema,
  pushStateSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { PushService } from './push.service.ts';
import { vapidKeys } from './push-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/**
 * Reminders that reach a closed portal (Web Push, issue 32): the server's public key, and a
 * learner's subscription on this device, made after they reserve or sign up and removed at
 * logout. The reminder job pushes each reminder it sends as a message (messages module).
 */
export const pushModule = portalModule({
  name: 'push',
  tag: 'push',
  create: (app) =>
    new PushService(app.database.db, vapidKeys(app.config), app.config.pushHosts, (error) =>
      app.log.warn({ err: error }, 'a reminder push failed'),
    ),
  routes(api, push) {
    api.get('/api/push/key', {
      operationId: 'getPushKey',
      summary: '推送公钥',
      description: '服务器的推送公钥（VAPID），浏览器订阅提醒推送时使用。',
      login: 'none',
      response: pushKeySchema,
      handle: () => push.key(),
    });
    api.post('/api/push/subscribe', {
      operationId: 'subscribePush',
      summary: '开启提醒推送',
      description:
        '在本设备开启提醒推送（需登录）：开班、活动与直播的提醒在门户关闭时也能收到。每台设备一个订阅，重复订阅结果相同。',
      login: 'required',
      limit: RateLimits.push,
      body: pushSubscriptionSchema,
      response: pushStateSchema,
      handle: ({ site, learner, body, request }) => {
        const finger = request.headers['x-finger'];
        return push.subscribe(
          site.key,
          learner.id,
          body,
          typeof finger === 'string' ? finger : null,
        );
      },
    });
    api.post('/api/push/unsubscribe', {
      operationId: 'unsubscribePush',
      summary: '关闭提醒推送',
      description: '关闭本设备的提醒推送（需登录；退出登录时自动关闭）；未订阅时结果相同。',
      login: 'required',
      limit: RateLimits.push,
      body: pushUnsubscribeSchema,
      response: pushStateSchema,
      handle: ({ learner, body }) => push.unsubscribe(learner.id, body.endpoint),
    });
  },
});
