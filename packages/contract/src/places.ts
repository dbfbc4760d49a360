import { z } from 'zod';
import { classSummarySchema } from './classes.ts';
import { pageQuery } from './envelope.ts';
import { PLACE_CATEGORIES } from './geo.ts';
import { idQuery, pagedIdQuery, placeLocationShape } from './parts.ts';
import {
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  PLACE_QUERY_MAX,
  PLACES_NEAR_MAX,
  PROJECT_STATUSES,
} from './place-values.ts';

export const placeCategorySchema = z.enum(PLACE_CATEGORIES);

/** A coordinate in a query string: a number in range; an empty value is no number. */
const degrees = (limit: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().min(-limit).max(limit),
  );

/**
 * `GET /api/places`: one page of the site's places, of one category, matching `q`; with the
 * learner's position (`lat` and `lng`, both or neither) nearest first, with distances.
 */
export const placeListQuerySchema = pageQuery.extend({
  category: placeCategorySchema.optional(),
  q: z.string().trim().max(PLACE_QUERY_MAX).optional(),
  lat: degrees(90).optional(),
  lng: degrees(180).optional(),
});
export type PlaceListQuery = z.infer<typeof placeListQuerySchema>;

/** `GET /api/places/near`: the `limit` places nearest to (`lat`, `lng`), nearest first. */
export const placeNearQuerySchema = z.object({
  lat: degrees(90),
  lng: degrees(180),
  category: placeCategorySchema.optional(),
  limit: z.coerce.number().int().min(1).max(PLACES_NEAR_MAX).default(20),
});
export type PlaceNearQuery = z.infer<typeof placeNearQuerySchema>;

/** A place of the map in a list: where it is and what it is. */
export const placeSummarySchema = z.object({
  id: z.number().int(),
  category: placeCategorySchema,
  /** e.g. 社区学校, 老年大学分校, 学习点. */
  kind: z.string(),
  ...placeLocationShape(),
  cover: z.string().nullable(),
  /** Metres from the point asked about (near queries), else null. */
  distance: z.number().nullable(),
});
export type PlaceSummary = z.infer<typeof placeSummarySchema>;

/**
 * `GET /api/places/markers?category=&q=&west=&south=&east=&north=&zoom=`: the list's filters,
 * and the part of the map in view (WGS-84 bounds, all four or none) at its zoom; without bounds,
 * the whole site at the zoom given (the first screen, before the map is fitted).
 */
export const placeMarkersQuerySchema = placeListQuerySchema
  .pick({ category: true, q: true })
  .extend({
    west: degrees(180).optional(),
    south: degrees(90).optional(),
    east: degrees(180).optional(),
    north: degrees(90).optional(),
    zoom: z.coerce.number().int().min(MAP_ZOOM_MIN).max(MAP_ZOOM_MAX).default(12),
  });
export type PlaceMarkersQuery = z.infer<typeof placeMarkersQuerySchema>;

/** A place as the map marks it. */
export const placeMarkerSchema = placeSummarySchema.pick({
  id: true,
  category: true,
  name: true,
  street: true,
  lat: true,
  lng: true,
});
export type PlaceMarker = z.infer<typeof placeMarkerSchema>;

/** Places close together on the map at its zoom, drawn as one marker with their count. */
export const placeClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  /** The zoom at which the cluster parts (a tap zooms there). */
  zoom: z.number().int(),
});
export type PlaceCluster = z.infer<typeof placeClusterSchema>;

/** A rectangle of the map in WGS-84 degrees. */
export const mapBoundsSchema = z.object({
  west: z.number(),
  south: z.number(),
  east: z.number(),
  north: z.number(),
});
export type MapBounds = z.infer<typeof mapBoundsSchema>;

/**
 * `GET /api/places/markers`: what the map draws of the filter's places in its view: clusters
 * and single places; how many places the filter has in all and their bounds (to fit the map
 * to, null when none); and the middle of each street they are in (the offline map's labels).
 */
export const placeMarkerViewSchema = z.object({
  total: z.number().int(),
  bounds: mapBoundsSchema.nullable(),
  clusters: z.array(placeClusterSchema),
  places: z.array(placeMarkerSchema),
  streets: z.array(z.object({ text: z.string(), lat: z.number(), lng: z.number() })),
});
export type PlaceMarkerView = z.infer<typeof placeMarkerViewSchema>;

export const openingRuleSchema = z.object({
  days: z.array(z.number().int().min(1).max(7)),
  open: z.string(),
  close: z.string(),
});

/** `GET /api/places/detail?id=`: a place with its hours, photos and what happens there. */
export const placeDetailSchema = placeSummarySchema.extend({
  phone: z.string(),
  hours: z.array(openingRuleSchema),
  /** Whether it is open at the time of the answer (Asia/Shanghai). */
  openNow: z.boolean(),
  /** Sanitized HTML. */
  intro: z.string(),
  photos: z.array(z.string()),
  /** The school a branch belongs to. */
  parent: placeSummarySchema.nullable(),
  /** A school's branches. */
  branches: z.array(placeSummarySchema),
  courseCount: z.number().int(),
  activityCount: z.number().int(),
  projectCount: z.number().int(),
  /** A school's classes (the first few; all of them at `/api/places/classes`). */
  classes: z.array(classSummarySchema),
  classCount: z.number().int(),
});
export type PlaceDetail = z.infer<typeof placeDetailSchema>;

/** `?id=` of a place, with a page: its courses, activities, projects or classes. */
export const placeItemsQuerySchema = pagedIdQuery();
export type PlaceItemsQuery = z.infer<typeof placeItemsQuerySchema>;

/** A learning project (学习项目) of a place. */
export const placeProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitized HTML. */
  intro: z.string(),
  cover: z.string().nullable(),
  /** e.g. 2026年3月-6月. */
  period: z.string(),
  status: z.enum(PROJECT_STATUSES),
});
export type PlaceProject = z.infer<typeof placeProjectSchema>;

/** `GET /api/places/detail?id=`. */
export const placeDetailQuerySchema = idQuery();
