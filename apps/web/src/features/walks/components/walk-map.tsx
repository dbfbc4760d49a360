import { useEffect, useRef } from 'react';
import { useBaseMap } from '@/ui/map/base-map.tsx';

/** A stop as the map draws it. */
export interface MapStop {
  position: number;
  name: string;
  lat: number;
  lng: number;
  checked: boolean;
}

/**
 * A walk's route on the shared base map (the district's outlines, or the configured tiles in
 * their datum): the ordered stops joined by a line, each a numbered marker (green once checked
 * in). The stop list under the map is the accessible way, so the map itself is hidden from
 * screen readers and takes no focus.
 */
export function WalkMap({ stops }: { stops: readonly MapStop[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const state = useBaseMap(ref);
  const base = state.map;
  useEffect(() => {
    if (!base || stops.length === 0) return;
    const { L, map, toMap } = base;
    // Out of the tab order (Leaflet made the container focusable for its keyboard handler).
    map.keyboard.disable();
    map.getContainer().removeAttribute('tabindex');
    map.scrollWheelZoom.disable();
    const points = stops.map((stop) => toMap(stop.lat, stop.lng));
    const route = L.layerGroup().addTo(map);
    L.polyline(points, { color: '#1664ff', weight: 5, opacity: 0.85 }).addTo(route);
    stops.forEach((stop, index) => {
      L.marker(points[index] ?? toMap(stop.lat, stop.lng), {
        icon: L.divIcon({
          className: stop.checked ? 'walk-marker done' : 'walk-marker',
          // The number is drawn by CSS from the attribute: the list under the map reads it out.
          html: `<span data-n="${stop.position}"></span>`,
          iconSize: [34, 34],
        }),
        title: `${stop.position}. ${stop.name}`,
        keyboard: false,
      }).addTo(route);
    });
    map.fitBounds(L.latLngBounds(points), { padding: [28, 28] });
    return () => {
      route.remove();
    };
  }, [base, stops]);
  return (
    // Hidden from screen readers: the ordered stop list under the map says the same.
    <div ref={ref} className="base-map walk-map" aria-hidden="true" />
  );
}
