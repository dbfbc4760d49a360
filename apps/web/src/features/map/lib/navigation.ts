/** What the phone's map app needs to take the learner to a place (WGS-84). */
export interface Destination {
  name: string;
  address: string;
  lat: number;
  lng: number;
}

/** True on an iPhone or iPad (whose browsers open Apple Maps, not `geo:` links). */
export const isApplePhone = (userAgent: string) => /iPhone|iPad|iPod/i.test(userAgent);

/**
 * The link that hands the destination to the phone's map app: Apple Maps' address on iOS, the
 * standard `geo:` URI elsewhere (Android offers the map apps installed), each with the
 * coordinates and the place's name and address as the label.
 */
export function navigationUrl(place: Destination, userAgent: string): string {
  const label = `${place.name} ${place.address}`.trim();
  const at = `${place.lat.toFixed(6)},${place.lng.toFixed(6)}`;
  if (isApplePhone(userAgent)) {
    return `https://maps.apple.com/?ll=${at}&q=${encodeURIComponent(label)}`;
  }
  return `geo:${at}?q=${at}(${encodeURIComponent(label)})`;
}
