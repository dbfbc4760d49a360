/**
 * Leaflet and gcoord, loaded together when a map first shows (never on other pages). Markers
 * come clustered from the server (`/api/places/markers`), so no clustering code is loaded.
 */
import type * as Leaflet from 'leaflet';
import type { Gcoord } from './datum.ts';

export interface MapKit {
  L: typeof Leaflet;
  gcoord: Gcoord;
}

let loading: Promise<MapKit> | null = null;

/**
 * Links a stylesheet of the map chunk (the app's one stylesheet stays free of the map's: it is
 * loaded before every first screen) and waits for it; CSP allows stylesheets from 'self'.
 */
function linkStylesheet(href: string): Promise<void> {
  const found = document.querySelector(`link[data-map-style="${href}"]`);
  if (found) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.mapStyle = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`stylesheet ${href} did not load`));
    };
    document.head.append(link);
  });
}

export function loadMapKit(): Promise<MapKit> {
  loading ??= (async () => {
    const [leaflet, gcoord] = await Promise.all([
      import('leaflet'),
      import('gcoord'),
      import('leaflet/dist/leaflet.css?url').then(({ default: url }) => linkStylesheet(url)),
    ]);
    const L = (leaflet.default ?? leaflet) as typeof Leaflet;
    return { L, gcoord: (gcoord.default ?? gcoord) as unknown as Gcoord };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
