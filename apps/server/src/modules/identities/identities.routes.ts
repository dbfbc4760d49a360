import { bindIdentityBodySchema, bindingsSchema } from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { ExternalIdentityProvider } from './external-idp.ts';
import { IdentityService } from './identities.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identities: IdentityService;
  }
}

/**
 * The external identity provider (统一身份认证), when one is configured: binding the person behind
 * its ticket to the learner, unbinding, and signing in with a bound identity (the login exchange
 * hands it the tickets that are not the account center's). The bindings themselves are answered
 * by the phone binding module, after this one.
 */
export const identitiesModule = portalModule({
  name: 'identities',
  tag: 'account',
  create: (app) => {
    const idp = app.config.externalIdp;
    const service = new IdentityService(
      app.database.db,
      idp ? new ExternalIdentityProvider(idp) : null,
      app.clock,
    );
    if (idp) app.accounts.acceptExternalTickets((ticket) => service.accountOf(ticket));
    return service;
  },
  routes(api, identities, app) {
    api.post('/api/account/identity/bind', {
      operationId: 'bindIdentity',
      summary: '绑定统一身份认证',
      description:
        '用统一身份认证登录后带回的一次性票据，为当前账号绑定（或更换）外部账号（需登录）；该外部账号已绑定他人时答复 409。',
      login: 'required',
      limit: RateLimits.accountSettings,
      body: bindIdentityBodySchema,
      response: bindingsSchema,
      handle: async ({ learner, body }) => {
        await identities.bind(learner, body.ticket);
        return app.phoneBinding.bindings(learner);
      },
    });
    api.post('/api/account/identity/unbind', {
      operationId: 'unbindIdentity',
      summary: '解绑统一身份认证',
      description: '解绑统一身份认证（需登录），仅在手机号仍可登录时，以免账号无法登录。',
      login: 'required',
      limit: RateLimits.accountSettings,
      response: bindingsSchema,
      handle: async ({ learner }) => {
        await identities.unbind(learner);
        return app.phoneBinding.bindings(learner);
      },
    });
  },
});
