import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { siteConfig } from '@/platform/site-config.ts';

/** A stop as the map draws it. */
export interface MapStop {
  position: number;
  name: string;
  lat: number;
  lng: number;
  checked: boolean;
}

/**
 * A walk's route on a Leaflet map: the ordered stops joined by a line, each a numbered marker
 * (green once checked in). Tiles only when the site configures `mapTileUrl`; without them the
 * route still shows on a plain background (the stop list under the map is the accessible way).
 * The one place the walks touch Leaflet: it moves onto the shared base map (`ui/map`) later.
 */
export function WalkMap({ stops }: { stops: readonly MapStop[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || stops.length === 0) return;
    const map = L.map(element, {
      attributionControl: false,
      scrollWheelZoom: false,
      zoomSnap: 0.25,
    });
    if (siteConfig.mapTileUrl) L.tileLayer(siteConfig.mapTileUrl, { maxZoom: 19 }).addTo(map);
    const points = stops.map((stop) => L.latLng(stop.lat, stop.lng));
    L.polyline(points, { color: '#1664ff', weight: 5, opacity: 0.85 }).addTo(map);
    for (const stop of stops) {
      L.marker([stop.lat, stop.lng], {
        icon: L.divIcon({
          className: stop.checked ? 'walk-marker done' : 'walk-marker',
          html: `<span>${stop.position}</span>`,
          iconSize: [30, 30],
        }),
        title: `${stop.position}. ${stop.name}`,
        keyboard: false,
      }).addTo(map);
    }
    map.fitBounds(L.latLngBounds(points), { padding: [28, 28] });
    return () => {
      map.remove();
    };
  }, [stops]);
  return (
    <div
      ref={ref}
      className="walk-map"
      role="img"
      aria-label={`路线地图：${stops.map((stop) => `${stop.position}. ${stop.name}`).join('，')}`}
    />
  );
}
