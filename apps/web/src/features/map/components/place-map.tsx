import type { MapBounds, PlaceCategory, PlaceCluster } from '@portal/contract';
import { PLACE_CATEGORY_NAMES } from '@portal/contract/constants';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import { markerSize, useBaseMap } from '@/ui/map/base-map.tsx';
import { type MapLabel, streetLabels } from '@/ui/map/labels.ts';
import type { MapView, Position } from '../api/get-places.ts';

/** A place as the map marks it. */
export interface MarkedPlace {
  id: number;
  category: PlaceCategory;
  name: string;
  street: string;
  lat: number;
  lng: number;
}

/** A marker icon with an accessible name (a cluster's count, which its picture only shows). */
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

/** What the map marks: clusters (counted places close together) and single places. */
export interface MapMarkers {
  clusters: readonly PlaceCluster[];
  places: readonly MarkedPlace[];
}

/** Nothing on the map yet (one constant, so the map's effects see no change). */
export const NO_MARKERS: MapMarkers = { clusters: [], places: [] };

/** How much of the view's size is added around it when asking for markers (a little panning). */
const VIEW_MARGIN = 0.25;
/** Positions in views asked for, rounded to about 10 m: a nudge keeps the same question. */
const round = (degrees: number) => Math.round(degrees * 10_000) / 10_000;

/**
 * The learning map: the places as markers (coloured by category; a tap opens a card with 查看详情)
 * and clusters of places close together (with their count; a tap zooms in until they part),
 * the streets named, and the learner when located. The map is fitted once to `fit` (and the
 * learner), and tells `onView` each view it moves to, for the markers of that
 * view. The list beside it is the way in without the map.
 */
export function PlaceMap({
  markers,
  fit,
  streets,
  me = null,
  onOpen,
  onView,
  label,
}: {
  markers: MapMarkers;
  /** Where the map is fitted first, with the learner (null: not yet known). */
  fit: MapBounds | null;
  /** The street names drawn (default: the streets of the places marked). */
  streets?: readonly MapLabel[];
  me?: Position | null;
  onOpen: (place: MarkedPlace) => void;
  onView?: (view: MapView) => void;
  label: string;
}) {
  const container = useRef<HTMLElement>(null);
  const state = useBaseMap(container);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const viewRef = useRef(onView);
  viewRef.current = onView;
  const fitted = useRef(false);
  const view = useRef<{ center: Leaflet.LatLng; zoom: number; restored: boolean } | null>(null);

  const base = state.map;
  // Each view the map moves to is told; a map made again (a kept-alive page shown again) opens
  // where the learner left it.
  useEffect(() => {
    if (!base) return;
    const { map, fromMap } = base;
    const remember = () => {
      view.current = { center: map.getCenter(), zoom: map.getZoom(), restored: true };
      const bounds = map.getBounds();
      const southWest = fromMap(bounds.getSouthWest());
      const northEast = fromMap(bounds.getNorthEast());
      const width = (northEast.lng - southWest.lng) * VIEW_MARGIN;
      const height = (northEast.lat - southWest.lat) * VIEW_MARGIN;
      viewRef.current?.({
        west: round(southWest.lng - width),
        south: round(southWest.lat - height),
        east: round(northEast.lng + width),
        north: round(northEast.lat + height),
        zoom: map.getZoom(),
      });
    };
    map.on('moveend', remember);
    if (view.current && !view.current.restored) {
      map.setView(view.current.center, view.current.zoom, { animate: false });
    }
    return () => {
      map.off('moveend', remember);
      // The next map (if this one is removed) starts from the view kept here.
      if (view.current) view.current.restored = false;
    };
  }, [base]);

  // Fitted once, to the first bounds (and the learner): later filters keep the view.
  useEffect(() => {
    if (!base || fitted.current || !fit) return;
    fitted.current = true;
    const { L, map, toMap } = base;
    const points = [toMap(fit.south, fit.west), toMap(fit.north, fit.east)];
    if (me) points.push(toMap(me.lat, me.lng));
    map.invalidateSize();
    map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 16, animate: false });
  }, [base, fit, me]);

  // The markers of the view.
  useEffect(() => {
    if (!base) return;
    const { L, map, toMap } = base;
    const size = markerSize();
    const layer = L.layerGroup();
    for (const cluster of markers.clusters) {
      const at = toMap(cluster.lat, cluster.lng);
      L.marker(at, {
        title: `${cluster.count}个地点`,
        icon: labelledIcon(L, `${cluster.count}个地点，点按放大`, {
          className: 'place-cluster',
          html: `<span data-count="${cluster.count}"></span>`,
          iconSize: [size, size],
        }),
      })
        .on('click', () => map.setView(at, cluster.zoom))
        .addTo(layer);
    }
    for (const place of markers.places) {
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
      marker.addTo(layer);
    }
    layer.addTo(map);
    base.setLabels(streets ?? streetLabels(markers.places));
    return () => {
      layer.remove();
    };
  }, [base, markers, streets]);

  // The learner.
  useEffect(() => {
    if (!base || !me) return;
    const { L, map, toMap } = base;
    const meMarker = L.marker(toMap(me.lat, me.lng), {
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
    return () => {
      meMarker.remove();
    };
  }, [base, me]);

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
