import type { PlaceCategory } from '@portal/contract';
import { PLACE_CATEGORY_NAMES } from '@portal/contract/constants';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import { useBaseMap } from '@/ui/map/base-map.tsx';
import { streetLabels } from '@/ui/map/labels.ts';
import type { Position } from '../api/get-places.ts';

/** A place as the map marks it. */
export interface MarkedPlace {
  id: number;
  category: PlaceCategory;
  name: string;
  street: string;
  lat: number;
  lng: number;
}

const MAP_STATES = {
  loading: '地图加载中…',
  failed: '地图没有加载出来，可以在下面的列表中查看全部地点。',
} as const;

/**
 * The learning map: the places as clustered markers (coloured by category; a tap opens a card
 * with 查看详情), the streets named, and the learner when located. The list beside it is the way
 * in without the map.
 */
export function PlaceMap({
  places,
  me = null,
  onOpen,
  label,
}: {
  places: readonly MarkedPlace[];
  me?: Position | null;
  onOpen: (place: MarkedPlace) => void;
  label: string;
}) {
  const container = useRef<HTMLElement>(null);
  const state = useBaseMap(container);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const fitted = useRef(false);

  const base = state.map;
  useEffect(() => {
    if (!base) return;
    const { L, map, toMap } = base;
    const cluster = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 48,
      spiderfyOnMaxZoom: true,
    });
    for (const place of places) {
      const marker = L.marker(toMap(place.lat, place.lng), {
        title: place.name,
        alt: place.name,
        icon: L.divIcon({
          className: `place-marker ${place.category}`,
          html: `<span>${PLACE_CATEGORY_NAMES[place.category].slice(0, 1)}</span>`,
          iconSize: [30, 30],
          iconAnchor: [15, 15],
        }),
      });
      marker.bindPopup(() => popupOf(place, () => openRef.current(place)), {
        closeButton: false,
      });
      cluster.addLayer(marker);
    }
    map.addLayer(cluster);
    base.setLabels(streetLabels(places));
    let meMarker: Leaflet.Layer | null = null;
    if (me) {
      meMarker = L.circleMarker(toMap(me.lat, me.lng), {
        radius: 9,
        className: 'map-me',
      })
        .bindTooltip('我的位置', { permanent: true, direction: 'top', className: 'map-me-label' })
        .addTo(map);
    }
    // Fitted once, to the first places drawn (and the learner): later filters keep the view.
    if (places.length > 0 && !fitted.current) {
      fitted.current = true;
      const points = places.map((place) => toMap(place.lat, place.lng));
      if (me) points.push(toMap(me.lat, me.lng));
      map.invalidateSize();
      map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 16 });
    }
    return () => {
      map.removeLayer(cluster);
      meMarker?.remove();
    };
  }, [base, places, me]);

  return (
    <div className="place-map-frame">
      <section
        ref={container}
        className="base-map place-map"
        aria-label={label}
        data-outlines={state.status === 'ready' ? state.outlines : state.status}
      />
      {state.status === 'ready' ? null : (
        <p className="map-state" role="status">
          {MAP_STATES[state.status]}
        </p>
      )}
    </div>
  );
}

/** The card a marker opens: the place's name, category and the way to its page. */
function popupOf(place: MarkedPlace, open: () => void): HTMLElement {
  const box = document.createElement('div');
  box.className = 'place-popup';
  const name = document.createElement('strong');
  name.textContent = place.name;
  const line = document.createElement('span');
  line.textContent = `${PLACE_CATEGORY_NAMES[place.category]} · ${place.street}`;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'link-button primary';
  button.textContent = '查看详情';
  button.addEventListener('click', open);
  box.append(name, line, button);
  return box;
}
