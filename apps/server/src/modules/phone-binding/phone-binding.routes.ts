import {
  bindingsSchema,
  bindPhoneBodySchema,
  sendCodeBodySchema,
  sendCodeResultSchema,
  unbindPhoneBodySchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { PhoneBindingService } from './phone-binding.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    phoneBinding: PhoneBindingService;
  }
}

/** The identities bound to the account: the phone (bind, change, unbind with a code). */
export const phoneBindingModule = portalModule({
  name: 'phoneBinding',
  tag: 'account',
  create: (app) =>
    new PhoneBindingService(
      app.database.db,
      app.rateLimiter,
      app.codeSender,
      app.identities,
      app.accounts.sessions,
      app.clock,
    ),
  routes(api, binding) {
    api.get('/api/account/bindings', {
      operationId: 'listLoginMethods',
      summary: '账号绑定',
      description: '账号绑定的登录方式：手机号（脱敏）与统一身份认证（需登录）。',
      login: 'required',
      response: bindingsSchema,
      handle: ({ learner }) => binding.bindings(learner),
    });
    api.post('/api/account/phone/code', {
      operationId: 'sendPhoneCode',
      summary: '获取手机验证码',
      description:
        '发送手机验证码（需登录）：用途为绑定时发到新手机号，解绑时发到已绑定的手机号；发送有间隔与次数限制。',
      login: 'required',
      body: sendCodeBodySchema,
      response: sendCodeResultSchema,
      handle: ({ learner, body, request }) =>
        binding.sendCode(learner, body.purpose, body.phone, request.ip),
    });
    api.post('/api/account/phone/bind', {
      operationId: 'bindPhone',
      summary: '绑定手机号',
      description: '用验证码绑定或更换手机号（需登录）；手机号即登录名，已被他人使用时答复 409。',
      login: 'required',
      limit: RateLimits.accountSettings,
      body: bindPhoneBodySchema,
      response: bindingsSchema,
      handle: ({ learner, body }) => binding.bind(learner, body.phone, body.code),
    });
    api.post('/api/account/phone/unbind', {
      operationId: 'unbindPhone',
      summary: '解绑手机号',
      description: '用验证码解绑手机号（需登录），仅在还有其他登录方式时。',
      login: 'required',
      limit: RateLimits.accountSettings,
      body: unbindPhoneBodySchema,
      response: bindingsSchema,
      handle: ({ learner, body }) => binding.unbind(learner, body.code),
    });
  },
});
