import type {
  ActivitySummary,
  ClassSummary,
  CourseSummary,
  PlaceCategory,
  PlaceDetail,
  PlaceMarker,
  PlaceProject,
  PlaceSummary,
} from '@portal/contract';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

/** `GET /api/places/markers`: every place of the filter, as the map draws it. */
export const placeMarkersQueryOptions = (category: PlaceCategory | null, q: string) =>
  queryOptions({
    queryKey: ['places', 'markers', category, q],
    queryFn: ({ signal }) =>
      get<PlaceMarker[]>(
        '/places/markers',
        { category: category ?? undefined, q: q || undefined },
        { signal },
      ),
  });

export const usePlaceMarkers = (category: PlaceCategory | null, q: string) =>
  useQuery(placeMarkersQueryOptions(category, q));

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
