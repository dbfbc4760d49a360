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
      description: '站点全部地点的地图标记（坐标与类别），可按类别与搜索词筛选，不分页。',
      login: 'none',
      query: placeMarkersQuerySchema,
      response: z.array(placeMarkerSchema),
      visitorCache: { unless: (query) => Boolean(query.q) },
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
