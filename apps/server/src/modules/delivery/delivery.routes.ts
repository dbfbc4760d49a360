import {
  createDeliveryRequestBodySchema,
  deliveryDecideBodySchema,
  deliveryMyRequestsQuerySchema,
  deliveryRequestCardSchema,
  deliveryRequestDetailQuerySchema,
  deliveryRequestDetailSchema,
  deliveryRequestIdBodySchema,
  deliveryResourceCardSchema,
  deliveryResourceDetailQuerySchema,
  deliveryResourceDetailSchema,
  deliveryResourceListQuerySchema,
  deliveryRoleSchema,
  deliveryStaffQuerySchema,
  pageOf,
  rateDeliveryBodySchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { DeliveryService } from './delivery.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryService;
  }
}

/** Resource delivery (资源配送): the catalogue is public; requests and handling need login. */
export const deliveryModule = portalModule({
  name: 'delivery',
  tag: 'delivery',
  create: (app) => new DeliveryService(app.database.db, app.clock),
  routes(api, delivery) {
    api.get('/api/delivery/resources', {
      operationId: 'listDeliveryResources',
      summary: '配送资源目录',
      description: '可申请配送的资源：讲师、送课、活动套件、展览，可按类型筛选，分页。',
      login: 'none',
      query: deliveryResourceListQuerySchema,
      response: pageOf(deliveryResourceCardSchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => delivery.list(site.key, query),
    });
    api.get('/api/delivery/resources/detail', {
      operationId: 'getDeliveryResource',
      summary: '配送资源详情',
      description: '一项配送资源的详情：人数范围、场地和设备要求、提前预约天数。',
      login: 'none',
      query: deliveryResourceDetailQuerySchema,
      response: deliveryResourceDetailSchema,
      visitorCache: {},
      handle: ({ site, query }) => delivery.detail(site.key, query.id),
    });
    api.post('/api/delivery/requests', {
      operationId: 'requestDelivery',
      summary: '申请配送',
      description: '申请配送一项资源（需登录）：日期须满足提前预约天数，人数在资源的范围内。',
      login: 'required',
      limit: RateLimits.deliveryRequest,
      body: createDeliveryRequestBodySchema,
      response: deliveryRequestDetailSchema,
      handle: ({ site, learner, body }) => delivery.request(site.key, learner.id, body),
    });
    api.get('/api/delivery/requests/mine', {
      operationId: 'listMyDeliveryRequests',
      summary: '我的配送申请',
      description: '我的配送申请，最新的在前（需登录），分页。',
      login: 'required',
      query: deliveryMyRequestsQuerySchema,
      response: pageOf(deliveryRequestCardSchema),
      handle: ({ site, learner, query }) => delivery.mine(site.key, learner.id, query),
    });
    api.get('/api/delivery/requests/detail', {
      operationId: 'getDeliveryRequest',
      summary: '配送申请详情',
      description: '一条配送申请的详情与处理记录（申请人或本站配送专员）。',
      login: 'required',
      query: deliveryRequestDetailQuerySchema,
      response: deliveryRequestDetailSchema,
      handle: ({ site, learner, query }) => delivery.requestDetail(site.key, learner.id, query.id),
    });
    api.post('/api/delivery/requests/withdraw', {
      operationId: 'withdrawDeliveryRequest',
      summary: '撤回配送申请',
      description: '撤回我的配送申请（申请人），仅在排期之前。',
      login: 'required',
      limit: RateLimits.deliveryActions,
      body: deliveryRequestIdBodySchema,
      response: deliveryRequestDetailSchema,
      handle: ({ site, learner, body }) => delivery.withdraw(site.key, learner.id, body.requestId),
    });
    api.post('/api/delivery/requests/rate', {
      operationId: 'rateDelivery',
      summary: '评价配送',
      description: '评价已完成的配送（申请人）：1 到 5 星，每条申请仅一次。',
      login: 'required',
      limit: RateLimits.deliveryActions,
      body: rateDeliveryBodySchema,
      response: deliveryRequestDetailSchema,
      handle: ({ site, learner, body }) => delivery.rate(site.key, learner.id, body),
    });
    api.get('/api/delivery/staff/role', {
      operationId: 'getDeliveryStaffRole',
      summary: '是否为配送专员',
      description: '我是否为本站的配送专员（需登录）。',
      login: 'required',
      response: deliveryRoleSchema,
      handle: ({ site, learner }) => delivery.role(site.key, learner.id),
    });
    api.get('/api/delivery/staff/requests', {
      operationId: 'listDeliveryStaffRequests',
      summary: '待处理的配送申请',
      description: '本站的配送申请，按状态筛选，先到先处理（仅配送专员），分页。',
      login: 'required',
      query: deliveryStaffQuerySchema,
      response: pageOf(deliveryRequestCardSchema),
      handle: ({ site, learner, query }) => delivery.staffList(site.key, learner.id, query),
    });
    api.post('/api/delivery/staff/decide', {
      operationId: 'decideDeliveryRequest',
      summary: '处理配送申请',
      description:
        '受理、排期（时间和地点）、完成或拒绝（附原因）一条配送申请（仅配送专员）；不符合当前状态的操作答复 409。',
      login: 'required',
      limit: RateLimits.deliveryActions,
      body: deliveryDecideBodySchema,
      response: deliveryRequestDetailSchema,
      handle: ({ site, learner, body }) => delivery.decide(site.key, learner.id, body),
    });
  },
});
