/**
 * Datums of the map: places are stored in WGS-84 (GPS); Chinese tile providers and the offline
 * district outlines (from AMap data) use GCJ-02, whose offset from WGS-84 is a few hundred metres
 * in Shanghai. Everything is drawn in one display datum, converted with gcoord.
 */
export type Datum = 'wgs84' | 'gcj02';

/** The datum the map draws in: the tiles' when there are tiles, else the outlines' (GCJ-02). */
export function displayDatum(config: { mapTileUrl: string | null; mapTileDatum: Datum }): Datum {
  return config.mapTileUrl ? config.mapTileDatum : 'gcj02';
}

/** What the map needs of gcoord: its transform and two of its datums. */
export interface Gcoord {
  transform: (input: [number, number], from: unknown, to: unknown) => [number, number];
  WGS84: unknown;
  GCJ02: unknown;
}

/** Converts `[lng, lat]` between datums (unchanged when they are the same). */
export function convert(
  gcoord: Gcoord,
  lngLat: [number, number],
  from: Datum,
  to: Datum,
): [number, number] {
  if (from === to) return lngLat;
  const name = (datum: Datum) => (datum === 'wgs84' ? gcoord.WGS84 : gcoord.GCJ02);
  return gcoord.transform(lngLat, name(from), name(to));
}
