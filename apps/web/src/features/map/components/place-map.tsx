import type { PlaceCategory } from '@portal/contract';
import { PLACE_CATEGORY_NAMES } from '@portal/contract/constants';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import { markerSize, useBaseMap } from '@/ui/map/base-map.tsx';
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

/** A marker icon with an accessible name (a cluster's count, which Leaflet does not name). */
function labelledIcon(L: typeof Leaflet, label: string, options: Leaflet.DivIconOptions) {
  const icon = L.divIcon(options);
  const create = icon.createIcon.bind(icon);
  icon.createIcon = (old) => {
    const element = create(old);
    element.setAttribute('aria-label', label);
    return element;
  };
  return icon;
}

/** The map's zoom buttons (a pinch does the same). */
const ZOOMS = [
  { text: '放大', zoom: 'zoomIn' },
  { text: '缩小', zoom: 'zoomOut' },
] as const;

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
  const view = useRef<{ center: Leaflet.LatLng; zoom: number; restored: boolean } | null>(null);

  const base = state.map;
  useEffect(() => {
    if (!base) return;
    const { L, map, toMap } = base;
    const size = markerSize();
    const cluster = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: size + 8,
      spiderfyOnMaxZoom: true,
      iconCreateFunction: (group) =>
        labelledIcon(L, `${group.getChildCount()}个地点，点按放大`, {
          className: 'place-cluster',
          html: `<span data-count="${group.getChildCount()}"></span>`,
          iconSize: [size, size],
        }),
    });
    for (const place of places) {
      const marker = L.marker(toMap(place.lat, place.lng), {
        title: place.name,
        alt: place.name,
        icon: L.divIcon({
          className: `place-marker ${place.category}`,
          html: `<span data-glyph="${PLACE_CATEGORY_NAMES[place.category].slice(0, 1)}"></span>`,
          iconSize: [size, size],
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
      meMarker = L.marker(toMap(me.lat, me.lng), {
        title: '我的位置',
        interactive: false,
        keyboard: false,
        zIndexOffset: 1000,
        icon: L.divIcon({
          className: 'map-me',
          html: '<span class="map-me-dot"></span>',
          iconSize: [22, 22],
        }),
      }).addTo(map);
    }
    // Fitted once, to the first places drawn (and the learner): later filters keep the view,
    // and a map built again (a kept-alive page shown again) opens where the learner left it.
    if (view.current && !view.current.restored) {
      view.current.restored = true;
      map.setView(view.current.center, view.current.zoom, { animate: false });
    } else if (places.length > 0 && !fitted.current) {
      fitted.current = true;
      const points = places.map((place) => toMap(place.lat, place.lng));
      if (me) points.push(toMap(me.lat, me.lng));
      map.invalidateSize();
      map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 16 });
    }
    const remember = () => {
      view.current = { center: map.getCenter(), zoom: map.getZoom(), restored: true };
    };
    map.on('moveend', remember);
    return () => {
      map.off('moveend', remember);
      map.removeLayer(cluster);
      meMarker?.remove();
      // The next map (if this one is removed) starts from the view kept here.
      if (view.current) view.current.restored = false;
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
      {base ? (
        <div className="map-zoom">
          {ZOOMS.map(({ text, zoom }) => (
            <button
              key={zoom}
              type="button"
              className="link-button"
              aria-label={`${text}地图`}
              onClick={() => base.map[zoom]()}
            >
              {text}
            </button>
          ))}
        </div>
      ) : null}
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
