/** A point as the browser's GPS reports it (WGS-84). */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Why no position came: the browser has no geolocation, the learner refused, or no fix came. */
export type LocateFailureReason = 'unsupported' | 'denied' | 'unavailable';

/** A position that could not be had, with the reason a page turns into words for the learner. */
export class LocateFailure extends Error {
  constructor(readonly reason: LocateFailureReason) {
    super(`geolocation ${reason}`);
  }
}

/**
 * The learner's position from the browser (the browser asks the learner the first time).
 * `precise` asks for GPS accuracy and a fresh fix (a walk check-in); otherwise a fix up to a
 * minute old and network accuracy will do (sorting places by distance).
 */
export function locate({ precise = false } = {}): Promise<GeoPoint> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocateFailure('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (fix) => resolve({ lat: fix.coords.latitude, lng: fix.coords.longitude }),
      (error) =>
        reject(
          new LocateFailure(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
        ),
      precise
        ? { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 }
        : { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
