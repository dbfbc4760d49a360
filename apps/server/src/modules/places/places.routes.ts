import {
  activitySummarySchema,
  classSummarySchema,
  courseSummarySchema,
  pageOf,
  placeDetailQuerySchema,
  placeDetailSchema,
  placeItemsQuerySchema,
  placeListQuerySchema,
  placeMarkersQuerySchema,
  placeMarkerViewSchema,
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
  create: (app) =>
    new PlaceService(app.database.db, app.database.engine, app.clock, (siteKey) =>
      app.publicCache.version(siteKey),
    ),
  routes(api, places) {
    api.get('/api/places', {
      operationId: 'listPlaces',
      summary: '地点列表',
      description: '学习地图上的地点：可按类别筛选，按名称、地址或街道搜索，分页。',
      login: 'none',
      query: placeListQuerySchema,
      response: pageOf(placeSummarySchema),
      visitorCache: {
        firstPages: 3,
        unless: (query) => Boolean(query.q) || query.lat !== undefined,
      },
      handle: ({ site, query }) => places.list(site.key, query),
    });
    api.get('/api/places/markers', {
      operationId: 'listPlaceMarkers',
      summary: '地图标记',
      description:
        '地图当前范围（西南东北四个边界，WGS-84）在某一缩放级别下的地点标记：相近的地点聚合为带数量的聚合点（点按放大到其分开的级别），其余为单个地点；不给范围时为站点全部地点。另答复筛选后的地点总数、其范围（用于初次适配视野）与各街道的中心（离线底图的街道名）。可按类别与搜索词筛选。',
      login: 'none',
      query: placeMarkersQuerySchema,
      response: placeMarkerViewSchema,
      // The first screen's answer (no view, no search) is the same for every visitor.
      visitorCache: { unless: (query) => Boolean(query.q) || query.west !== undefined },
      handle: ({ site, query }) => places.markers(site.key, query),
    });
    api.get('/api/places/near', {
      operationId: 'listNearbyPlaces',
      summary: '附近的地点',
      description: '离给定坐标最近的若干地点，由近到远，各带距离（米）。',
      login: 'none',
      query: placeNearQuerySchema,
      response: z.array(placeSummarySchema),
      handle: ({ site, query }) => places.near(site.key, query),
    });
    api.get('/api/places/detail', {
      operationId: 'getPlace',
      summary: '地点详情',
      description: '一个地点的详情：开放时间（及现在是否开放）、照片、电话、简介、所属学校与分校。',
      login: 'none',
      query: placeDetailQuerySchema,
      response: placeDetailSchema,
      visitorCache: {},
      handle: ({ site, query }) => places.detail(site.key, query.id),
    });
    api.get('/api/places/courses', {
      operationId: 'listPlaceCourses',
      summary: '地点的课程',
      description: '一个地点开设的课程，分页。',
      login: 'none',
      query: placeItemsQuerySchema,
      response: pageOf(courseSummarySchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => places.courses(site.key, query),
    });
    api.get('/api/places/activities', {
      operationId: 'listPlaceActivities',
      summary: '地点的活动',
      description: '在一个地点举办的活动，最新在前，分页。',
      login: 'none',
      query: placeItemsQuerySchema,
      response: pageOf(activitySummarySchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => places.activities(site.key, query),
    });
    api.get('/api/places/classes', {
      operationId: 'listPlaceClasses',
      summary: '学校的班级',
      description: '一所学校（地点）开设的班级，分页。',
      login: 'none',
      query: placeItemsQuerySchema,
      response: pageOf(classSummarySchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => places.classes(site.key, query),
    });
    api.get('/api/places/projects', {
      operationId: 'listPlaceProjects',
      summary: '地点的学习项目',
      description: '一个地点的学习项目，分页。',
      login: 'none',
      query: placeItemsQuerySchema,
      response: pageOf(placeProjectSchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => places.projects(site.key, query),
    });
  },
});
