/**
 * The map on which an operator places a place: Leaflet, with the site's tiles when the portal
 * has them (`MAP_TILE_URL`, in their datum), else a plain map of the district's circle and the
 * site's published places. Loaded with the place editor only (its own chunk: Leaflet, its
 * stylesheet and gcoord); the typed coordinates are what is stored (WGS-84).
 */
import 'leaflet/dist/leaflet.css';
import type { PlaceMarkerView } from '@portal/contract';
import { SITE_DISTRICTS } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import gcoord from 'gcoord';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { get, readConfig } from '@/api/client.ts';
import './place-map.css';

type Datum = 'wgs84' | 'gcj02';
type Point = { lat: number; lng: number };

const config = readConfig();
/** The tiles of the portal's map, when it has them. */
const TILES = config?.mapTileUrl || null;
/** The datum the map draws in: the tiles' (stored places are WGS-84; without tiles, WGS-84). */
const DATUM: Datum = TILES ? (config?.mapTileDatum ?? 'gcj02') : 'wgs84';
/** Where a site without a district opens: the middle of Shanghai (人民广场). */
const SHANGHAI = { lat: 31.2304, lng: 121.4737 };

/** A stored (WGS-84) point as the map draws it. */
function toMap({ lat, lng }: Point): L.LatLngTuple {
  if (DATUM === 'wgs84') return [lat, lng];
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
  return [y, x];
}

/** A point of the map as a stored WGS-84 position, to six decimals (about 0.1 m). */
function fromMap(point: L.LatLng): Point {
  const [lng, lat] =
    DATUM === 'wgs84'
      ? [point.lng, point.lat]
      : gcoord.transform([point.lng, point.lat], gcoord.GCJ02, gcoord.WGS84);
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
}

/**
 * The map of the place being edited: a click puts the place there, its marker can be dragged;
 * the marker follows `value` (the typed coordinates) as it changes.
 */
export function PlaceMapPicker({
  siteKey,
  value,
  onPick,
  disabled = false,
}: {
  siteKey: string;
  value: Point | null;
  onPick: (point: Point) => void;
  disabled?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const others = useRef<L.LayerGroup | null>(null);
  // The latest handlers, read by Leaflet's listeners (bound once).
  const pick = useRef(onPick);
  pick.current = onPick;
  const locked = useRef(disabled);
  locked.current = disabled;
  const first = useRef(value);

  // The site's published places, to see where the new one lies among them.
  const places = useQuery({
    queryKey: ['places', 'map-markers', siteKey],
    queryFn: () => get<PlaceMarkerView>('/api/places/markers', { zoom: 18 }),
    staleTime: 60_000,
  });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const district = SITE_DISTRICTS[siteKey];
    const start = first.current ?? district?.center ?? SHANGHAI;
    const created = L.map(element, {
      center: toMap(start),
      zoom: first.current ? 15 : 13,
      minZoom: 9,
      maxZoom: 18,
      attributionControl: false,
      zoomControl: false,
    });
    L.control.zoom({ zoomInTitle: '放大', zoomOutTitle: '缩小' }).addTo(created);
    if (TILES) L.tileLayer(TILES, { maxZoom: 18 }).addTo(created);
    if (district) {
      // Where the site's places may lie: farther is refused.
      L.circle(toMap(district.center), {
        radius: district.radiusKm * 1000,
        className: 'place-picker-district',
        interactive: false,
      }).addTo(created);
    }
    others.current = L.layerGroup().addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => {
      if (!locked.current) pick.current(fromMap(event.latlng));
    });
    map.current = created;
    const resize = new ResizeObserver(() => created.invalidateSize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      created.remove();
      map.current = null;
      marker.current = null;
      others.current = null;
    };
  }, [siteKey]);

  // The marker where the coordinates say, brought into view when they move out of it.
  const lat = value?.lat ?? null;
  const lng = value?.lng ?? null;
  useEffect(() => {
    const shown = map.current;
    if (!shown) return;
    if (lat === null || lng === null) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at = toMap({ lat, lng });
    if (marker.current) {
      marker.current.setLatLng(at);
    } else {
      const placed = L.marker(at, {
        draggable: !locked.current,
        keyboard: false,
        title: '场所位置（可拖动）',
        icon: L.divIcon({
          className: 'place-picker-marker',
          html: '<span aria-hidden="true"></span>',
          iconSize: [24, 24],
          iconAnchor: [12, 12],
        }),
      }).addTo(shown);
      placed.on('dragend', () => pick.current(fromMap(placed.getLatLng())));
      marker.current = placed;
    }
    if (!shown.getBounds().contains(at)) shown.panTo(at);
  }, [lat, lng]);

  // A marker made later takes `locked` as it is then.
  useEffect(() => {
    const dragging = marker.current?.dragging;
    if (disabled) dragging?.disable();
    else dragging?.enable();
  }, [disabled]);

  useEffect(() => {
    const layer = others.current;
    if (!layer || !places.data) return;
    // A new place opens on the site's places (until it is placed itself).
    const bounds = places.data.bounds;
    if (bounds && !marker.current && !first.current) {
      const corners = [
        toMap({ lat: bounds.south, lng: bounds.west }),
        toMap({ lat: bounds.north, lng: bounds.east }),
      ];
      map.current?.fitBounds(corners, { padding: [16, 16], animate: false });
    }
    layer.clearLayers();
    for (const place of places.data.places) {
      L.circleMarker(toMap(place), {
        radius: 5,
        className: 'place-picker-other',
        bubblingMouseEvents: true,
      })
        .bindTooltip(place.name, { direction: 'top' })
        .addTo(layer);
    }
    for (const cluster of places.data.clusters) {
      L.circleMarker(toMap(cluster), { radius: 8, className: 'place-picker-other' })
        .bindTooltip(`${cluster.count} 个场所`, { direction: 'top' })
        .addTo(layer);
    }
  }, [places.data]);

  return (
    <div
      ref={box}
      className="place-picker-map"
      data-testid="place-map"
      data-tiles={TILES ? 'yes' : 'no'}
      aria-label="地图：点击地图放置场所，或拖动标记调整位置"
      role="application"
    />
  );
}
