import type { PlaceCategory } from '@portal/contract';
import { href, type PathName } from '@/platform/paths.ts';

/**
 * The page a place opens at, by its category: a learning point at /mapDetailsPlace, a school at
 * /mapDetailsSchool, an experience base at its own page (/Tiyan?id=), a walk stop at the
 * general /mapDetails.
 */
export function placeRoute(category: PlaceCategory): PathName {
  switch (category) {
    case 'point':
      return 'mapPlace';
    case 'school':
      return 'mapSchool';
    case 'base':
      return 'experienceBases';
    case 'walk':
      return 'mapDetail';
  }
}

export const placeHref = (place: { id: number; category: PlaceCategory }) =>
  href(placeRoute(place.category), { id: place.id });
