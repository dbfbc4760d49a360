import {
  activitySummarySchema,
  classSummarySchema,
  courseSummarySchema,
  pageOf,
  placeDetailQuerySchema,
  placeDetailSchema,
  placeItemsQuerySchema,
  placeListQuerySchema,
  placeMarkerSchema,
  placeMarkersQuerySchema,
  placeNearQuerySchema,
  placeProjectSchema,
  placeSummarySchema,
} from '@portal/contract';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { PlaceService } from './places.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    places: PlaceService;
  }
}

/** The learning map (学习地图): places of the request's site; no login needed to look. */
export const placesModule = portalModule({
  name: 'places',
  tag: 'places',
  create: (app) => new PlaceService(app.database.db, app.database.engine, app.clock),
  routes(api, places) {
    api.get('/api/places', {
      summary: '地点列表：按类别筛选、按名称/地址/街道搜索（分页）',
      login: 'none',
      query: placeListQuerySchema,
      response: pageOf(placeSummarySchema),
      handle: ({ site, query }) => places.list(site.key, query),
    });
    api.get('/api/places/markers', {
      summary: '地图标记：站点全部地点（可按类别、搜索筛选）',
      login: 'none',
      query: placeMarkersQuerySchema,
      response: z.array(placeMarkerSchema),
      handle: ({ site, query }) => places.markers(site.key, query),
    });
    api.get('/api/places/near', {
      summary: '附近的地点：离某点最近的若干地点，由近到远，含距离（米）',
      login: 'none',
      query: placeNearQuerySchema,
      response: z.array(placeSummarySchema),
      handle: ({ site, query }) => places.near(site.key, query),
    });
    api.get('/api/places/detail', {
      summary: '地点详情：开放时间（是否开放中）、照片、电话、简介、所属学校与分校',
      login: 'none',
      query: placeDetailQuerySchema,
      response: placeDetailSchema,
      handle: ({ site, query }) => places.detail(site.key, query.id),
    });
    api.get('/api/places/courses', {
      summary: '地点的课程（分页）',
      login: 'none',
      query: placeItemsQuerySchema,
      response: pageOf(courseSummarySchema),
      handle: ({ site, query }) => places.courses(site.key, query),
    });
    api.get('/api/places/activities', {
      summary: '地点的活动（分页，最新在前）',
      login: 'none',
      query: placeItemsQuerySchema,
      response: pageOf(activitySummarySchema),
      handle: ({ site, query }) => places.activities(site.key, query),
    });
    api.get('/api/places/classes', {
      summary: '学校的班级（分页）',
      login: 'none',
      query: placeItemsQuerySchema,
      response: pageOf(classSummarySchema),
      handle: ({ site, query }) => places.classes(site.key, query),
    });
    api.get('/api/places/projects', {
      summary: '地点的学习项目（分页）',
      login: 'none',
      query: placeItemsQuerySchema,
      response: pageOf(placeProjectSchema),
      handle: ({ site, query }) => places.projects(site.key, query),
    });
  },
});
