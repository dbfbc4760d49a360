import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import { useEffect, useRef } from 'react';
import { siteConfig } from '@/platform/site-config.ts';

/**
 * Leaflet's stylesheet, added to the page with the map's chunk: the app builds one stylesheet
 * for every page (`cssCodeSplit: false`), which would put it on the first load of home.
 */
function addLeafletStyles() {
  if (document.getElementById('leaflet-styles')) return;
  const style = document.createElement('style');
  style.id = 'leaflet-styles';
  style.textContent = leafletCss;
  // First in the head, so the app's own rules (the route's markers) come after it.
  document.head.prepend(style);
}

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
 * route still shows on a plain background (the stop list under the map is the accessible way,
 * so the map itself is hidden from screen readers and takes no focus).
 * The one place the walks touch Leaflet: it moves onto the shared base map (`ui/map`) later.
 */
export function WalkMap({ stops }: { stops: readonly MapStop[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || stops.length === 0) return;
    addLeafletStyles();
    const map = L.map(element, {
      attributionControl: false,
      // Pinch and drag move the map; the ordered stop list under it is the keyboard's way.
      zoomControl: false,
      keyboard: false,
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
          // The number is drawn by CSS from the attribute: the list under the map reads it out.
          html: `<span data-n="${stop.position}"></span>`,
          iconSize: [34, 34],
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
    // Hidden from screen readers: the ordered stop list under the map says the same.
    <div ref={ref} className="walk-map" aria-hidden="true" />
  );
}
