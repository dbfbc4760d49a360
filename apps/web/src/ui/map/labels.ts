/** A text drawn on the map at a point (WGS-84). */
export interface MapLabel {
  text: string;
  lat: number;
  lng: number;
}

/**
 * One label per street, at the middle of its places: the offline map names the streets the
 * learner's places are in.
 */
export function streetLabels(places: ReadonlyArray<{ street: string; lat: number; lng: number }>) {
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const place of places) {
    const sum = sums.get(place.street) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += place.lat;
    sum.lng += place.lng;
    sum.n += 1;
    sums.set(place.street, sum);
  }
  return [...sums].map(
    ([text, sum]): MapLabel => ({ text, lat: sum.lat / sum.n, lng: sum.lng / sum.n }),
  );
}
