import type {
  ActivitySummary,
  ClassSummary,
  CourseSummary,
  PlaceCategory,
  PlaceDetail,
  PlaceMarkerView,
  PlaceProject,
  PlaceSummary,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { get } from '@/platform/request.ts';

// Every map query's key starts with `places`.

/** A WGS-84 position, rounded to about 10 m so a jittery fix keeps the same query. */
export interface Position {
  lat: number;
  lng: number;
}
const rounded = (position: Position | null) =>
  position ? { lat: Number(position.lat.toFixed(4)), lng: Number(position.lng.toFixed(4)) } : null;

/** `GET /api/places`: the places of a category matching `q`, nearest first with a position. */
export function placeListQueryOptions(
  category: PlaceCategory | null,
  q: string,
  position: Position | null,
) {
  const from = rounded(position);
  return pagedQueryOptions<PlaceSummary>(['places', 'list', category, q, from], '/places', {
    category: category ?? undefined,
    q: q || undefined,
    lat: from?.lat,
    lng: from?.lng,
  });
}

export const usePlaceList = (
  category: PlaceCategory | null,
  q: string,
  position: Position | null,
) => useInfiniteQuery(placeListQueryOptions(category, q, position));

/** The part of the map in view (WGS-84) and its zoom: what the markers are asked for. */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/**
 * `GET /api/places/markers`: what the map draws of the filter's places in `view` (the whole
 * site before the map has a view: the first screen's question, the same for everyone).
 */
export const placeMarkersQueryOptions = (
  category: PlaceCategory | null,
  q: string,
  view: MapView | null,
) =>
  queryOptions({
    queryKey: ['places', 'markers', category, q, view],
    queryFn: ({ signal }) =>
      get<PlaceMarkerView>(
        '/places/markers',
        { category: category ?? undefined, q: q || undefined, ...view },
        { signal },
      ),
  });

/** The markers of the view; while a new view's come, the last ones stay on the map. */
export const usePlaceMarkers = (category: PlaceCategory | null, q: string, view: MapView | null) =>
  useQuery({ ...placeMarkersQueryOptions(category, q, view), placeholderData: keepPreviousData });

/** `GET /api/places/near`: the places nearest to a position, nearest first. */
export const useNearPlaces = (position: Position | null, limit = 20) => {
  const from = rounded(position);
  return useQuery(
    queryOptions({
      queryKey: ['places', 'near', from, limit],
      queryFn: ({ signal }) =>
        get<PlaceSummary[]>('/places/near', { lat: from?.lat, lng: from?.lng, limit }, { signal }),
      enabled: from !== null,
    }),
  );
};

/** `GET /api/places/detail?id=`. */
export const placeDetailQueryOptions = (id: number) =>
  detailQueryOptions<PlaceDetail>(['places', 'detail', id], '/places/detail', { id });

/** What a place lists: its courses, activities, classes or projects. */
export interface PlaceItems {
  courses: CourseSummary;
  activities: ActivitySummary;
  classes: ClassSummary;
  projects: PlaceProject;
}

/** `GET /api/places/<kind>?id=`: one of a place's lists, paged. */
export const usePlaceItems = <K extends keyof PlaceItems>(kind: K, id: number | null) =>
  useInfiniteQuery({
    ...pagedQueryOptions<PlaceItems[K]>(['places', kind, id], `/places/${kind}`, { id: id ?? 0 }),
    enabled: id !== null,
  });
