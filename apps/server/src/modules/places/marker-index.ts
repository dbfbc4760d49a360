import {
  boundsOf,
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  type MapBounds,
  type PlaceCluster,
  type PlaceMarker,
  type PlaceMarkerView,
  streetLabels,
} from '@portal/contract';
import Supercluster from 'supercluster';

/**
 * How near markers cluster, in pixels of a 512-pixel tile (supercluster's extent): 128 is 64
 * screen pixels on the map's 256-pixel tiles, a little more than the largest marker (the elder
 * mode's 60 px), so no two markers overlap.
 */
const CLUSTER_RADIUS = 128;

type MarkerProps = { place: PlaceMarker };

/** A view's edges are widened by this many degrees (about 1 m). */
const EDGE = 0.00001;

/**
 * The filter's places, indexed for the map's views: clusters at each zoom (supercluster, a
 * spatial index of the points and of the clusters at every zoom level), the places' bounds and
 * each street's middle. Made once per filter and reused for every view.
 */
export class MarkerIndex {
  private readonly index: Supercluster<MarkerProps, Record<string, never>>;
  readonly total: number;
  readonly bounds: MapBounds | null;
  readonly streets: PlaceMarkerView['streets'];

  constructor(places: readonly PlaceMarker[]) {
    this.total = places.length;
    this.index = new Supercluster<MarkerProps, Record<string, never>>({
      radius: CLUSTER_RADIUS,
      minZoom: MAP_ZOOM_MIN,
      // From the last zoom on, every place is its own marker.
      maxZoom: MAP_ZOOM_MAX - 1,
      // Two places at the same spot stay one cluster until the last zoom, then part.
      minPoints: 2,
    });
    this.index.load(
      places.map((place) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [place.lng, place.lat] },
        properties: { place },
      })),
    );
    this.bounds = boundsOf(places);
    this.streets = streetLabels(places);
  }

  private readonly expansionZooms = new Map<number, number>();

  /** The zoom at which cluster `id` parts (at most the map's last), found once per cluster. */
  private expansionZoom(id: number): number {
    const known = this.expansionZooms.get(id);
    if (known !== undefined) return known;
    const zoom = Math.min(MAP_ZOOM_MAX, this.index.getClusterExpansionZoom(id));
    this.expansionZooms.set(id, zoom);
    return zoom;
  }

  /** What the map draws of the view `bounds` (the whole site when null) at `zoom`. */
  view(bounds: MapBounds | null, zoom: number): PlaceMarkerView {
    const box = bounds ?? this.bounds;
    const clusters: PlaceCluster[] = [];
    const places: PlaceMarker[] = [];
    if (box) {
      // The index keeps 32-bit coordinates (about a metre): a place on an edge stays in.
      const features = this.index.getClusters(
        [box.west - EDGE, box.south - EDGE, box.east + EDGE, box.north + EDGE],
        zoom,
      );
      for (const feature of features) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          clusters.push({
            // A cluster's middle, to about 0.1 m (the places' own precision), in fewer bytes.
            lat: Math.round(lat * 1e6) / 1e6,
            lng: Math.round(lng * 1e6) / 1e6,
            count: props.point_count,
            zoom: this.expansionZoom(props.cluster_id),
          });
        } else {
          places.push((props as MarkerProps).place);
        }
      }
    }
    return { total: this.total, bounds: this.bounds, clusters, places, streets: this.streets };
  }
}

/** How long an index serves before it is made again from the database (places change rarely). */
const INDEX_LIFE_MS = 60_000;
/** The most filters kept at once (each category, and recent searches). */
const INDEXES_KEPT = 64;

/**
 * The indexes (the map's, the near queries') of the filters asked about lately, each made once
 * at a time and kept for {@link INDEX_LIFE_MS}; the oldest goes when more than
 * {@link INDEXES_KEPT} are kept.
 */
export class KeptIndexes<T> {
  private readonly kept = new Map<string, { at: number; index: Promise<T> }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const found = this.kept.get(key);
    if (found && this.now() - found.at < INDEX_LIFE_MS) return found.index;
    const index = make();
    this.kept.delete(key);
    this.kept.set(key, { at: this.now(), index });
    // A failed read is not kept.
    index.catch(() => {
      if (this.kept.get(key)?.index === index) this.kept.delete(key);
    });
    while (this.kept.size > INDEXES_KEPT) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
    return index;
  }
}
