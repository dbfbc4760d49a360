import type { PlaceSummary } from '@portal/contract';
import { formatDistance } from '@portal/contract/constants';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { placeHref } from '../lib/place-route.ts';

/** A place in a list: photo, name, kind and street, address, and how far it is when known. */
export function PlaceCard({
  place,
  priority = false,
}: {
  place: PlaceSummary;
  priority?: boolean;
}) {
  return (
    <li>
      <ContentCard
        to={placeHref(place)}
        cover={place.cover}
        title={place.name}
        className="boxed place-card"
        priority={priority}
      >
        <CardLine>
          {place.kind} · {place.street}
        </CardLine>
        <CardLine>{place.address}</CardLine>
        {place.distance === null ? null : (
          <CardLine className="place-card-distance">
            <span className="text-accent">距您 {formatDistance(place.distance)}</span>
          </CardLine>
        )}
      </ContentCard>
    </li>
  );
}
