import { MAP_ZOOM_MAX, MAP_ZOOM_MIN } from '@portal/contract/constants';
import type * as Leaflet from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { siteConfig } from '@/platform/site-config.ts';
import { afterPaint } from '../after-paint.ts';
import { convert, type Datum, displayDatum } from './datum.ts';
import type { MapLabel } from './labels.ts';
import { loadMapKit } from './map-kit.ts';
import { HOME_DISTRICT, loadDistrictOutlines } from './outlines.ts';
import './base-map.css';

/** A ready map: Leaflet, the map, and the conversion of stored (WGS-84) points to its datum. */
export interface BaseMap {
  L: typeof Leaflet;
  map: Leaflet.Map;
  datum: Datum;
  /** A stored WGS-84 point as the map draws it. */
  toMap: (lat: number, lng: number) => Leaflet.LatLngTuple;
  /** A point of the map as a WGS-84 position (how the server stores and is asked). */
  fromMap: (point: Leaflet.LatLng) => { lat: number; lng: number };
  /** Draws `labels` (street names...) as quiet text, replacing the previous ones. */
  setLabels: (labels: readonly MapLabel[]) => void;
}

export type BaseMapState =
  | { status: 'loading'; map: null }
  | { status: 'ready'; map: BaseMap; outlines: 'loading' | 'ready' | 'failed' }
  | { status: 'failed'; map: null };

/** The zoom from which street names show. */
const LABEL_ZOOM = 14;

/** 静安区's middle (WGS-84), where a map opens before it has places to fit. */
export const DISTRICT_CENTER = { lat: 31.255, lng: 121.452 };

/**
 * The base map in `container`: Leaflet with the tiles of `MAP_TILE_URL` when configured (in
 * their datum, `MAP_TILE_DATUM`), over the district and its neighbours drawn as outlines, so
 * the map stays useful offline and when tiles fail. Leaflet loads with the first map shown.
 */
export function useBaseMap(container: RefObject<HTMLElement | null>): BaseMapState {
  const [state, setState] = useState<BaseMapState>({ status: 'loading', map: null });
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    let map: Leaflet.Map | null = null;
    let observer: ResizeObserver | null = null;
    // After the page around the map has painted: Leaflet and its friends (about 60 KB) asked
    // for with the page would be on the wire before its first paint, and delay its list and
    // text on a slow network; the map's box is drawn, empty, meanwhile.
    const cancelLoad = afterPaint(() => {
      loadMapKit().then(
        ({ L, gcoord }) => {
          const element = container.current;
          if (!live.current || !element) return;
          const datum = displayDatum(siteConfig);
          const toMap = (lat: number, lng: number): Leaflet.LatLngTuple => {
            const [x, y] = convert(gcoord, [lng, lat], 'wgs84', datum);
            return [y, x];
          };
          const fromMap = (point: Leaflet.LatLng) => {
            const [lng, lat] = convert(gcoord, [point.lng, point.lat], datum, 'wgs84');
            return { lat, lng };
          };
          const created = L.map(element, {
            center: toMap(DISTRICT_CENTER.lat, DISTRICT_CENTER.lng),
            zoom: 13,
            minZoom: MAP_ZOOM_MIN,
            maxZoom: MAP_ZOOM_MAX,
            attributionControl: false,
            // Leaflet's 30 px buttons are too small for a finger: the page draws its own.
            zoomControl: false,
            // The outlines' SVG no larger than the map: by default it reaches 10% past every edge,
            // clipped from sight but still a box over the page around the map.
            renderer: L.svg({ padding: 0 }),
          });
          map = created;
          if (siteConfig.mapTileUrl) {
            // Tiles that fail leave their squares empty: the outlines under them stay.
            L.tileLayer(siteConfig.mapTileUrl, { maxZoom: MAP_ZOOM_MAX }).addTo(created);
          }
          // Street names crowd a whole-district view: they show from this zoom on.
          const showLabels = () =>
            element.classList.toggle('map-labels-shown', created.getZoom() >= LABEL_ZOOM);
          created.on('zoomend', showLabels);
          showLabels();
          let labelLayer = L.layerGroup().addTo(created);
          const setLabels = (labels: readonly MapLabel[]) => {
            labelLayer.remove();
            labelLayer = L.layerGroup(
              labels.map((label) =>
                L.marker(toMap(label.lat, label.lng), {
                  interactive: false,
                  keyboard: false,
                  icon: textIcon(L, 'map-street-label', label.text),
                }),
              ),
            ).addTo(created);
          };
          const ready: BaseMap = { L, map: created, datum, toMap, fromMap, setLabels };
          setState({ status: 'ready', map: ready, outlines: 'loading' });
          observer = new ResizeObserver(() => created.invalidateSize());
          observer.observe(element);
          loadDistrictOutlines().then(
            (districts) => {
              if (!live.current) return;
              const outlines = L.layerGroup().addTo(created);
              for (const district of districts) {
                const home = district.name === HOME_DISTRICT;
                const rings = district.rings.map((ring) =>
                  ring.map(([lng, lat]) => {
                    const [x, y] = convert(gcoord, [lng, lat], 'gcj02', datum);
                    return [y, x] as Leaflet.LatLngTuple;
                  }),
                );
                L.polygon(rings, {
                  className: home ? 'map-district home' : 'map-district',
                  interactive: false,
                }).addTo(outlines);
                if (district.center && !home) {
                  const [x, y] = convert(gcoord, district.center, 'gcj02', datum);
                  L.marker([y, x], {
                    interactive: false,
                    keyboard: false,
                    icon: textIcon(L, 'map-district-label', district.name),
                  }).addTo(outlines);
                }
              }
              outlines.eachLayer((layer) => {
                if (layer instanceof L.Polygon) layer.bringToBack();
              });
              setState({ status: 'ready', map: ready, outlines: 'ready' });
            },
            () => {
              if (live.current) setState({ status: 'ready', map: ready, outlines: 'failed' });
            },
          );
        },
        () => {
          if (live.current) setState({ status: 'failed', map: null });
        },
      );
    });
    return () => {
      cancelLoad();
      live.current = false;
      observer?.disconnect();
      map?.remove();
    };
  }, [container]);

  return state;
}

/**
 * A label as a marker icon: a point (no box of its own) with the text centred on it, drawn by
 * CSS from `data-text` (the map's pictures of names are not page text: the list under the map
 * says the same in the page's own type sizes).
 */
const textIcon = (L: typeof Leaflet, className: string, text: string) =>
  L.divIcon({
    className,
    html: `<span data-text="${escapeText(text)}"></span>`,
    iconSize: [0, 0],
  });

/** The side of a marker a finger taps: the portal's touch target (60 px in elder mode). */
export function markerSize(): number {
  return document.documentElement.classList.contains('elder') ? 60 : 44;
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
